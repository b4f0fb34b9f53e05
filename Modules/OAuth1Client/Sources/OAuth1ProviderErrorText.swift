import Foundation
import SigningCore

/// Turns a provider's error response into an ``OAuth1Error`` that carries the provider's own
/// words and, when the provider reports the base string it computed, where it differs from ours.
enum OAuth1ProviderErrorText {
    /// The error for an unsuccessful `response` to `signed`.
    static func error(for response: OAuth1Response, signed: OAuth1SignedRequest, provider: String) -> OAuth1Error {
        let text = providerMessage(response.body)
        let said = text.isEmpty ? "\(provider) answered HTTP \(response.statusCode) with no explanation" : "\(provider) says: \(text)"
        if let header = response.header(OAuth1BaseStringDifference.headerName) {
            let theirs = (try? PercentEncoding.decode(header)) ?? header
            let difference = OAuth1BaseStringDifference(ours: signed.baseString, theirs: theirs)
            if difference.isIdentical {
                return OAuth1Error(
                    code: .signatureRejected,
                    message: "\(said). Both sides signed the same base string, so a secret differs: check the consumer secret and the token secret.",
                    statusCode: response.statusCode
                )
            }
            return OAuth1Error(
                code: .signatureRejected,
                message: "\(said). The base strings differ: \(difference.description).",
                statusCode: response.statusCode
            )
        }
        return OAuth1Error(code: .requestRejected, message: said, statusCode: response.statusCode)
    }

    /// The provider's message from a body in any of the shapes providers use: Twitter's
    /// `{"errors":[{"code":32,"message":"…"}]}`, Discogs' `{"message":"…"}`, the
    /// `oauth_problem=…&oauth_problem_advice=…` form of the Problem Reporting extension, or
    /// plain text (Netflix's `Invalid Signature`). Shortened and stripped of control characters.
    static func providerMessage(_ body: [UInt8]) -> String {
        guard let text = String(validating: body, as: UTF8.self)?.trimmingSpaces, !text.isEmpty else { return "" }
        if text.first == "{", let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] {
            if let errors = object["errors"] as? [[String: Any]], !errors.isEmpty {
                return clean(errors.map { error in
                    let message = error["message"] as? String ?? "error"
                    return (error["code"]).map { "\(message) (code \($0))" } ?? message
                }.joined(separator: "; "))
            }
            for key in ["message", "error_description", "error", "detail"] {
                if let message = object[key] as? String { return clean(message) }
            }
        }
        if text.contains("oauth_problem="), let fields = try? FormEncoding.parse(text),
           let problem = fields.first(where: { $0.name == "oauth_problem" })?.value {
            let advice = fields.first { $0.name == "oauth_problem_advice" }?.value
            return clean(advice.map { "\(problem): \($0)" } ?? problem)
        }
        return clean(String(text))
    }

    private static func clean(_ text: String) -> String {
        let scalars = text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) }
        let cleaned = String(scalars)
        return cleaned.count > 300 ? String(cleaned.prefix(300)) + "…" : cleaned
    }
}
