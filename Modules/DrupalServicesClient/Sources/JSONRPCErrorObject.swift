/// The `error` member of a JSON-RPC response: what a server answers when it cannot run a call
/// at all (unparsable JSON, no such method, wrong arguments).
///
/// Drupal's key-authentication and service failures do *not* arrive this way but as a string
/// `result` on HTTP 200 (see ``DrupalServiceMessage``), unless the server is strict.
public struct JSONRPCErrorObject: Sendable, Hashable, Codable {
    /// `JSONRPCError` in JSON-RPC 1.1 answers; absent in 2.0.
    public var name: String?
    /// The error code: ``parseError``, ``invalidRequest``, ``methodNotFound``,
    /// ``invalidParams``, ``internalError``, or a server-defined one.
    public var code: Int
    /// The server's description.
    public var message: String
    /// Further detail, when the server sent any.
    public var data: JSONValue?

    /// Creates an error object.
    public init(name: String? = nil, code: Int, message: String, data: JSONValue? = nil) {
        self.name = name
        self.code = code
        self.message = message
        self.data = data
    }

    /// -32700: the body is not JSON.
    public static let parseError = -32700
    /// -32600: the JSON is not a request (no `method`, a bad `id`, an empty batch).
    public static let invalidRequest = -32600
    /// -32601: no such method.
    public static let methodNotFound = -32601
    /// -32602: wrong number or types of arguments.
    public static let invalidParams = -32602
    /// -32603: the server failed.
    public static let internalError = -32603

    /// The same error as a `version` answer carries it: named `JSONRPCError` in 1.1, unnamed in 2.0.
    public func written(for version: JSONRPCVersion) -> JSONRPCErrorObject {
        var copy = self
        copy.name = version == .v1_1 ? (name ?? "JSONRPCError") : nil
        return copy
    }
}
