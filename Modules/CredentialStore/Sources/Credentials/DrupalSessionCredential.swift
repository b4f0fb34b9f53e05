/// A Drupal Services session: the `sessid` returned by `system.connect` or `user.login`, the
/// session cookie's name when the server sends it, and the user id (0 for anonymous).
///
/// `description`, `debugDescription` and its mirror hide the session id, which grants the
/// user's access to whoever holds it.
public struct DrupalSessionCredential: Codable, Hashable, Sendable {
    /// The session id (`sessid`).
    public var sessionID: String
    /// The session cookie's name (`session_name`, such as `SESS…`), when the server sent one.
    public var sessionName: String?
    /// The Drupal user id (`uid`); 0 is the anonymous user.
    public var userID: Int

    /// Creates a session credential.
    public init(sessionID: String, sessionName: String? = nil, userID: Int) {
        self.sessionID = sessionID
        self.sessionName = sessionName
        self.userID = userID
    }

    private enum CodingKeys: String, CodingKey {
        case sessionID = "sessid"
        case sessionName = "session_name"
        case userID = "uid"
    }
}

extension DrupalSessionCredential: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "DrupalSessionCredential(sessionID: \(Redaction.mask(sessionID)), sessionName: \(sessionName.map { "\"\($0)\"" } ?? "nil"), userID: \(userID))"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(
            self,
            children: ["sessionID": Redaction.mask(sessionID), "sessionName": sessionName as Any, "userID": userID],
            displayStyle: .struct
        )
    }
}
