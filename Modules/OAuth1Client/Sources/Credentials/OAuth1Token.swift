public import SigningCore

/// A token and its secret as a provider's token endpoint returns them (RFC 5849 §2.1, §2.3),
/// with every other field of the reply kept: Netflix's `user_id`, Twitter's `user_id` and
/// `screen_name`, Netflix's `login_url`, and whatever else a provider adds.
///
/// `description`, `debugDescription` and the mirror (`dump`) never show the token or its secret.
public struct OAuth1Token: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `oauth_token`.
    public let token: String
    /// `oauth_token_secret`.
    public let secret: String
    /// `oauth_callback_confirmed` as a flag: `true` only for the exact text `true`; `nil` when
    /// the reply did not carry it (access-token replies do not).
    public let callbackConfirmed: Bool?
    /// The reply's other fields, in order, duplicates kept.
    public let additionalFields: [FormField]

    /// Creates a token, e.g. one restored from a credential store.
    public init(token: String, secret: String, callbackConfirmed: Bool? = nil, additionalFields: [FormField] = []) {
        self.token = token
        self.secret = secret
        self.callbackConfirmed = callbackConfirmed
        self.additionalFields = additionalFields
    }

    /// The first additional field named `name`.
    public subscript(field name: String) -> String? {
        additionalFields.first { $0.name == name }?.value
    }

    /// `user_id` (Twitter, Netflix-style providers), when the reply carried it.
    public var userID: String? { self[field: "user_id"] }

    /// `screen_name` (Twitter), when the reply carried it.
    public var screenName: String? { self[field: "screen_name"] }

    public var description: String {
        let names = additionalFields.map(\.name).joined(separator: ", ")
        return "OAuth1Token(token: <redacted>, secret: <redacted>\(callbackConfirmed.map { ", callbackConfirmed: \($0)" } ?? "")\(names.isEmpty ? "" : ", fields: \(names)"))"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// Token and secret redacted; the additional fields' names only (their values, such as a
    /// user id, are not secret but are not needed to debug either).
    public var customMirror: Mirror {
        Mirror(self, children: [
            "token": "<redacted>", "secret": "<redacted>", "callbackConfirmed": callbackConfirmed as Any,
            "fields": additionalFields.map(\.name),
        ], displayStyle: .struct)
    }

    /// The longest reply ``parse(_:)-(String)`` accepts (64 KiB).
    public static let maximumLength = 65_536

    /// Parses a token endpoint's `application/x-www-form-urlencoded` reply, such as
    /// `oauth_token=…&oauth_token_secret=…&oauth_callback_confirmed=true&user_id=…`.
    ///
    /// - Throws: ``OAuth1Error/Code/invalidTokenResponse`` for an empty, oversized, non-UTF-8 or
    ///   undecodable body, a JSON or HTML body (usually the provider's error page: its start is
    ///   quoted), a missing or empty `oauth_token`, a missing `oauth_token_secret`, or either of
    ///   them (or `oauth_callback_confirmed`) given twice.
    public static func parse(_ body: String) throws(OAuth1Error) -> OAuth1Token {
        guard body.utf8.count <= maximumLength else {
            throw failure("the reply is \(body.utf8.count) bytes long, more than the \(maximumLength) accepted")
        }
        let trimmed = body.trimmingSpaces
        guard !trimmed.isEmpty else {
            throw failure("the reply is empty; expected oauth_token=…&oauth_token_secret=…")
        }
        if let first = trimmed.first, first == "{" || first == "<" || first == "[" {
            throw failure("the reply is not form-encoded (it starts with \(snippet(trimmed))); the provider probably sent an error")
        }
        let fields: [FormField]
        do throws(SigningCoreError) {
            fields = try FormEncoding.parse(trimmed)
        } catch {
            throw failure("the reply cannot be decoded: \(error.description)")
        }
        var token: String?
        var secret: String?
        var confirmed: String?
        var additional: [FormField] = []
        for field in fields {
            switch field.name {
            case "oauth_token":
                guard token == nil else { throw failure("the reply gives oauth_token twice") }
                token = field.value
            case "oauth_token_secret":
                guard secret == nil else { throw failure("the reply gives oauth_token_secret twice") }
                secret = field.value
            case "oauth_callback_confirmed":
                guard confirmed == nil else { throw failure("the reply gives oauth_callback_confirmed twice") }
                confirmed = field.value
            default:
                additional.append(field)
            }
        }
        guard let token, !token.isEmpty else {
            throw failure("the reply has no oauth_token (its fields: \(fields.map(\.name).prefix(10).joined(separator: ", ")))")
        }
        guard let secret else {
            throw failure("the reply has no oauth_token_secret")
        }
        return OAuth1Token(token: token, secret: secret, callbackConfirmed: confirmed.map { $0 == "true" }, additionalFields: additional)
    }

    /// Parses a reply body given as bytes; it must be UTF-8.
    public static func parse(_ body: [UInt8]) throws(OAuth1Error) -> OAuth1Token {
        guard let text = String(validating: body, as: UTF8.self) else {
            throw failure("the reply is not UTF-8 text")
        }
        return try parse(text)
    }

    private static func failure(_ message: String) -> OAuth1Error {
        OAuth1Error(code: .invalidTokenResponse, message: message)
    }

    private static func snippet(_ text: Substring) -> String {
        let printable = text.unicodeScalars.prefix(30).map { $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : " " }
        return "'" + String(printable) + (text.unicodeScalars.count > 30 ? "…'" : "'")
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        let start = firstIndex { !isSpace($0) } ?? endIndex
        let end = lastIndex { !isSpace($0) }.map(index(after:)) ?? start
        return self[start..<end]
    }
}
