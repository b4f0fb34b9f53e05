public import SignedHTTP
import RawStructuredFieldValues
import SigningCore

/// One signature a message carries: the `Signature-Input` member and the `Signature` member
/// of one label (RFC 9421 §4).
public struct HTTPReceivedSignature: Sendable, Hashable {
    /// The label, unique in the message (`sig1`).
    public let label: String
    /// The covered components and signature parameters.
    public let parameters: HTTPSignatureParameters
    /// The signature's bytes.
    public let signature: [UInt8]
}

/// The `Signature-Input` and `Signature` fields (RFC 9421 §4.1, §4.2), read and written through
/// swift-http-structured-headers.
public enum HTTPSignatureFields {
    /// `Signature-Input`.
    public static let inputName = "Signature-Input"
    /// `Signature`.
    public static let signatureName = "Signature"
    /// The most signatures a message may carry (members of each field, all its lines together):
    /// far more than any protocol uses, few enough that a hostile field costs nothing.
    public static let maximumSignatures = 64
    /// The most bytes each field may hold, all its lines together (a `Signature-Input` member
    /// is a few hundred bytes, a 16384-bit RSA signature 2.7 KB): bounds the parser's work on a
    /// hostile field (its parameter maps are searched linearly).
    public static let maximumFieldLength = 32_768

    /// Every signature in `headers`, in `Signature-Input`'s order.
    ///
    /// - Throws: ``HTTPMessageSignatureError/Code/malformedSignatureInput`` or
    ///   ``HTTPMessageSignatureError/Code/malformedSignature`` for a field that is not a
    ///   Dictionary of the right members (or has more than ``maximumSignatures``),
    ///   ``HTTPMessageSignatureError/Code/duplicateLabel`` for a label given twice,
    ///   ``HTTPMessageSignatureError/Code/labelMismatch`` for a label in one field only.
    public static func signatures(in headers: HeaderFields) throws(HTTPMessageSignatureError) -> [HTTPReceivedSignature] {
        let inputs = try members(headers.values(for: inputName), name: inputName, code: .malformedSignatureInput)
        let signatures = try members(headers.values(for: signatureName), name: signatureName, code: .malformedSignature)
        // At most `maximumSignatures` labels, unique in each field: found by looking.
        var decoded: [(label: String, bytes: [UInt8])] = []
        decoded.reserveCapacity(signatures.count)
        for (label, value) in signatures { decoded.append((label, try signatureBytes(value, label: label))) }
        if let orphan = signatures.first(where: { signature in !inputs.contains { $0.label == signature.label } }) {
            throw HTTPMessageSignatureError(code: .labelMismatch, message: "Signature has the label \(orphan.label) and Signature-Input has none; both fields must carry the same labels (RFC 9421 §4)")
        }
        var result: [HTTPReceivedSignature] = []
        result.reserveCapacity(inputs.count)
        for (label, value) in inputs {
            guard let bytes = decoded.first(where: { $0.label == label })?.bytes else {
                throw HTTPMessageSignatureError(code: .labelMismatch, message: "Signature-Input has the label \(label) and Signature has none; both fields must carry the same labels (RFC 9421 §4)")
            }
            result.append(HTTPReceivedSignature(label: label, parameters: try HTTPSignatureParameters(member: value, label: label), signature: bytes))
        }
        return result
    }

    /// The parameters of every `Signature-Input` member in `headers`, each re-serialised by
    /// swift-http-structured-headers' serialiser alone (`nil` for a member that is not an Inner
    /// List): the reference a test holds ``HTTPSignatureParameters/serialized()`` of received
    /// parameters to.
    package static func receivedParametersByLibrary(in headers: HeaderFields) throws(HTTPMessageSignatureError) -> [String?] {
        var result: [String?] = []
        for (_, value) in try members(headers.values(for: inputName), name: inputName, code: .malformedSignatureInput) {
            guard case .innerList(let list) = value else {
                result.append(nil)
                continue
            }
            result.append(try HTTPSignatureParameters.serialize(list))
        }
        return result
    }

    /// The `Signature-Input` field value `label=(…);…` for `parameters`.
    public static func inputValue(label: String, parameters: HTTPSignatureParameters) throws(HTTPMessageSignatureError) -> String {
        try inputValue(label: label, serializedParameters: parameters.serialized())
    }

    /// The `Signature-Input` field value for parameters already serialised.
    static func inputValue(label: String, serializedParameters: String) throws(HTTPMessageSignatureError) -> String {
        try checkLabel(label)
        return label + "=" + serializedParameters
    }

