import Foundation

/// Where a server's answer to a call goes: the call's dialect and id, and whether it gets an
/// answer at all (a JSON-RPC 2.0 notification gets none). Read from what a body shows even
/// when it is not a valid call, so a refusal is answered in the caller's dialect.
public struct JSONRPCReplyAddress: Sendable, Hashable {
    /// The dialect to answer in.
    public var version: JSONRPCVersion
    /// The id to echo; `nil` for none (answered as `null`).
    public var id: JSONValue?
    /// Whether the answer has a body: `false` for a JSON-RPC 2.0 notification.
    public var expectsAnswer: Bool

    /// An address.
    public init(version: JSONRPCVersion = .v1_1, id: JSONValue? = nil, expectsAnswer: Bool = true) {
        self.version = version
        self.id = id
        self.expectsAnswer = expectsAnswer
    }

    /// The address of a valid call.
    public init(_ call: JSONRPCRequest) {
        self.init(version: call.version, id: call.id, expectsAnswer: !(call.version == .v2_0 && call.isNotification))
    }

    /// The address `value` shows, valid call or not: 2.0 when its `jsonrpc` member says so,
    /// its `id` when that is a string, number or null; it is answered either way.
    public init(showing value: JSONValue) {
        guard case .object(let members) = value else {
            self.init()
            return
        }
        let id = members["id"].flatMap { $0.arrayValue == nil && $0.objectValue == nil ? $0 : nil }
        self.init(version: members["jsonrpc"] == "2.0" ? .v2_0 : .v1_1, id: id)
    }
}

extension JSONRPCRequest {
    /// Reads a request body as JSON: the first step of every JSON-RPC server.
    ///
    /// - Throws: ``DrupalServicesError/Code/invalidJSON`` with JSON-RPC's `Parse error`
    ///   (``JSONRPCErrorObject/parseError``) as the error to answer, its message saying why (an
    ///   empty body, not UTF-8, not JSON, nested too deep).
    public static func json(_ body: [UInt8]) throws(DrupalServicesError) -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: Data(body))
        } catch {
            var why = body.isEmpty ? "the body is empty" : String(validating: body, as: UTF8.self) == nil ? "the body is not UTF-8" : "the body is not valid JSON"
            // Syntax errors come from the parser (no coding path); an error with a path is
            // `JSONValue`'s own (a value nested deeper than `JSONValue.maximumDepth`).
            if case DecodingError.dataCorrupted(let context) = error, !context.codingPath.isEmpty {
                why += ": \(context.debugDescription)"
            }
            throw DrupalServicesError(
                code: .invalidJSON, message: why, rpcError: JSONRPCErrorObject(code: JSONRPCErrorObject.parseError, message: "Parse error")
            )
        }
    }
}
