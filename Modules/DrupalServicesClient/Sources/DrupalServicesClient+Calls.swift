extension DrupalServicesClient {
    /// Calls any method with `arguments` (after the key arguments and `sessid`, which the
    /// client adds) and returns its result.
    ///
    /// - Throws: ``DrupalServicesError`` with the code of Drupal's failure string or JSON-RPC
    ///   error (``DrupalServicesError/Code/accessDenied``, …); ``DrupalServicesError/Code/sessionExpired``
    ///   when a logged-in session is gone.
    public func call(_ method: String, _ arguments: [JSONValue] = []) async throws -> JSONValue {
        try await callInSession(method, arguments, notification: false)
    }

    /// Calls any method and decodes its result as `type`.
    ///
    /// - Throws: as ``call(_:_:)``; ``DrupalServicesError/Code/serviceFailure`` when the site
    ///   answered a string where `type` is expected (an unknown failure message);
    ///   ``DrupalServicesError/Code/decodingFailed`` naming the member that does not fit.
    public func call<Result: Decodable>(_ method: String, _ arguments: [JSONValue] = [], as type: Result.Type) async throws -> Result {
        let value = try await call(method, arguments)
        if case .string(let text) = value, Result.self != String.self, Result.self != JSONValue.self {
            throw DrupalServicesError(code: .serviceFailure, message: "\(method) failed: the site answered “\(text)”", providerMessage: text)
        }
        return try decode(value, as: Result.self, method: method)
    }

    /// Sends `method` as a notification: no `id`, no answer awaited beyond the HTTP response
    /// (a JSON-RPC 2.0 server sends none; a 1.1 answer is read for failures).
    public func notify(_ method: String, _ arguments: [JSONValue] = []) async throws {
        _ = try await callInSession(method, arguments, notification: true)
    }

    /// `node.get`: the node `nid`, with only `fields` when given.
    ///
    /// - Throws: ``DrupalServicesError/Code/notFound``, ``DrupalServicesError/Code/accessDenied``.
    public func node(_ nid: Int, fields: [String] = []) async throws -> DrupalNode {
        let arguments: [JSONValue] = fields.isEmpty ? [.int(nid)] : [.int(nid), .array(fields.map(JSONValue.string))]
        return try await call("node.get", arguments, as: DrupalNode.self)
    }

    /// `node.save`: creates `node` (no ``DrupalNode/nid``) or updates it; returns its id.
    public func saveNode(_ node: DrupalNode) async throws -> Int {
        let value = try await call("node.save", [try encode(node)])
        guard let nid = value.intValue else {
            let said = value.stringValue.map { "“\($0)”" } ?? value.jsonText.prefix(80).description
            throw DrupalServicesError(code: .serviceFailure, message: "node.save failed: the site answered \(said) instead of the node's id", providerMessage: value.stringValue)
        }
        return nid
    }

    /// `node.delete`: deletes the node `nid`.
    public func deleteNode(_ nid: Int) async throws {
        let value = try await call("node.delete", [.int(nid)])
        guard value == .bool(true) || value.intValue == 1 || value.isNull else {
            let said = value.stringValue.map { "“\($0)”" } ?? value.jsonText.prefix(80).description
            throw DrupalServicesError(code: .serviceFailure, message: "node.delete failed: the site answered \(said)", providerMessage: value.stringValue)
        }
    }

    /// Sends a call in the current session, checking the session when a logged-in user meets
    /// `Access denied` (Drupal runs a forgotten session as anonymous) and retrying once in a
    /// renewed session.
    private func callInSession(_ method: String, _ arguments: [JSONValue], notification: Bool) async throws -> JSONValue {
        guard configuration.usesSessid, configuration.authenticates(method) else {
            return try await send(method, arguments, sessid: nil, notification: notification).result
        }
        let session = try await currentSession()
        do {
            return try await send(method, arguments, sessid: session.sessid, notification: notification).result
        } catch let error as DrupalServicesError where error.code == .accessDenied && session.isAuthenticated {
            let checked = try await checkSession()
            guard checked.sessid != session.sessid else { throw error }
            return try await send(method, arguments, sessid: checked.sessid, notification: notification).result
        }
    }

    private nonisolated func encode(_ node: DrupalNode) throws(DrupalServicesError) -> JSONValue {
        do {
            return try JSONValue(encoding: node)
        } catch {
            throw DrupalServicesError(code: .invalidArguments, message: "the node cannot be written as JSON: \(error)", cause: error)
        }
    }
}
