/// A component identifier (RFC 9421 §2): a component name — a derived component (`@method`)
/// or a lowercased field name (`content-type`) — with its parameters (`sf`, `key`, `bs`, `req`,
/// `name`).
///
/// ```swift
/// let covered: [HTTPSignatureComponent] = [.method, .authority, .path, .queryParameter("q"),
///                                          .field("content-type"), .field("example-dict").member("a")]
/// ```
///
/// Two identifiers are equal when their names are and they have the same parameters in any
/// order (RFC 9421 §2: `"foo";bar;baz` and `"foo";baz;bar` are one identifier); the order given
/// is kept when serialised.
public struct HTTPSignatureComponent: Sendable, Hashable, CustomStringConvertible {
    /// A component parameter (RFC 9421 §6.5, the HTTP Signature Component Parameters registry).
    public enum Parameter: Sendable, Hashable {
        /// `sf`: the field's value strictly re-serialised as a structured field (§2.1.1).
        case structured
        /// `key="…"`: one member of a Dictionary field (§2.1.2).
        case key(String)
        /// `bs`: each field value wrapped as a Byte Sequence (§2.1.3).
        case byteSequence
        /// `req`: in a response's signature, the value from the request that caused it (§2.4).
        case request
        /// `tr`: the value from the trailer fields (§2.1.4). Not supported: refused with
        /// ``HTTPMessageSignatureError/Code/invalidComponentParameter``.
        case trailer
        /// `name="…"`: the query parameter of `@query-param` (§2.2.8).
        case name(String)
        /// A parameter no registry entry describes, kept so that it can be named in a refusal.
        case other(String)

        /// The parameter's key as written (`sf`, `key`, …).
        public var keyName: String {
            switch self {
            case .structured: "sf"
            case .key: "key"
            case .byteSequence: "bs"
            case .request: "req"
            case .trailer: "tr"
            case .name: "name"
            case .other(let key): key
            }
        }
    }

    /// The component name: `@method` or a lowercased field name.
    public let name: String
    /// The parameters, in the order they are serialised.
    public let parameters: [Parameter]
    /// The identifier strictly serialised (`"@query-param";name="q"`), made once with the
    /// component (a signature base writes it on every signature); `nil` when a structured
    /// field cannot carry the name or a parameter.
    package let serializedIdentifier: String?

    /// A component from its name and parameters, as it appears in `Signature-Input`.
    public init(name: String, parameters: [Parameter] = []) {
        self.name = name
        self.parameters = parameters
        serializedIdentifier = HTTPStructuredText.serializedIdentifier(name: name, parameters: parameters)
    }

    /// The identifier serialised by swift-http-structured-headers' serialiser alone: the
    /// reference a test holds ``serializedIdentifier`` to.
    package var serializedIdentifierByLibrary: String? {
        HTTPStructuredText.serializedIdentifierByLibrary(name: name, parameters: parameters)
    }

    // MARK: Derived components (RFC 9421 §2.2)

    /// `@method` (§2.2.1).
    public static let method = HTTPSignatureComponent(name: "@method")
    /// `@target-uri` (§2.2.2).
    public static let targetURI = HTTPSignatureComponent(name: "@target-uri")
    /// `@authority` (§2.2.3).
    public static let authority = HTTPSignatureComponent(name: "@authority")
    /// `@scheme` (§2.2.4).
    public static let scheme = HTTPSignatureComponent(name: "@scheme")
    /// `@request-target` (§2.2.5).
    public static let requestTarget = HTTPSignatureComponent(name: "@request-target")
    /// `@path` (§2.2.6).
    public static let path = HTTPSignatureComponent(name: "@path")
    /// `@query` (§2.2.7).
    public static let query = HTTPSignatureComponent(name: "@query")
    /// `@status` (§2.2.9), in responses only.
    public static let status = HTTPSignatureComponent(name: "@status")
    /// `@query-param;name="…"` (§2.2.8): `name` as it is written encoded (`fa%C3%A7ade`).
    public static func queryParameter(_ name: String) -> HTTPSignatureComponent {
        HTTPSignatureComponent(name: "@query-param", parameters: [.name(name)])
    }

    /// The derived component names this package knows (RFC 9421 §6.4).
    public static let derivedNames: Set<String> = [
        "@method", "@target-uri", "@authority", "@scheme", "@request-target", "@path", "@query", "@query-param", "@status",
    ]

    // MARK: Fields (RFC 9421 §2.1)

    /// The HTTP field `name` (any case; lowercased, as §2.1 requires).
    public static func field(_ name: String) -> HTTPSignatureComponent {
        HTTPSignatureComponent(name: name.lowercased())
    }

    /// `content-digest` (RFC 9530): a signer computes it when it is missing.
    public static let contentDigest = field("content-digest")
    /// `content-type`.
    public static let contentType = field("content-type")

    /// This component with `sf` (§2.1.1).
    public var structured: HTTPSignatureComponent { adding(.structured) }
    /// This component with `bs` (§2.1.3).
    public var byteSequence: HTTPSignatureComponent { adding(.byteSequence) }
    /// This component with `req` (§2.4): the request's value, in a response's signature.
    public var fromRequest: HTTPSignatureComponent { adding(.request) }
    /// This field's Dictionary member `key` (§2.1.2).
    public func member(_ key: String) -> HTTPSignatureComponent { adding(.key(key)) }

    private func adding(_ parameter: Parameter) -> HTTPSignatureComponent {
        HTTPSignatureComponent(name: name, parameters: parameters + [parameter])
    }

    // MARK: Reading

    /// Whether this is a derived component (its name starts with `@`).
    public var isDerived: Bool { name.utf8.first == UInt8(ascii: "@") }
    /// Whether `req` is among the parameters.
    public var isFromRequest: Bool { parameters.contains(.request) }
    /// The `key` parameter's value, when there is one.
    public var dictionaryKey: String? {
        for case .key(let key) in parameters { return key }
        return nil
    }
    /// The `name` parameter's value, when there is one.
    public var queryParameterName: String? {
        for case .name(let name) in parameters { return name }
        return nil
    }

    /// The identifier as it appears in a signature base (`"@query-param";name="q"`).
    public var description: String { serializedIdentifier ?? "\"\(name)\"" }

    /// Equal names and the same parameters, in any order (RFC 9421 §2).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        // The same parameters in the same order (nearly always) make no sets.
        lhs.name == rhs.name && lhs.parameters.count == rhs.parameters.count && (lhs.parameters == rhs.parameters || Set(lhs.parameters) == Set(rhs.parameters))
    }

    /// Hashes the name, the number of parameters and the parameters in any order and
    /// repetition (the OR of their hashes), so that what ``==(_:_:)`` calls equal hashes
    /// alike, without building a set of the parameters.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(parameters.count)
        hasher.combine(parameters.reduce(0) { $0 | $1.hashValue })
    }
}
