import DrupalServicesClient
import Foundation

/// A user account of the mock site.
struct DrupalSiteAccount: Sendable {
    var uid: Int
    var name: String
    var password: String
    var mail: String
    /// Role ids and names beyond `authenticated user`.
    var extraRoles: [Int: String] = [:]
    var created: Int
    var timezone = "0"
    var language = ""

    /// Whether the account may edit and delete every node.
    var isAdministrator: Bool { extraRoles.values.contains("administrator") }

    /// The account as `user.login` and `system.connect` return it: numbers as strings, roles
    /// by id (never the password or its hash).
    func object(loginTime: Int, hostname: String) -> JSONValue {
        var roles: [String: JSONValue] = ["2": "authenticated user"]
        for (id, role) in extraRoles { roles[String(id)] = .string(role) }
        return .object([
            "uid": .string(String(uid)), "name": .string(name), "mail": .string(mail),
            "mode": "0", "sort": "0", "threshold": "0", "theme": "", "signature": "", "signature_format": "0",
            "created": .string(String(created)), "access": .string(String(loginTime)), "login": .string(String(loginTime)),
            "status": "1", "timezone": .string(timezone), "language": .string(language), "picture": "",
            "init": .string(mail), "data": "a:0:{}", "roles": .object(roles), "hostname": .string(hostname),
        ])
    }

    /// The anonymous user as Drupal 6 returns it (its `uid` a number, unlike an account's).
    static func anonymousObject(hostname: String) -> JSONValue {
        ["uid": 0, "hostname": .string(hostname), "roles": ["1": "anonymous user"], "session": "", "cache": 0]
    }
}