    /// The `Signature` field value `label=:…:` for `signature`.
    public static func signatureValue(label: String, signature: [UInt8]) throws(HTTPMessageSignatureError) -> String {
        try checkLabel(label)
        let encoded = Base64.encode(signature)
        var value = String()
        value.reserveCapacity(label.utf8.count + encoded.utf8.count + 3)
        value += label
        value += "=:"
        value += encoded
        value += ":"
        return value
    }

    /// A label must be a structured-field key: `a–z` or `*` first, then `a–z 0–9 _ - . *`.
    static func checkLabel(_ label: String) throws(HTTPMessageSignatureError) {
        let bytes = label.utf8
        let isLower = { (byte: UInt8) in (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) }
        let isRest = { (byte: UInt8) in
            isLower(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "*")
        }
        guard let first = bytes.first, isLower(first) || first == UInt8(ascii: "*"), bytes.count <= 64, bytes.dropFirst().allSatisfy(isRest) else {
            throw HTTPMessageSignatureError(code: .invalidSignatureParameters, message: "the label \"\(label.prefix(64))\" is not a structured-field key (lowercase letters, digits, _ - . *, starting with a letter; at most 64)")
        }
    }

    /// The members of every line of one field, in order, refusing a label given twice.
    private static func members(_ lines: [String], name: String, code: HTTPMessageSignatureError.Code) throws(HTTPMessageSignatureError) -> [(label: String, value: ItemOrInnerList)] {
        var result: [(label: String, value: ItemOrInnerList)] = []
        var total = 0
        let length = lines.reduce(0) { $0 + $1.utf8.count }
        guard length <= maximumFieldLength else {
            throw HTTPMessageSignatureError(code: code, message: "\(name) is \(length) bytes long; this verifier reads at most \(maximumFieldLength)")
        }
        for line in lines {
            let count = HTTPStructuredText.memberCount(line)
            total += count
            guard total <= maximumSignatures else {
                throw HTTPMessageSignatureError(code: code, message: "\(name) has more than \(maximumSignatures) members; a message carries at most \(maximumSignatures) signatures")
            }
            var parser = HTTPStructuredText.parser(line)
            let dictionary: OrderedMap<String, ItemOrInnerList>
            do {
                dictionary = try parser.parseDictionaryFieldValue()
            } catch {
                throw HTTPMessageSignatureError(code: code, message: "\(name) is not a structured-field Dictionary (\(error)) (RFC 9421 §4, RFC 8941 §3.2)", cause: error)
            }
            if dictionary.count < count, !line.utf8.allSatisfy({ $0 == 0x20 }) {
                throw HTTPMessageSignatureError(code: .duplicateLabel, message: "\(name) gives a label twice; each signature's label is unique in the message (RFC 9421 §4)")
            }
            let earlier = result.count
            for (label, value) in dictionary {
                // Labels are unique within a line (the count above); at most
                // `maximumSignatures` are looked through for one given on an earlier line.
                guard !result[..<earlier].contains(where: { $0.label == label }) else {
                    throw HTTPMessageSignatureError(code: .duplicateLabel, message: "\(name) gives the label \(label) twice (in two field lines); each signature's label is unique in the message (RFC 9421 §4)")
                }
                result.append((label, value))
            }
        }
        return result
    }

    /// A `Signature` member's bytes: a Byte Sequence (RFC 9421 §4.2).
    private static func signatureBytes(_ value: ItemOrInnerList, label: String) throws(HTTPMessageSignatureError) -> [UInt8] {
        guard case .item(let item) = value, case .undecodedByteSequence(let text) = item.rfc9651BareItem else {
            let kind = if case .item(let item) = value { HTTPStructuredText.kind(item.rfc9651BareItem) } else { "an Inner List" }
            throw HTTPMessageSignatureError(code: .malformedSignature, message: "Signature member \(label) is \(kind), not a Byte Sequence such as :c2ln…=: (RFC 9421 §4.2)")
        }
        // RFC 8941 §4.2.7: parsers should not fail when `=` padding is missing.
        let padded = text.utf8.count % 4 == 0 ? text : text + String(repeating: "=", count: 4 - text.utf8.count % 4)
        do {
            return try Base64.decode(padded)
        } catch {
            throw HTTPMessageSignatureError(code: .malformedSignature, message: "Signature member \(label) is not valid Base64 (\(error.message))", cause: error)
        }
    }
}
