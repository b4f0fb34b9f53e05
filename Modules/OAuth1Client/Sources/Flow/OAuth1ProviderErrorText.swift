import Foundation
import SigningCore

/// Turns a provider's error response into an ``OAuth1Error`` that carries the provider's own
/// words and code, the mock server's reason, and, when the provider reports the base string it
/// computed, where it differs from ours; an OAuth problem report decides the code (see
/// `OAuth1ProviderErrorText+Problem.swift`), and an invalid or expired token gets its own code.
enum OAuth1ProviderErrorText {
    /// The error for an unsuccessful `response` to `sent` (the request as it went out), read at
    /// `now` (the client's clock, for a `Retry-After` given as a date).
    static func error(for response: OAuth1Response, sent: OAuth1Request, provider: String, now: Date) -> OAuth1Error {
        let report = OAuth1ProblemReport(response: response)
        let said = response.providerMessage ?? report.flatMap(providerMessage)
        let mockReason = response.mockReason
        var sentences = [said.map { "\(provider) says: \($0)" } ?? "\(provider) answered HTTP \(response.statusCode) with no explanation"]
        if let mockReason { sentences.append("The mock server's reason: \(mockReason)") }
        func error(_ code: OAuth1Error.Code, advice: String?, difference: OAuth1BaseStringDifference? = nil, theirs: String? = nil) -> OAuth1Error {
            OAuth1Error(
                code: code,
                message: (sentences + (advice.map { [$0] } ?? [])).map(terminated).joined(separator: " "),
                statusCode: response.statusCode,
                providerCode: said?.code ?? report?.problem.rawValue,
                providerMessage: said?.text,
                mockReason: mockReason,
                baseStringDifference: difference,
                serverSignatureBase: theirs,
                problemReport: report
            )
        }
        if response.statusCode == 429 {
            var limited = error(.rateLimited, advice: nil)
            limited.retryAfter = response.retryAfter(now: now)
            return limited
        }
        let reportedBaseString = report?.problem == .signatureInvalid ? report?.signatureBaseString : nil
        if let theirs = response.header(OAuth1BaseStringDifference.headerName) ?? reportedBaseString,
           let difference = baseStringDifference(sent: sent, theirs: theirs) {
            let advice = difference.isIdentical
                ? "Both sides signed the same base string, so a secret differs: check the consumer secret and the token secret"
                : "The base strings differ: \(difference)"
            return error(.signatureInvalid, advice: advice, difference: difference, theirs: theirs)
        }
        if let report {
            let reading = reading(report)
            return error(reading.code, advice: reading.advice)
        }
        if isTimestampRejection(response) {
            return error(.timestampRefused, advice: timestampAdvice(acceptable: nil))
        }
        if isNonceRejection(response.statusCode, said) {
            return error(.nonceUsed, advice: nonceAdvice)
        }
        if isTokenRejection(response.statusCode, said) {
            return error(.tokenRejected, advice: tokenAdvice)
        }
        return error(.requestRejected, advice: nil)
    }

    /// Where the base string the provider computed (its `X-OAuth1-Base-String`, or a problem
    /// report's `oauth_signature_base_string`) differs from the one of `sent`; `nil` when
    /// `sent` has no OAuth 1.0a signature to compare.
    private static func baseStringDifference(sent: OAuth1Request, theirs: String) -> OAuth1BaseStringDifference? {
        guard let ours = try? OAuth1IncomingRequest(
            method: sent.method, url: sent.url, authorizationHeader: sent.header("Authorization"),
            contentType: sent.header("Content-Type"), body: sent.body
        ).baseString else { return nil }
        return OAuth1BaseStringDifference(ours: ours, theirs: theirs)
    }

    /// The words of a report that came in `WWW-Authenticate` only, read as its form body would be.
    private static func providerMessage(_ report: OAuth1ProblemReport) -> ProviderMessage? {
        ProviderMessage(body: Array(FormEncoding.serialize(report.formFields).utf8))
    }

    /// Whether `response` refuses the request's timestamp: the Problem Reporting extension's
    /// `timestamp_refused` (a report with another problem refuses something else), Twitter's
    /// code 135, or any provider text about the timestamp.
    @Sendable static func isTimestampRejection(_ response: OAuth1Response) -> Bool {
        guard response.statusCode == 400 || response.statusCode == 401 else { return false }
        if let report = OAuth1ProblemReport(response: response) { return report.problem == .timestampRefused }
        guard let message = response.providerMessage else { return false }
        return message.code == "135" || message.code == "timestamp_refused" || message.text.lowercased().contains("timestamp")
    }

    /// Whether the provider says the nonce was used before: the Problem Reporting extension's
    /// `nonce_used`, or words about a used or replayed nonce.
    private static func isNonceRejection(_ status: Int, _ message: ProviderMessage?) -> Bool {
        guard status == 400 || status == 401, let message else { return false }
        if message.code == OAuth1ProblemReport.Problem.nonceUsed.rawValue { return true }
        let text = message.text.lowercased()
        return text.contains("nonce") && (text.contains("used") || text.contains("replay"))
    }

    /// The OAuth Problem Reporting extension's token problems.
    static let tokenProblems: Set<OAuth1ProblemReport.Problem> = [.tokenRejected, .tokenExpired, .tokenRevoked, .tokenUsed]

    /// Whether the provider says the token is no good: an OAuth token problem, or words about
    /// an invalid, expired or revoked token (Twitter's "Invalid or expired token.", Discogs'
    /// "The OAuth token has expired.", Netflix's "Invalid Or Expired Token").
    private static func isTokenRejection(_ status: Int, _ message: ProviderMessage?) -> Bool {
        guard status == 400 || status == 401 || status == 403, let message else { return false }
        if let code = message.code, tokenProblems.contains(OAuth1ProblemReport.Problem(rawValue: code)) { return true }
        let text = message.text.lowercased()
        return text.contains("token") && (text.contains("invalid") || text.contains("expired") || text.contains("revoked"))
    }

    private static func terminated(_ sentence: String) -> String {
        sentence.last.map { ".!?".contains($0) } == true ? sentence : sentence + "."
    }
}
