import Foundation
import SigningCore

/// Turns a provider's error response into an ``OAuth1Error`` that carries the provider's own
/// words and, when the provider reports the base string it computed, where it differs from ours.
enum OAuth1ProviderErrorText {
    /// The error for an unsuccessful `response` to `sent` (the request as it went out).
    static func error(for response: OAuth1Response, sent: OAuth1Request, provider: String) -> OAuth1Error {
        let text = response.providerMessage
        let said = text.isEmpty ? "\(provider) answered HTTP \(response.statusCode) with no explanation" : "\(provider) says: \(text)"
        guard let header = response.header(OAuth1BaseStringDifference.headerName),
              let ours = try? OAuth1IncomingRequest(
                  method: sent.method, url: sent.url, authorizationHeader: sent.header("Authorization"),
                  contentType: sent.header("Content-Type"), body: sent.body
              ).baseString
        else {
            return OAuth1Error(code: .requestRejected, message: said, statusCode: response.statusCode)
        }
        let theirs = (try? PercentEncoding.decode(header)) ?? header
        let difference = OAuth1BaseStringDifference(ours: ours, theirs: theirs)
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
}
