import RawStructuredFieldValues

/// The signature base (RFC 9421 §2.5): one line per covered component, `"name";params: value`,
/// then the `@signature-params` line, joined by `\n` with no final newline. Signer and
/// verifier build it alike; the verifier's goes into a mismatch's
/// ``HTTPMessageSignatureError/serverSignatureBase``.
///
/// ```swift
/// let base = try HTTPSignatureBase(parameters: parameters, message: .request(HTTPMessageRequest(request)))
/// print(base.text)
/// ```
public struct HTTPSignatureBase: Sendable, Hashable, CustomStringConvertible {
    /// The base's bytes, what a key signs.
    public let bytes: [UInt8]

    /// The base, ASCII only.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The base as text.
    public var description: String { text }

    /// The base of a signature with `parameters` over `message`.
    ///
    /// - Throws: ``HTTPMessageSignatureError`` with the code naming what cannot be built:
    ///   ``HTTPMessageSignatureError/Code/duplicateComponent`` (an identifier listed twice,
    ///   §2.5 step 2.1), ``HTTPMessageSignatureError/Code/unknownComponent``,
    ///   ``HTTPMessageSignatureError/Code/invalidComponentParameter``,
    ///   ``HTTPMessageSignatureError/Code/missingComponent``,
    ///   ``HTTPMessageSignatureError/Code/invalidComponentValue`` (§2.5 step 4: the base is
    ///   ASCII without control characters), ``HTTPMessageSignatureError/Code/invalidSignatureParameters``.
    public init(parameters: HTTPSignatureParameters, message: HTTPMessage) throws(HTTPMessageSignatureError) {
        self = try Self.build(parameters: parameters, message: message).base
    }

    /// The base, and the serialised parameters its last line ends with (which a signer also
    /// writes into its `Signature-Input` member, so they are serialised once). The components'
    /// lines are checked before the parameters, so a refusal names the first problem in the
    /// base's order.
    static func build(parameters: HTTPSignatureParameters, message: HTTPMessage) throws(HTTPMessageSignatureError) -> (base: HTTPSignatureBase, serializedParameters: String) {
        let components = parameters.components
        // A few identifiers are compared with the ones before them; a long (hostile) list
        // goes through a set.
        var seen = Set<HTTPSignatureComponent>()
        var context = HTTPComponentValue.Context()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(512)
        for (index, component) in components.enumerated() {
            let repeated = components.count > 16 ? !seen.insert(component).inserted : components[..<index].contains(component)
            guard !repeated else {
                throw HTTPMessageSignatureError(code: .duplicateComponent, message: "the covered component \(component) is listed twice; each identifier may occur once (RFC 9421 §2.5)")
            }
            let identifier = try Self.identifier(component)
            let value = try HTTPComponentValue.value(of: component, in: message, context: &context)
            bytes.append(contentsOf: identifier.utf8)
            bytes.append(contentsOf: ": ".utf8)
            bytes.append(contentsOf: value.utf8)
            bytes.append(UInt8(ascii: "\n"))
        }
        let serialized = try parameters.serialized()
        bytes.append(contentsOf: signatureParametersPrefix.utf8)
        bytes.append(contentsOf: serialized.utf8)
        return (HTTPSignatureBase(bytes: bytes), serialized)
    }

    /// What the base's last line starts with.
    private static let signatureParametersPrefix = "\"@signature-params\": "

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The base as given (for a test or a diagnosis that already has one).
    public init(text: String) {
        bytes = Array(text.utf8)
    }

    /// The identifier strictly serialised, or the refusal of a name a structured-field String
    /// cannot carry.
    static func identifier(_ component: HTTPSignatureComponent) throws(HTTPMessageSignatureError) -> String {
        guard component.name != "@signature-params" else {
            throw HTTPMessageSignatureError(code: .unknownComponent, message: "\"@signature-params\" is always the base's last line and must not be listed as covered (RFC 9421 §2.3)")
        }
        // An identifier serialises only with a printable name: no scan needed then.
        guard !component.name.isEmpty, component.serializedIdentifier != nil || HTTPStructuredText.isStringable(component.name) else {
            throw HTTPMessageSignatureError(code: .unknownComponent, message: "the component name \"\(component.name.prefix(60))\" is empty or not printable ASCII")
        }
        if let serialized = component.serializedIdentifier { return serialized }
        var serializer = StructuredFieldValueSerializer()
        do {
            // Refused when the component was made; serialised again for the library's reason.
            return String(decoding: try serializer.writeItemFieldValue(HTTPStructuredText.item(component)), as: UTF8.self)
        } catch {
            throw HTTPMessageSignatureError(code: .invalidComponentParameter, message: "the component \"\(component.name.prefix(60))\" has a parameter a structured field cannot carry (\(error))", cause: error)
        }
    }
}
