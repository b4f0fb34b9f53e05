import RawStructuredFieldValues
import SignedHTTP
import SigningCore

/// An HTTP field's component value (RFC 9421 §2.1): the field's values, each trimmed and
/// unfolded, joined by `, `; or with `sf` strictly re-serialised, with `key` one Dictionary
/// member, with `bs` each value wrapped as a Byte Sequence.
enum HTTPFieldValue {
    /// The value of the field `component` names in `headers`.
    static func value(of component: HTTPSignatureComponent, in headers: HeaderFields) throws(HTTPMessageSignatureError) -> String {
        var structured = false, byteSequence = false
        var key: String?
        for parameter in component.parameters {
            switch parameter {
            case .structured: structured = true
            case .byteSequence: byteSequence = true
            case .key(let member): key = member
            case .request: break
            default:
                throw HTTPMessageSignatureError(code: .invalidComponentParameter, message: "\(component): the parameter \(parameter.keyName) does not apply to a field (RFC 9421 §2.1)")
            }
        }
        if byteSequence, structured || key != nil {
            throw HTTPMessageSignatureError(code: .invalidComponentParameter, message: "\(component): bs cannot be combined with sf or key (RFC 9421 §2.1)")
        }
        // Nearly every covered field occurs once: its value alone, no arrays.
        var first: String?
        var others: [String] = []
        for field in headers.fields where HeaderFields.equalNames(field.name, component.name) {
            if first == nil { first = canonical(field.value) } else { others.append(canonical(field.value)) }
        }
        guard let first else {
            throw HTTPMessageSignatureError(code: .missingComponent, message: "the covered field \(component.name) is not in the message (RFC 9421 §2.5)")
        }
        if byteSequence {
            return ([first] + others).map { ":" + Base64.encode(Array($0.utf8)) + ":" }.joined(separator: ", ")
        }
        try check(first, component)
        for value in others { try check(value, component) }
        let combined = others.isEmpty ? first : ([first] + others).joined(separator: ", ")
        if let key { return try member(key, of: combined, component) }
        if structured { return try reserialized(combined, component) }
        return combined
    }

