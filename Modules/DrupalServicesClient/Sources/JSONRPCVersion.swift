/// The JSON-RPC dialect of a request: Drupal's JSON-RPC server reads it from the request's
/// `version` member (1.1, the default) or `jsonrpc` member (2.0) and answers in kind.
public enum JSONRPCVersion: String, Sendable, Hashable, Codable, CaseIterable {
    /// JSON-RPC 1.1 (working draft): `"version": "1.1"`, errors with a `name`.
    case v1_1 = "1.1"
    /// JSON-RPC 2.0: `"jsonrpc": "2.0"`; a request without `id` is a notification.
    case v2_0 = "2.0"

    /// The envelope member that carries the version: `version` or `jsonrpc`.
    var memberName: String { self == .v1_1 ? "version" : "jsonrpc" }
}
