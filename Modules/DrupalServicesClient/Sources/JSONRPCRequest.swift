import Foundation

/// One JSON-RPC call as it travels: version, method, positional `params` and `id`.
///
/// ``encoded()`` writes the members in the order of Drupal's own clients (a Drupal 6 app's
/// `{"version":"1.1","method":"node.get","id":"11","params":[…]}`); ``parse(_:)`` reads what
/// a server receives and names what is wrong in the JSON-RPC error to answer.
public struct JSONRPCRequest: Sendable, Hashable {
    /// The dialect.
    public var version: JSONRPCVersion
    /// The method, e.g. `node.get`.
    public var method: String
    /// The arguments, by position.
    public var params: [JSONValue]
    /// The call's id; `nil` for a notification (no `id` member), which gets no answer in 2.0.
    public var id: JSONValue?

    /// Creates a request.
    public init(version: JSONRPCVersion = .v1_1, method: String, params: [JSONValue] = [], id: JSONValue?) {
        self.version = version
        self.method = method
        self.params = params
        self.id = id
    }

    /// Whether this is a notification: a request without an `id` member.
    public var isNotification: Bool { id == nil }

    /// The request as compact JSON: the version member, `method`, `id` (unless a
    /// notification), then `params`.
    public func encoded() -> [UInt8] {
        var members: [(String, JSONValue)] = [(version.memberName, .string(version.rawValue)), ("method", .string(method))]
        if let id { members.append(("id", id)) }
        members.append(("params", .array(params)))
        return JSONText.object(members)
    }

    /// Reads one request from a parsed JSON value (one element of a batch, or the whole body).
    ///
    /// - Throws: the JSON-RPC error to answer: ``JSONRPCErrorObject/invalidRequest`` for a
    ///   value that is no object, a missing or non-string `method`, an unknown `jsonrpc`
    ///   version or an `id` that is an array or object; ``JSONRPCErrorObject/invalidParams``
    ///   for `params` that are not an array.
    public static func parse(_ value: JSONValue) throws(DrupalServicesError) -> JSONRPCRequest {
        guard case .object(let members) = value else {
            throw .invalidRequest("a JSON-RPC request is an object, not \(article(value.typeName))")
        }
        var version = JSONRPCVersion.v1_1
        if let declared = members["jsonrpc"] {
            guard declared == .string("2.0") else { throw .invalidRequest("\"jsonrpc\" must be \"2.0\"") }
            version = .v2_0
        }
        let id = members["id"]
        if let id, id.arrayValue != nil || id.objectValue != nil {
            throw .invalidRequest("\"id\" must be a string, a number or null, not \(article(id.typeName))")
        }
        guard let methodValue = members["method"] else {
            throw .invalidRequest("the request has no \"method\"")
        }
        guard case .string(let method) = methodValue, !method.isEmpty else {
            throw .invalidRequest("\"method\" must be a non-empty string, not \(article(methodValue.typeName))")
        }
        var params: [JSONValue] = []
        switch members["params"] {
        case nil, .null?: break
        case .array(let elements)?: params = elements
        case let other?:
            throw DrupalServicesError(
                code: .invalidArguments,
                message: "\"params\" must be an array of arguments by position, not \(article(other.typeName))",
                rpcError: JSONRPCErrorObject(code: JSONRPCErrorObject.invalidParams, message: "Invalid params: \"params\" must be an array")
            )
        }
        return JSONRPCRequest(version: version, method: method, params: params, id: id)
    }

    private static func article(_ typeName: String) -> String {
        (typeName.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + typeName
    }
}

/// Compact JSON text with object members in a chosen order (Foundation's encoders choose
/// their own), values written by `JSONEncoder`.
enum JSONText {
    static func object(_ members: [(String, JSONValue)]) -> [UInt8] {
        var text: [UInt8] = [UInt8(ascii: "{")]
        for (index, (name, value)) in members.enumerated() {
            if index > 0 { text.append(UInt8(ascii: ",")) }
            text += encode(.string(name))
            text.append(UInt8(ascii: ":"))
            text += encode(value)
        }
        text.append(UInt8(ascii: "}"))
        return text
    }

    static func encode(_ value: JSONValue) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map(Array.init) ?? Array("null".utf8)
    }

    /// Parses `body` as JSON.
    static func parse(_ body: [UInt8]) throws(DrupalServicesError) -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: Data(body))
        } catch {
            throw DrupalServicesError(
                code: .invalidJSON,
                message: "the body is not valid JSON (\(body.isEmpty ? "it is empty" : JSONText.reason(error)))",
                rpcError: JSONRPCErrorObject(code: JSONRPCErrorObject.parseError, message: "Parse error")
            )
        }
    }

    /// A short reason from a `DecodingError`, without the body's contents.
    static func reason(_ error: any Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            return context.debugDescription.prefix(120).description
        }
        return "unreadable"
    }
}