    /// The value with leading and trailing spaces and tabs removed and obsolete line folding
    /// replaced by one space (RFC 9421 §2.1, steps 2 and 3).
    static func canonical(_ value: String) -> String {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        // Nearly every value has no line break and no space at either end: it is its own form.
        if let first = value.utf8.first, let last = value.utf8.last, !isSpace(first), !isSpace(last), !value.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
            return value
        }
        var bytes = Array(value.utf8)
        var unfolded: [UInt8] = []
        unfolded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            var next = index
            if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { next = index + 1 }
            if byte == 0x0A || next > index {
                var after = next + 1
                if after < bytes.count, bytes[after] == 0x20 || bytes[after] == 0x09 {
                    while after < bytes.count, bytes[after] == 0x20 || bytes[after] == 0x09 { after += 1 }
                    // obs-fold is OWS CRLF RWS (RFC 9112 §5.2): the spaces before the line end
                    // belong to it too.
                    while let last = unfolded.last, last == 0x20 || last == 0x09 { unfolded.removeLast() }
                    unfolded.append(0x20)
                    index = after
                    continue
                }
            }
            unfolded.append(byte)
            index += 1
        }
        bytes = unfolded
        let start = bytes.firstIndex { !isSpace($0) } ?? bytes.endIndex
        let end = bytes.lastIndex { !isSpace($0) }.map { $0 + 1 } ?? start
        return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }

    /// Refuses a control character (other than a tab) or a byte that is not ASCII (obs-text):
    /// the signature base is ASCII without them (RFC 9421 §2.1, §2.5 step 4). `bs` wraps such
    /// values.
    static func check(_ value: String, _ component: HTTPSignatureComponent) throws(HTTPMessageSignatureError) {
        // Nearly every value is tabs and printable ASCII: found so in one pass.
        guard value.utf8.contains(where: { $0 >= 0x80 || $0 < 0x20 && $0 != 0x09 || $0 == 0x7F }) else { return }
        for (offset, byte) in value.utf8.enumerated() {
            if byte >= 0x80 {
                throw HTTPMessageSignatureError(code: .invalidComponentValue, message: "the field \(component.name) has the byte 0x\(String(byte, radix: 16, uppercase: true)) (obs-text) at offset \(offset); a signature base is ASCII — cover it with bs (\(component.name);bs) or send it encoded (RFC 9421 §2.1, §2.1.3)")
            }
            if byte < 0x20 && byte != 0x09 || byte == 0x7F {
                throw HTTPMessageSignatureError(code: .invalidComponentValue, message: "the field \(component.name) has the control character 0x\(String(byte, radix: 16, uppercase: true)) at offset \(offset); field values cannot carry it (RFC 9110 §5.5, RFC 9421 §2.5)")
            }
        }
    }

    /// `key`: the Dictionary member `key`'s value, strictly serialised (RFC 9421 §2.1.2).
    private static func member(_ key: String, of value: String, _ component: HTTPSignatureComponent) throws(HTTPMessageSignatureError) -> String {
        let dictionary = try parse(component) { parser in try parser.parseDictionaryFieldValue() }(value)
        guard let member = dictionary[key] else {
            throw HTTPMessageSignatureError(code: .missingComponent, message: "the Dictionary field \(component.name) has no member \"\(key.prefix(40))\" (RFC 9421 §2.1.2)")
        }
        do {
            return try HTTPStructuredText.memberValue(member)
        } catch {
            throw HTTPMessageSignatureError(code: .invalidComponentValue, message: "the member \"\(key.prefix(40))\" of \(component.name) cannot be serialised (\(error))", cause: error)
        }
    }

    /// `sf`: the field strictly re-serialised as its structured type (RFC 9421 §2.1.1): the
    /// type of a registered structured field, else the first of Dictionary, List and Item the
    /// value parses as.
    private static func reserialized(_ value: String, _ component: HTTPSignatureComponent) throws(HTTPMessageSignatureError) -> String {
        let types: [StructuredType] = StructuredType.known[component.name].map { [$0] } ?? [.dictionary, .list, .item]
        var lastError: HTTPMessageSignatureError?
        for type in types {
            do {
                var serializer = StructuredFieldValueSerializer()
                let bytes: [UInt8]
                switch type {
                case .dictionary: bytes = try serializer.writeDictionaryFieldValue(parse(component) { try $0.parseDictionaryFieldValue() }(value))
                case .list: bytes = try serializer.writeListFieldValue(parse(component) { try $0.parseListFieldValue() }(value))
                case .item: bytes = try serializer.writeItemFieldValue(parse(component) { try $0.parseItemFieldValue() }(value))
                }
                return String(decoding: bytes, as: UTF8.self)
            } catch let error as HTTPMessageSignatureError {
                lastError = error
            } catch {
                lastError = HTTPMessageSignatureError(code: .invalidComponentValue, message: "\(component.name) cannot be re-serialised (\(error))", cause: error)
            }
        }
        throw lastError ?? HTTPMessageSignatureError(code: .invalidComponentValue, message: "\(component.name) is not a structured field")
    }

    /// A parse of `value` whose failure names the field.
    private static func parse<Result>(
        _ component: HTTPSignatureComponent, _ body: @escaping (inout StructuredFieldValueParser<FieldBytes>) throws -> Result
    ) -> (String) throws(HTTPMessageSignatureError) -> Result {
        { (value: String) throws(HTTPMessageSignatureError) -> Result in
            var parser = HTTPStructuredText.parser(value)
            do {
                return try body(&parser)
            } catch {
                throw HTTPMessageSignatureError(code: .invalidComponentValue, message: "the field \(component.name) is not a valid structured field for \(component) (\(error)) (RFC 9421 §2.1.1, §2.1.2)", cause: error)
            }
        }
    }

    /// The structured types of registered fields (RFC 8941 / RFC 9651 based fields).
    enum StructuredType {
        case dictionary, list, item

        static let known: [String: StructuredType] = [
            "signature-input": .dictionary, "signature": .dictionary, "accept-signature": .dictionary,
            "content-digest": .dictionary, "repr-digest": .dictionary, "want-content-digest": .dictionary, "want-repr-digest": .dictionary,
            "priority": .dictionary, "cdn-cache-control": .dictionary, "cache-status": .list, "proxy-status": .list,
            "accept-ch": .list, "client-cert": .item, "client-cert-chain": .list, "origin-agent-cluster": .item,
            "cross-origin-embedder-policy": .item, "cross-origin-opener-policy": .item,
        ]
    }
}
