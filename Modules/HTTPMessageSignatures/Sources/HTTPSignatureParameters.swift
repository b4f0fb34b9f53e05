public import Foundation
import RawStructuredFieldValues

/// What one signature covers and says about itself: the covered components and the signature
/// parameters `created`, `expires`, `nonce`, `alg`, `keyid` and `tag` (RFC 9421 §2.3) — the
/// value of `@signature-params` and of the signature's `Signature-Input` member.
///
/// A signer's parameters are serialised in the order `created`, `expires`, `keyid`, `nonce`,
/// `alg`, `tag` (the order of RFC 9421 Appendix B.2's examples); parameters read from a
/// received `Signature-Input` keep their order and any unregistered parameter, since the
/// signature base must repeat them exactly (§3.2 step 7).
public struct HTTPSignatureParameters: Sendable, Hashable {
    /// The covered components, in order (`@signature-params` itself is never among them).
    public var components: [HTTPSignatureComponent] { didSet { received = nil } }
    /// `created`: when the signature was made, in whole seconds since 1970.
    public var created: Int? { didSet { received = nil } }
    /// `expires`: when the signer stops vouching for it, in whole seconds since 1970.
    public var expires: Int? { didSet { received = nil } }
    /// `nonce`: a value used once.
    public var nonce: String? { didSet { received = nil } }
    /// `alg`: the algorithm's registered name, as sent (checked against the key, never trusted
    /// alone: RFC 9421 §7.3.6).
    public var algorithm: String? { didSet { received = nil } }
    /// `keyid`: which key signed.
    public var keyID: String? { didSet { received = nil } }
    /// `tag`: an application's tag for the signature (Web Bot Auth's `web-bot-auth`, …).
    public var tag: String? { didSet { received = nil } }

    /// The Inner List as received, re-serialised strictly (`nil` for parameters made here, or
    /// once a property was changed: then they are serialised from the properties).
    private(set) var received: String?

    /// Parameters to sign with.
    public init(
        components: [HTTPSignatureComponent], created: Int? = nil, expires: Int? = nil, nonce: String? = nil,
        algorithm: String? = nil, keyID: String? = nil, tag: String? = nil
    ) {
        self.components = components
        self.created = created
        self.expires = expires
        self.nonce = nonce
        self.algorithm = algorithm
        self.keyID = keyID
        self.tag = tag
    }

    /// `created` as a date.
    public var createdDate: Date? { created.map { Date(timeIntervalSince1970: TimeInterval($0)) } }
    /// `expires` as a date.
    public var expiresDate: Date? { expires.map { Date(timeIntervalSince1970: TimeInterval($0)) } }

    /// The value of `@signature-params` and of the `Signature-Input` member: the covered
    /// components as an Inner List of Strings with the parameters (RFC 9421 §2.3).
    ///
    /// - Throws: ``HTTPMessageSignatureError/Code/invalidSignatureParameters`` for a `nonce`,
    ///   `keyid`, `tag` or `alg` that is not printable ASCII, or a time that is not a
    ///   structured-field Integer.
    public func serialized() throws(HTTPMessageSignatureError) -> String {
        if let received { return received }
        let entries = try parameterEntries()
        if let direct = HTTPStructuredText.innerList(components: components, parameters: entries) { return direct }
        return try Self.serialize(innerList(entries))
    }

    /// ``serialized()`` by swift-http-structured-headers' serialiser alone: the reference a
    /// test holds the direct serialisation to.
    package func serializedByLibrary() throws(HTTPMessageSignatureError) -> String {
        try Self.serialize(innerList(parameterEntries()))
    }

    /// The parameters as a structured-field Inner List.
    func innerList() throws(HTTPMessageSignatureError) -> InnerList {
        try innerList(parameterEntries())
    }

    private func innerList(_ entries: [(key: String, value: RFC9651BareItem)]) -> InnerList {
        var list = BareInnerList()
        for component in components { list.append(HTTPStructuredText.item(component)) }
        var parameters = OrderedMap<String, RFC9651BareItem>()
        for (key, value) in entries { parameters[key] = value }
        return InnerList(bareInnerList: list, parameters: parameters)
    }

