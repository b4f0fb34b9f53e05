public import Foundation

/// A Drupal user as `system.connect` and `user.login` return it (`uid` 0 is the anonymous
/// user). Drupal writes numbers and times as strings; they are decoded into numbers and dates.
public struct DrupalUser: Sendable, Hashable, Codable {
    /// The user id; 0 for the anonymous user.
    public var uid: Int
    /// The user name; `nil` for the anonymous user.
    public var name: String?
    /// The e-mail address, when the site reveals it.
    public var mail: String?
    /// Role ids mapped to role names (`[2: "authenticated user"]`).
    public var roles: [Int: String]
    /// Whether the account is active.
    public var status: Bool?
    /// When the account was created.
    public var created: Date?
    /// When the user last logged in.
    public var login: Date?
    /// The user's time zone, as Drupal stores it.
    public var timezone: String?
    /// The user's language code.
    public var language: String?

    /// Creates a user.
    public init(uid: Int, name: String? = nil, mail: String? = nil, roles: [Int: String] = [:], status: Bool? = nil,
                created: Date? = nil, login: Date? = nil, timezone: String? = nil, language: String? = nil) {
        self.uid = uid
        self.name = name
        self.mail = mail
        self.roles = roles
        self.status = status
        self.created = created
        self.login = login
        self.timezone = timezone
        self.language = language
    }

    /// Whether this is the anonymous user (`uid` 0).
    public var isAnonymous: Bool { uid == 0 }

    private enum CodingKeys: String, CodingKey {
        case uid, name, mail, roles, status, created, login, timezone, language
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let uid = try container.decodeDrupalInt(forKey: .uid) else {
            throw DecodingError.keyNotFound(CodingKeys.uid, .init(codingPath: container.codingPath, debugDescription: "a user has a uid"))
        }
        self.uid = uid
        name = try container.decodeDrupalString(forKey: .name)
        mail = try container.decodeDrupalString(forKey: .mail)
        roles = try container.decodeDrupalRoles(forKey: .roles)
        status = try container.decodeDrupalBool(forKey: .status)
        created = try container.decodeDrupalDate(forKey: .created)
        login = try container.decodeDrupalDate(forKey: .login)
        timezone = try container.decodeDrupalString(forKey: .timezone)
        language = try container.decodeDrupalString(forKey: .language)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(uid, forKey: .uid)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(mail, forKey: .mail)
        try container.encode(Dictionary(uniqueKeysWithValues: roles.map { (String($0.key), $0.value) }), forKey: .roles)
        try container.encodeIfPresent(status.map { $0 ? 1 : 0 }, forKey: .status)
        try container.encodeIfPresent(created.map { Int($0.timeIntervalSince1970) }, forKey: .created)
        try container.encodeIfPresent(login.map { Int($0.timeIntervalSince1970) }, forKey: .login)
        try container.encodeIfPresent(timezone, forKey: .timezone)
        try container.encodeIfPresent(language, forKey: .language)
    }
}
