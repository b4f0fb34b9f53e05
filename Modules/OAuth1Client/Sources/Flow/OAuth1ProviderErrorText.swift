import Foundation
import SigningCore

/// Turns a provider's error response into an ``OAuth1Error`` that carries the provider's own
/// words and code, the mock server's reason, and, when the provider reports the base string it
/// computed, where it differs from ours; an invalid or expired token gets its own code.
enum OAuth1ProviderErrorText {
    /// The error for an unsuccessful `response` to `sent` (the request as it went out).
    static func error(for response: OAuth1Response, sent: OAuth1Request, provider: String) -> OAuth1Error {
        let said = response.providerMessage
        let mockReason = response.mockReason
        var sentences = [said.map { "\(provider) says: \($0)" } ?? "\(provider) answered HTTP \(response.statusCode) with no explanation"]
        if let mockReason { sentences.append("The mock server's reason: \(mockReason)") }
        func error(_ code: OAuth1Error.Code, advice: String?, difference: OAuth1BaseStringDifference? = nil) -> OAuth1Error {
            OAuth1Error(
                code: code,
                message: (sentences + (advice.map { [$0] } ?? [])).map(terminated).joined(separator: " "),
                statusCode: response.statusCode,
                providerCode: said?.code,
                providerMessage: said?.text,
                mockReason: mockReason,
                baseStringDifference: difference
            )
        }
        if let theirs = response.header(OAuth1BaseStringDifference.headerName),
           let ours = try? OAuth1IncomingRequest(
               method: sent.method, url: sent.url, authorizationHeader: sent.header("Authorization"),
               contentType: sent.header("Content-Type"), body: sent.body
           ).baseString {
            let difference = OAuth1BaseStringDifference(ours: ours, theirs: theirs)
            let advice = difference.isIdentical
                ? "Both sides signed the same base string, so a secret differs: check the consumer secret and the token secret"
                : "The base strings differ: \(difference)"
            return error(.signatureInvalid, advice: advice, difference: difference)
        }
        if isTimestampRejection(response) {
            return error(.timestampRefused, advice: "The provider refused oauth_timestamp: the device's clock is probably off; with the client's clock-skew correction on (the default), it is retried once at the provider's time")
        }
        if isNonceRejection(response.statusCode, said) {
            return error(.nonceUsed, advice: "The provider has seen this oauth_nonce before: sign every request afresh, with a new nonce")
        }
        if isTokenRejection(response.statusCode, said) {
            return error(.tokenRejected, advice: "The token is invalid, expired or revoked: delete the stored access token and run the authorization flow again")
        }
        return error(.requestRejected, advice: nil)
    }

    /// Whether `response` refuses the request's timestamp: Twitter's code 135, the Problem
    /// Reporting extension's `timestamp_refused`, or any provider text about the timestamp.
    @Sendable static func isTimestampRejection(_ response: OAuth1Response) -> Bool {
        guard response.statusCode == 400 || response.statusCode == 401, let message = response.providerMessage else { return false }
        return message.code == "135" || message.code == "timestamp_refused" || message.text.lowercased().contains("timestamp")
    }

    /// Whether the provider says the nonce was used before: the Problem Reporting extension's
    /// `nonce_used`, or words about a used or replayed nonce.
    private static func isNonceRejection(_ status: Int, _ message: ProviderMessage?) -> Bool {
        guard status == 400 || status == 401, let message else { return false }
        if message.code == "nonce_used" { return true }
        let text = message.text.lowercased()
        return text.contains("nonce") && (text.contains("used") || text.contains("replay"))
    }

    /// The OAuth Problem Reporting extension's token problems.
    private static let tokenProblems: Set = ["token_rejected", "token_expired", "token_revoked", "token_used"]

    /// Whether the provider says the token is no good: an OAuth token problem, or words about
    /// an invalid, expired or revoked token (Twitter's "Invalid or expired token.", Discogs'
    /// "The OAuth token has expired.", Netflix's "Invalid Or Expired Token").
    private static func isTokenRejection(_ status: Int, _ message: ProviderMessage?) -> Bool {
        guard status == 400 || status == 401 || status == 403, let message else { return false }
        if let code = message.code, tokenProblems.contains(code) { return true }
        let text = message.text.lowercased()
        return text.contains("token") && (text.contains("invalid") || text.contains("expired") || text.contains("revoked"))
    }

    private static func terminated(_ sentence: String) -> String {
        sentence.last.map { ".!?".contains($0) } == true ? sentence : sentence + "."
    }
}
