public import Foundation

/// A Drupal session: the `sessid` the site gave and the user it belongs to — the credential a
/// ``DrupalServicesClient`` keeps in a `CredentialStore` between launches. The session id is a
/// secret (it acts as the user); it never appears in `description`, dumps or errors.
public struct DrupalSession: Sendable, Hashable, Codable {
    /// The session id sent as `sessid` (and as the session cookie when the client checks the session).
    public var sessid: String
    /// The name of the site's session cookie (`SESS…`), learned from its `Set-Cookie`; `nil`
    /// when the site did not set one.
    public var cookieName: String?
    /// The user the session belongs to (`uid` 0 when anonymous).
    public var user: DrupalUser
    /// When the site gave this session.
    public var established: Date
    /// When the site last confirmed it (an answer in this session, or a check).
    public var confirmed: Date

    /// Creates a session.
    public init(sessid: String, cookieName: String? = nil, user: DrupalUser, established: Date, confirmed: Date? = nil) {
        self.sessid = sessid
        self.cookieName = cookieName
        self.user = user
        self.established = established
        self.confirmed = confirmed ?? established
    }

    /// Whether a user is logged in (not the anonymous user).
    public var isAuthenticated: Bool { !user.isAnonymous }
}

extension DrupalSession: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    private var who: String { user.isAnonymous ? "anonymous" : "uid \(user.uid)\(user.name.map { " (\($0))" } ?? "")" }
    public var description: String { "DrupalSession(\(who), sessid: <redacted>)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(self, children: ["user": who, "sessid": "<redacted>", "established": established, "confirmed": confirmed], displayStyle: .struct)
    }
}
