/// The failure strings of Drupal 6 Services and its key authentication, exactly as the server
/// writes them: in the JSON-RPC server module they arrive as HTTP 200 with the string as
/// `result` (`{"result":"Token has expired.","version":"1.1","id":1}`), so a client must
/// recognise them — ``code(for:)`` is that recognition, and the mock server writes the same
/// strings from here.
public enum DrupalServiceMessage {
    /// Key authentication: `timestamp + expiry < now`.
    public static let tokenExpired = "Token has expired."
    /// Key authentication: the (domain, nonce) pair was seen before.
    public static let nonceReused = "Token has been used previously for a request. Re-try with another nonce key."
    /// Key authentication: the hash does not match, or the domain has no key.
    public static let invalidAPIKey = "Invalid API key."
    /// Key authentication: the key may not call this method.
    public static let keyAccessDenied = "Access denied."
    /// The method's own access check failed (no trailing full stop).
    public static let accessDenied = "Access denied"
    /// Key authentication with sessions on: the `sessid` argument is empty.
    public static let invalidSessid = "Invalid sessid."
    /// `user.login`: no such user or a wrong password.
    public static let wrongCredentials = "Wrong username or password."
    /// `user.logout` in an anonymous session.
    public static let notLoggedIn = "User is not logged in."
    /// `node.get`, `node.delete`: no node with that id.
    public static let nodeNotFound = "Could not find the node."
    /// Key authentication whose replay store could not answer (this package's words: Drupal
    /// records nonces in its own database). Answered with HTTP 503 and `Retry-After`, so a
    /// client reads the status, not the string; ``code(for:)`` does not list it.
    public static let serviceUnavailable = "Service unavailable"

    /// `user.login` in a session that is already logged in.
    public static func alreadyLoggedIn(as name: String) -> String { "Already logged in as \(name)." }
    /// A call without all of its required arguments.
    public static func missingArguments(_ names: [String]) -> String { "Missing required arguments: \(names.joined(separator: ", "))" }
    /// A method the server does not have.
    public static func methodDoesNotExist(_ method: String) -> String { "Method \(method) does not exist" }

    /// What failure `text` reports, when it is one of the strings above; `nil` for any other
    /// string (which may be a method's genuine result).
    public static func code(for text: String) -> DrupalServicesError.Code? {
        switch text {
        case tokenExpired: return .timestampRefused
        case nonceReused: return .nonceUsed
        case invalidAPIKey: return .signatureInvalid
        case keyAccessDenied, accessDenied: return .accessDenied
        case invalidSessid: return .invalidSessid
        case wrongCredentials: return .wrongCredentials
        case notLoggedIn: return .notLoggedIn
        case nodeNotFound: return .notFound
        default: break
        }
        if text.hasPrefix("Already logged in as "), text.hasSuffix(".") { return .alreadyLoggedIn }
        if text.hasPrefix("Missing required arguments: ") { return .invalidArguments }
        if text.hasPrefix("Method "), text.hasSuffix(" does not exist") { return .methodNotFound }
        return nil
    }
}
