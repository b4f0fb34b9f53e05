import Foundation
import SigningCore

/// A provider's own explanation of an error, read from a response body in any of the shapes
/// providers use, so every client reports the provider's words and code instead of a bare
/// status: Twitter's `{"errors":[{"code":32,"message":"…"}]}`, Google's
/// `{"error":{"code":400,"message":"…"}}`, `{"message": …}`, `{"error_description": …}`,
/// `{"error": "…"}`, `{"detail": …}`, JSON-RPC's `{"error":{"message":…}}`, the
/// `oauth_problem=…&oauth_problem_advice=…` form of OAuth's Problem Reporting extension, an
/// XML `<message>…</message>` element (Netflix-style `<status>` bodies), or plain text.
public struct ProviderMessage: Sendable, Hashable, CustomStringConvertible {
    /// The longest text kept, in characters; longer text ends with `…`.
    public static let maximumLength = 300

    /// The provider's words, control characters turned into spaces (for several JSON errors,
    /// joined with `; `).
    public let text: String
    /// The provider's own error code, when the body has one: Twitter's `32`, the OAuth problem
    /// `token_expired`, an OAuth 2 `error` such as `invalid_request`. For several JSON errors,
    /// the first one's.
    public let code: String?

    /// Creates a message.
    public init(text: String, code: String? = nil) {
        self.text = text
        self.code = code
    }

    /// The message in `body`; `nil` when the body says nothing (empty, blank, or not UTF-8).
    public init?(body: [UInt8]) {
        guard let text = String(validating: body, as: UTF8.self)?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        if text.first == "{", let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
           let (message, code) = Self.message(inJSON: object) {
            self.init(text: Self.clean(message), code: code.map { Self.clean("\($0)") })
        } else if text.contains("oauth_problem="), let fields = try? FormEncoding.parse(text),
                  let problem = fields.first(where: { $0.name == "oauth_problem" })?.value {
            let advice = fields.first { $0.name == "oauth_problem_advice" }?.value
            self.init(text: Self.clean(advice ?? problem), code: Self.clean(problem))
        } else if text.first == "<", let message = Self.element("message", in: text) {
            self.init(text: Self.clean(message))
        } else {
            self.init(text: Self.clean(text))
        }
    }

    /// The text, then the code in parentheses when there is one: `Invalid or expired token. (code 89)`.
    public var description: String {
        code.map { "\(text) (code \($0))" } ?? text
    }

    private static func message(inJSON object: [String: Any]) -> (String, Any?)? {
        if let errors = object["errors"] as? [[String: Any]], !errors.isEmpty {
            let text = errors.map { error in
                let message = error["message"] as? String ?? "error"
                return errors.count > 1 ? (error["code"].map { "\(message) (code \($0))" } ?? message) : message
            }.joined(separator: "; ")
            return (text, errors[0]["code"])
        }
        if let error = object["error"] as? [String: Any], let message = error["message"] as? String {
            return (message, error["code"])
        }
        if let description = object["error_description"] as? String {
            return (description, object["error"] as? String)
        }
        for key in ["message", "error", "detail"] {
            if let message = object[key] as? String { return (message, nil) }
        }
        return nil
    }

    /// The text of the first `<name>…</name>` element, entities for markup characters decoded.
    private static func element(_ name: String, in xml: String) -> String? {
        guard let open = xml.range(of: "<\(name)>"), let close = xml.range(of: "</\(name)>", range: open.upperBound..<xml.endIndex) else { return nil }
        var text = String(xml[open.upperBound..<close.lowerBound])
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }

    private static func clean(_ text: String) -> String {
        let cleaned = String(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
        return cleaned.count > maximumLength ? String(cleaned.prefix(maximumLength)) + "…" : cleaned
    }
}