    /// The signature parameters set, in the order they are serialised (each key once).
    private func parameterEntries() throws(HTTPMessageSignatureError) -> [(key: String, value: RFC9651BareItem)] {
        var parameters: [(key: String, value: RFC9651BareItem)] = []
        parameters.reserveCapacity(6)
        func time(_ key: String, _ value: Int?) throws(HTTPMessageSignatureError) {
            guard let value else { return }
            guard (0...999_999_999_999_999).contains(value) else {
                throw HTTPMessageSignatureError(code: .invalidSignatureParameters, message: "\(key)=\(value) is not a structured-field Integer of at most 15 digits (RFC 8941 §3.3.1)")
            }
            parameters.append((key, .integer(Int64(value))))
        }
        func text(_ key: String, _ value: String?) throws(HTTPMessageSignatureError) {
            guard let value else { return }
            guard HTTPStructuredText.isStringable(value) else {
                throw HTTPMessageSignatureError(code: .invalidSignatureParameters, message: "\(key) holds a character that is not printable ASCII; a structured-field String cannot carry it (RFC 8941 §3.3.3)")
            }
            parameters.append((key, .string(value)))
        }
        try time("created", created)
        try time("expires", expires)
        try text("keyid", keyID)
        try text("nonce", nonce)
        try text("alg", algorithm)
        try text("tag", tag)
        return parameters
    }

    /// The strict serialisation of an Inner List with its parameters.
    static func serialize(_ list: InnerList) throws(HTTPMessageSignatureError) -> String {
        var serializer = StructuredFieldValueSerializer()
        do {
            return String(decoding: try serializer.writeListFieldValue([.innerList(list)]), as: UTF8.self)
        } catch {
            throw HTTPMessageSignatureError(code: .invalidSignatureParameters, message: "the signature parameters cannot be serialised as a structured field (\(error))", cause: error)
        }
    }

    /// Reads a `Signature-Input` member (RFC 9421 §4.1): an Inner List of component Strings,
    /// `created` and `expires` Integers, `nonce`, `alg`, `keyid` and `tag` Strings.
    init(member value: ItemOrInnerList, label: String) throws(HTTPMessageSignatureError) {
        guard case .innerList(let list) = value else {
            throw HTTPMessageSignatureError(code: .malformedSignatureInput, message: "Signature-Input member \(label) is not an Inner List of covered components such as (\"@method\" \"@path\") (RFC 9421 §4.1)")
        }
        var components: [HTTPSignatureComponent] = []
        for item in list.bareInnerList { components.append(try HTTPStructuredText.component(item)) }
        self.init(components: components)
        var entries: [(key: String, value: RFC9651BareItem)] = []
        for (key, parameter) in list.rfc9651Parameters {
            entries.append((key, parameter))
            switch key {
            case "created", "expires":
                guard case .integer(let seconds) = parameter, seconds >= 0 else {
                    throw HTTPMessageSignatureError(code: .malformedSignatureInput, message: "Signature-Input member \(label): \(key) is \(HTTPStructuredText.kind(parameter)), not a non-negative Integer of seconds (RFC 9421 §2.3)")
                }
                if key == "created" { created = Int(seconds) } else { expires = Int(seconds) }
            case "nonce", "alg", "keyid", "tag":
                guard case .string(let text) = parameter else {
                    throw HTTPMessageSignatureError(code: .malformedSignatureInput, message: "Signature-Input member \(label): \(key) is \(HTTPStructuredText.kind(parameter)), not a String (RFC 9421 §2.3)")
                }
                switch key {
                case "nonce": nonce = text
                case "alg": algorithm = text
                case "keyid": keyID = text
                default: tag = text
                }
            default:
                break
            }
        }
        // The identifiers stand for the list's Strings unless one has a parameter this package
        // does not define (kept by name only, `.other`): then the library writes the list.
        let unregistered = components.contains { $0.parameters.contains { if case .other = $0 { true } else { false } } }
        if !unregistered, let direct = HTTPStructuredText.innerList(components: components, parameters: entries) {
            received = direct
        } else {
            received = try Self.serialize(list)
        }
    }
}
