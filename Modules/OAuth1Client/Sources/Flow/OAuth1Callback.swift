public import Foundation
import SigningCore

/// What the provider's redirect to the callback URL says (RFC 5849 §2.2): the authorised
/// token and the verifier to exchange it with.
public struct OAuth1Callback: Sendable, Hashable {
    /// The `oauth_token` the user authorised.
    public let token: String
    /// The `oauth_verifier`.
    public let verifier: String

    /// Reads the callback URL the provider redirected to.
    ///
    /// - Parameters:
    ///   - url: the callback URL with its query.
    ///   - requestToken: the request token being authorised; the callback must name it.
    /// - Throws: ``OAuth1Error/Code/authorizationDenied`` when the user refused (Twitter's
    ///   `denied=…`, `oauth_problem=user_refused|permission_denied`, `error=access_denied`),
    ///   ``OAuth1Error/Code/tokenMismatch`` when `oauth_token` is missing or names another
    ///   token (a stale or forged redirect), ``OAuth1Error/Code/missingVerifier`` when there
    ///   is no `oauth_verifier`, ``OAuth1Error/Code/invalidParameter`` for an undecodable query.
    public init(url: URL, requestToken: OAuth1Token) throws(OAuth1Error) {
        let parts = try OAuth1URLParts(url)
        let fields: [FormField]
        do throws(SigningCoreError) {
            fields = try FormEncoding.parse(parts.query ?? "")
        } catch {
            throw OAuth1Error(code: .invalidParameter, message: "the callback URL's query cannot be decoded: \(error.description)")
        }
        func value(_ name: String) -> String? { fields.first { $0.name == name }?.value }
        if value("denied") != nil {
            throw OAuth1Error(code: .authorizationDenied, message: "the user declined to authorise the application")
        }
        if let problem = value("oauth_problem") {
            throw OAuth1Error(code: .authorizationDenied, message: "the provider reported '\(problem.prefix(60))'; the user did not authorise the application")
        }
        if let error = value("error") {
            throw OAuth1Error(code: .authorizationDenied, message: "the provider reported '\(error.prefix(60))'; the user did not authorise the application")
        }
        guard let token = value("oauth_token") else {
            throw OAuth1Error(code: .tokenMismatch, message: "the callback carries no oauth_token; it is not the answer to this authorisation")
        }
        guard ConstantTime.isEqual(token, requestToken.token) else {
            throw OAuth1Error(code: .tokenMismatch, message: "the callback is for another request token; start the authorisation again")
        }
        guard let verifier = value("oauth_verifier"), !verifier.isEmpty else {
            throw OAuth1Error(code: .missingVerifier, message: "the callback carries no oauth_verifier; the provider did not complete the authorisation")
        }
        self.token = token
        self.verifier = verifier
    }
}
