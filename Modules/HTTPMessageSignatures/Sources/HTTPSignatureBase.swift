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
    /// The base, ASCII only.
    public let text: String

    /// The base's bytes, what a key signs.
    public var bytes: [UInt8] { Array(text.utf8) }

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
        var seen = Set<HTTPSignatureComponent>()
        var context = HTTPComponentValue.Context()
        var text = ""
        for component in parameters.components {
            guard seen.insert(component).inserted else {
                throw HTTPMessageSignatureError(code: .duplicateComponent, message: "the covered component \(component) is listed twice; each identifier may occur once (RFC 9421 §2.5)")
            }
            let identifier = try Self.identifier(component)
            let value = try HTTPComponentValue.value(of: component, in: message, context: &context)
            text += identifier
            text += ": "
            text += value
            text += "\n"
        }
        text += Self.signatureParametersPrefix
        text += try parameters.serialized()
        self.text = text
    }

    /// What the base's last line starts with.
    private static let signatureParametersPrefix = "\"@signature-params\": "

    /// The value of the base's `@signature-params` line: the serialised signature parameters,
    /// which a signer also writes into its `Signature-Input` member (so it serialises them once).
    var signatureParameters: Substring {
        let lastLine = text.utf8.lastIndex(of: UInt8(ascii: "\n")).map { text[text.utf8.index(after: $0)...] } ?? text[...]
        return lastLine.dropFirst(Self.signatureParametersPrefix.count)
    }

    /// The base as given (for a test or a diagnosis that already has one).
    public init(text: String) {
        self.text = text
    }

    /// The identifier strictly serialised, or the refusal of a name a structured-field String
    /// cannot carry.
    static func identifier(_ component: HTTPSignatureComponent) throws(HTTPMessageSignatureError) -> String {
        guard component.name != "@signature-params" else {
            throw HTTPMessageSignatureError(code: .unknownComponent, message: "\"@signature-params\" is always the base's last line and must not be listed as covered (RFC 9421 §2.3)")
        }
        guard !component.name.isEmpty, HTTPStructuredText.isStringable(component.name) else {
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
