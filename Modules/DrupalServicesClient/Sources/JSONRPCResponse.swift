/// One JSON-RPC answer: a `result` or an `error`, in the request's dialect, with its `id`.
///
/// ``encoded()`` writes Drupal's member order (`{"result":…,"version":"1.1","id":…}`, or
/// `{"jsonrpc":"2.0","result":…,"id":…}`); ``parse(_:)`` reads any server's answer.
public struct JSONRPCResponse: Sendable, Hashable {
    /// A call's outcome.
    public enum Outcome: Sendable, Hashable {
        /// The method ran and returned this (for Drupal, possibly a failure string: see
        /// ``DrupalServiceMessage``).
        case result(JSONValue)
        /// The server could not run the call.
        case error(JSONRPCErrorObject)
    }

    /// The dialect.
    public var version: JSONRPCVersion
    /// The result or the error.
    public var outcome: Outcome
    /// The request's `id`, echoed; `nil` when the request had none.
    public var id: JSONValue?

    /// Creates a response.
    public init(version: JSONRPCVersion, outcome: Outcome, id: JSONValue?) {
        self.version = version
        self.outcome = outcome
        self.id = id
    }

    /// The answer as compact JSON.
    public func encoded() -> [UInt8] {
        var members: [(String, JSONValue)] = []
        if version == .v2_0 { members.append(("jsonrpc", "2.0")) }
        switch outcome {
        case .result(let value): members.append(("result", value))
        case .error(let error): members.append(("error", (try? JSONValue(encoding: error.written(for: version))) ?? .null))
        }
        if version == .v1_1 { members.append(("version", "1.1")) }
        if let id { members.append(("id", id)) } else if version == .v2_0 { members.append(("id", .null)) }
        return JSONText.object(members)
    }

    /// Reads an answer from `body`.
    ///
    /// - Throws: ``DrupalServicesError/Code/invalidResponse`` when the body is not JSON, not an
    ///   object, or has neither `result` nor a well-formed `error`.
    public static func parse(_ body: [UInt8]) throws(DrupalServicesError) -> JSONRPCResponse {
        let value: JSONValue
        do {
            value = try JSONText.parse(body)
        } catch {
            throw .invalidResponse("the server's answer is not JSON-RPC: \(error.message)")
        }
        guard case .object(let members) = value else {
            throw .invalidResponse("the server's answer is \(value.typeName == "array" ? "an" : "a") \(value.typeName), not a JSON-RPC response object")
        }
        let version: JSONRPCVersion = members["jsonrpc"] == "2.0" ? .v2_0 : .v1_1
        // `"id": null` is no id. (`nil` in a closure returning `JSONValue` would be `.null`:
        // `JSONValue` is `ExpressibleByNilLiteral`.)
        var id = members["id"]
        if id == .null { id = nil }
        if let error = members["error"], !error.isNull {
            guard let object = try? error.decode(as: JSONRPCErrorObject.self) else {
                throw .invalidResponse("the server's \"error\" member is not a JSON-RPC error object (it needs a numeric \"code\" and a \"message\")")
            }
            return JSONRPCResponse(version: version, outcome: .error(object), id: id)
        }
        guard let result = members["result"] else {
            throw .invalidResponse("the server's answer has neither \"result\" nor \"error\"")
        }
        return JSONRPCResponse(version: version, outcome: .result(result), id: id)
    }
}
