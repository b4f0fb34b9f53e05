import Foundation
import SigningCore

/// A provider's own explanation of an error, read from a response body in any of the shapes
/// providers use, so every client reports the provider's words instead of a bare status code.
public enum ProviderMessage {
    /// The longest message kept, in characters; longer ones end with `…`.
    public static let maximumLength = 300

    /// The message in `body`: Twitter's `{"errors":[{"code":32,"message":"…"}]}`, Google's
    /// `{"error":{"code":400,"message":"…"}}`, `{"message": …}`, `{"error_description": …}`,
    /// `{"error": "…"}`, `{"detail": …}`, JSON-RPC's `{"error":{"message":…}}`, the
    /// `oauth_problem=…&oauth_problem_advice=…` form of OAuth's Problem Reporting extension, or
    /// plain text. Control characters become spaces; empty when the body says nothing.
    public static func extract(from body: [UInt8]) -> String {
        guard let text = String(validating: body, as: UTF8.self)?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return "" }
        if text.first == "{", let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] {
            if let message = message(inJSON: object) { return clean(message) }
        }
        if text.contains("oauth_problem="), let fields = try? FormEncoding.parse(text),
           let problem = fields.first(where: { $0.name == "oauth_problem" })?.value {
            let advice = fields.first { $0.name == "oauth_problem_advice" }?.value
            return clean(advice.map { "\(problem): \($0)" } ?? problem)
        }
        return clean(text)
    }

    private static func message(inJSON object: [String: Any]) -> String? {
        if let errors = object["errors"] as? [[String: Any]], !errors.isEmpty {
            return errors.map { error in
                let message = error["message"] as? String ?? "error"
                return error["code"].map { "\(message) (code \($0))" } ?? message
            }.joined(separator: "; ")
        }
        if let error = object["error"] as? [String: Any], let message = error["message"] as? String {
            return error["code"].map { "\(message) (code \($0))" } ?? message
        }
        for key in ["message", "error_description", "error", "detail"] {
            if let message = object[key] as? String { return message }
        }
        return nil
    }

    private static func clean(_ text: String) -> String {
        let cleaned = String(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
        return cleaned.count > maximumLength ? String(cleaned.prefix(maximumLength)) + "…" : cleaned
    }
}
