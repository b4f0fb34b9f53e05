import Foundation
import SignedHTTP

/// How a Drupal Services answer is read: the one place the HTTP-200-string quirk is handled.
///
/// A JSON-RPC error object, or a `result` that is one of Drupal's failure strings
/// (``DrupalServiceMessage``), becomes a ``DrupalServicesError`` with a code to switch on and
/// the server's words; an HTTP error status becomes ``DrupalServicesError/Code/requestRejected``.
enum DrupalAnswer {
    /// The call's result, or the error it reports.
    static func result(of response: APIResponse, method: String, id: JSONValue?, now: Date) throws(DrupalServicesError) -> JSONValue {
        guard response.isSuccess else {
            let said = response.providerMessage.map { ": \($0.text)" } ?? ""
            let limited = response.statusCode == 429
            var error = DrupalServicesError(
                code: limited ? .rateLimited : .requestRejected,
                message: "the site answered \(method) with HTTP \(response.statusCode)\(said)",
                statusCode: response.statusCode, mockReason: response.mockReason
            )
            if limited { error.retryAfter = response.retryAfter(now: now) }
            throw error
        }
        let answer: JSONRPCResponse
        do {
            answer = try JSONRPCResponse.parse(response.body)
        } catch {
            throw DrupalServicesError(code: .invalidResponse, message: "\(method): \(error.message)", mockReason: response.mockReason)
        }
        if let id, let echoed = answer.id, echoed != id {
            throw DrupalServicesError(code: .invalidResponse, message: "\(method): the answer's id \(echoed) is not the request's id \(id)")
        }
        let hashInput = response.header(DrupalKeyAuthentication.hashInputHeaderName)
        switch answer.outcome {
        case .error(let object):
            let code = DrupalServiceMessage.code(for: object.message) ?? code(forRPCCode: object.code)
            throw DrupalServicesError(
                code: code, message: explanation(code, method: method, said: object.message, rpcCode: object.code, hashInput: hashInput),
                providerMessage: object.message, rpcError: object, mockReason: response.mockReason, serverSignatureBase: hashInput
            )
        case .result(.string(let text)):
            if let code = DrupalServiceMessage.code(for: text) {
                throw DrupalServicesError(
                    code: code, message: explanation(code, method: method, said: text, rpcCode: nil, hashInput: hashInput),
                    providerMessage: text, mockReason: response.mockReason, serverSignatureBase: hashInput
                )
            }
            return .string(text)
        case .result(let value):
            return value
        }
    }

    /// Whether `response` is Drupal's `Token has expired.` (as a string result or an error
    /// object): the rejection a skewed device clock causes.
    @Sendable static func isTokenExpired(_ response: APIResponse) -> Bool {
        guard response.isSuccess, let answer = try? JSONRPCResponse.parse(response.body) else { return false }
        switch answer.outcome {
        case .result(let value): return value == .string(DrupalServiceMessage.tokenExpired)
        case .error(let object): return object.message == DrupalServiceMessage.tokenExpired
        }
    }

    private static func code(forRPCCode code: Int) -> DrupalServicesError.Code {
        switch code {
        case JSONRPCErrorObject.parseError: .invalidJSON
        case JSONRPCErrorObject.invalidRequest: .invalidRequest
        case JSONRPCErrorObject.methodNotFound: .methodNotFound
        case JSONRPCErrorObject.invalidParams: .invalidArguments
        case -32768...(-32000): .rpcError
        default: .serviceFailure  // an application's own code (Drupal's 401, 406, …), as a failure string is in faithful mode
        }
    }

    /// What the failure means and what to do, around the server's own words.
    private static func explanation(_ code: DrupalServicesError.Code, method: String, said: String, rpcCode: Int?, hashInput: String?) -> String {
        let quoted = "the site answered \(method) with “\(said)”\(rpcCode.map { " (JSON-RPC error \($0))" } ?? "")"
        let advice: String = switch code {
        case .timestampRefused: "the timestamp is older than the site's token expiry; the device clock is probably behind the server's (turn on correctsClockSkew) or the expiry setting is too short"
        case .nonceUsed: "this nonce was already used for this domain; every call needs a new one (the client never resends a nonce, so check the nonce source)"
        case .signatureInvalid: "the hash does not match: check the API key and that the domain is the one the key was registered for"
            + (hashInput.map { "; the server hashed “\($0)” (timestamp;domain;nonce;method): compare it with what was signed" } ?? "")
        case .accessDenied: "the key may not call this method (check its method access on the site), or the session's user lacks the permission"
        case .invalidSessid: "the site uses sessions and the call carried none; connect first or set usesSessid to match the site"
        case .wrongCredentials: "check the user name and password"
        case .alreadyLoggedIn: "this session is already logged in; log out first to change user"
        case .notLoggedIn: "the session is anonymous"
        case .notFound: "no such item"
        case .methodNotFound: "the site has no such method, or its service module is off"
        case .invalidArguments: "the arguments do not match the method's signature"
        default: "see the server's message"
        }
        return "\(quoted): \(advice)"
    }
}
