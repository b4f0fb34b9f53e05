import Foundation

/// The provider's mutable state: request tokens and access tokens. An actor, so concurrent
/// requests see one consistent state (a request token is exchanged once even when two
/// requests race). Used nonces live in the server's replay store (``MockServerKit/MockServerContext/replayStore``).
actor OAuth1TokenStore {
    struct RequestToken: Sendable {
        var secret: String
        var consumerKey: String
        var callback: String
        var issued: Date
        var verifier: String?
        var denied = false
    }

    struct AccessToken: Sendable {
        var secret: String
        var consumerKey: String
        var issued: Date
        var revoked = false
    }

    private let options: OAuth1MockOptions
    private var requestTokens: [String: RequestToken] = [:]
    private var accessTokens: [String: AccessToken] = [:]
    private var nextStatusID = 1_000_000_000_000
    private var nextIssueNumber = 0

    init(options: OAuth1MockOptions, accessTokens: [String: AccessToken] = [:]) {
        self.options = options
        self.accessTokens = accessTokens
    }

    // MARK: Request tokens

    func addRequestToken(_ token: String, _ record: RequestToken) {
        purgeExpired(now: record.issued)
        requestTokens[token] = record
    }

    /// The live request token, or why it is not usable.
    func requestToken(_ token: String, now: Date) throws(OAuth1MockError) -> RequestToken {
        guard let record = requestTokens[token] else {
            throw OAuth1MockError(code: .invalidToken, message: "the request token is unknown or was already exchanged; request a new one")
        }
        guard now.timeIntervalSince(record.issued) <= TimeInterval(options.requestTokenLifetimeSeconds) else {
            requestTokens[token] = nil
            throw OAuth1MockError(code: .expiredToken, message: "the request token expired after \(options.requestTokenLifetimeSeconds) s; start the flow again")
        }
        return record
    }

    /// Records the resource owner's decision; returns the updated record.
    func decide(_ token: String, approve: Bool, verifier: String, now: Date) throws(OAuth1MockError) -> RequestToken {
        var record = try requestToken(token, now: now)
        guard record.verifier == nil, !record.denied else {
            throw OAuth1MockError(code: .invalidToken, message: "this request token was already authorised or denied")
        }
        if approve { record.verifier = verifier } else { record.denied = true }
        requestTokens[token] = record
        return record
    }

    /// Exchanges an authorised request token for a new access token; the request token is
    /// used up on success.
    func exchange(
        _ token: String, verifier: String?, consumerKey: String, newToken: String, newSecret: String, now: Date
    ) throws(OAuth1MockError) {
        let record = try requestToken(token, now: now)
        guard record.consumerKey == consumerKey else {
            throw OAuth1MockError(code: .invalidToken, message: "the request token was issued to another consumer")
        }
        guard let expected = record.verifier else {
            throw OAuth1MockError(code: .invalidVerifier, message: record.denied
                ? "the resource owner denied access; the request token cannot be exchanged"
                : "the request token has not been authorised yet; send the user to the authorisation page first")
        }
        guard let verifier else {
            throw OAuth1MockError(code: .invalidVerifier, message: "the access-token request has no oauth_verifier; pass the verifier from the callback (or the PIN)")
        }
        guard verifier == expected else {
            throw OAuth1MockError(code: .invalidVerifier, message: "oauth_verifier does not match the one issued for this request token")
        }
        requestTokens[token] = nil
        accessTokens[newToken] = AccessToken(secret: newSecret, consumerKey: consumerKey, issued: now)
    }

    // MARK: Access tokens

    /// The live access token, or why it is not usable.
    func accessToken(_ token: String, consumerKey: String, now: Date) throws(OAuth1MockError) -> AccessToken {
        guard let record = accessTokens[token], record.consumerKey == consumerKey else {
            throw OAuth1MockError(code: .invalidToken, message: "the access token is unknown or belongs to another consumer; run the authorisation flow again")
        }
        guard !record.revoked else {
            throw OAuth1MockError(code: .invalidToken, message: "the access token was revoked; run the authorisation flow again")
        }
        if let lifetime = options.accessTokenLifetimeSeconds, now.timeIntervalSince(record.issued) > TimeInterval(lifetime) {
            throw OAuth1MockError(code: .expiredToken, message: "the access token expired after \(lifetime) s; run the authorisation flow again")
        }
        return record
    }

    /// Revokes an access token.
    func revoke(_ token: String) {
        accessTokens[token]?.revoked = true
    }

    /// A fresh status id (Twitter).
    func nextStatus() -> Int {
        nextStatusID += 1
        return nextStatusID
    }

    /// A fresh issue number (Jira): 1, 2, …
    func nextIssue() -> Int {
        nextIssueNumber += 1
        return nextIssueNumber
    }

    private func purgeExpired(now: Date) {
        let lifetime = TimeInterval(options.requestTokenLifetimeSeconds)
        requestTokens = requestTokens.filter { now.timeIntervalSince($0.value.issued) <= lifetime }
    }
}
