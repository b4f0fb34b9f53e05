public import Foundation
import SigningCore

/// The 3-legged OAuth 1.0a flow (RFC 5849 §2) against one provider, then signed requests.
///
/// An immutable `Sendable` value: every step takes the token it works on and returns the next
/// one, so nothing is shared and any task may call it.
///
/// ```swift
/// let client = OAuth1Client(configuration: OAuth1Configuration(provider: .twitter, consumerKey: key, consumerSecret: secret))
/// let requestToken = try await client.requestToken(callback: URL(string: "myapp://oauth")!)
/// open(client.authorizationURL(for: requestToken))             // the user approves
/// let callback = try OAuth1Callback(url: redirectURL, requestToken: requestToken)
/// let accessToken = try await client.accessToken(for: requestToken, verifier: callback.verifier)
/// let response = try await client.send(OAuth1Request(url: apiURL), with: accessToken)
/// ```
///
/// Made as every client of this package is: a configuration (the service and the credentials)
/// and a `SignedHTTPClient` (``http``: transport, retries, clocks, clock-skew correction,
/// observer). Each attempt is signed afresh, at the provider's time once its clock is known.
/// ``send(_:with:bodySigning:)`` returns a 2xx answer and throws ``OAuth1Error`` for any other, as every
/// client's `send` does.
///
/// Errors are ``OAuth1Error`` (a provider's 4xx/5xx carries the provider's own message and,
/// when the provider reports its base string, the difference from ours; a transport failure
/// keeps the transport's error as ``OAuth1Error/cause``), or `CancellationError` when the task
/// is cancelled.
public struct OAuth1Client: Sendable {
    /// The provider, the client credentials and the nonce source.
    public let configuration: OAuth1Configuration
    /// How requests are sent, retried, clock-corrected and observed.
    public let http: SignedHTTPClient

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - configuration: the provider and the application's credentials.
    ///   - http: a `SignedHTTPClient()` by default: `URLSession`, no retries (the token legs
    ///     are `POST`s; `RetryPolicy.recommended` retries idempotent requests on 408, 429 and
    ///     5xx, each attempt signed afresh), clock-skew correction on (a "timestamp out of
    ///     bounds" rejection is retried once at the provider's time).
    public init(configuration: OAuth1Configuration, http: SignedHTTPClient = SignedHTTPClient()) {
        self.configuration = configuration
        self.http = http
    }

    /// Creates a client for `provider` with the application's key and secret: the same as
    /// `OAuth1Client(configuration: OAuth1Configuration(provider:consumerKey:consumerSecret:), http:)`.
    public init(provider: OAuth1Provider, consumerKey: String, consumerSecret: String, http: SignedHTTPClient = SignedHTTPClient()) {
        self.init(configuration: OAuth1Configuration(provider: provider, consumerKey: consumerKey, consumerSecret: consumerSecret), http: http)
    }

    /// The provider's endpoints and quirks.
    public var provider: OAuth1Provider { configuration.provider }
    /// The client credentials (no token).
    public var credentials: OAuth1Credentials { configuration.credentials }
    /// The nonce source.
    public var nonce: @Sendable () -> String { configuration.nonce }

    /// A signer with the provider's settings (its ``OAuth1Provider/bodySigning`` for resource
    /// requests) and `token` (a request or access token), if any.
    public func signer(for token: OAuth1Token? = nil) -> OAuth1Signer {
        var signer = OAuth1Signer(
            credentials: token.map(credentials.with) ?? credentials,
            signatureMethod: provider.signatureMethod,
            transmission: provider.transmission,
            includesVersion: provider.includesVersion,
            bodySigning: provider.bodySigning,
            clock: http.deviceClock,
            nonce: nonce
        )
        signer.sendsBaseString = configuration.sendsBaseString
        return signer
    }

    /// Leg 1: obtains a request token (temporary credentials, RFC 5849 §2.1).
    ///
    /// - Parameter callback: where the provider sends the user back; `nil` sends `oob`
    ///   (out of band: the user copies the verifier by hand).
    /// - Throws: ``OAuth1Error/Code/callbackNotConfirmed`` when the provider speaks OAuth 1.0a
    ///   but did not answer `oauth_callback_confirmed=true` (continuing would reopen the
    ///   session-fixation hole 1.0a closed); otherwise as ``send(_:with:bodySigning:)`` and
    ///   ``OAuth1Token/parse(_:)-(String)``.
    public func requestToken(callback: URL?) async throws -> OAuth1Token {
        let request = OAuth1Request(method: provider.requestTokenMethod, url: provider.requestTokenURL)
        let token = try await tokenCall(request, token: nil, callback: callback?.absoluteString ?? "oob", verifier: nil)
        if provider.requiresCallbackConfirmation, token.callbackConfirmed != true {
            throw OAuth1Error(
                code: .callbackNotConfirmed,
                message: "\(provider.name) did not confirm the callback (oauth_callback_confirmed=true is missing); refusing to continue an OAuth 1.0a flow without it"
            )
        }
        return token
    }

    /// Leg 2: the URL where the user authorises `requestToken` (RFC 5849 §2.2), with the
    /// provider's extra parameters.
    public func authorizationURL(for requestToken: OAuth1Token) -> URL {
        var fields = [FormField("oauth_token", requestToken.token)]
        if provider.authorizationIncludesConsumerKey { fields.append(FormField("oauth_consumer_key", credentials.consumerKey)) }
        for name in provider.authorizationFieldsFromRequestToken {
            if let value = requestToken[field: name] { fields.append(FormField(name, value)) }
        }
        fields += provider.authorizationParameters
        return provider.authorizationURL.appendingQuery(fields)
    }

    /// Leg 2, back: reads the callback URL; see ``OAuth1Callback/init(url:requestToken:)``.
    public func callback(_ url: URL, for requestToken: OAuth1Token) throws(OAuth1Error) -> OAuth1Callback {
        try OAuth1Callback(url: url, requestToken: requestToken)
    }

    /// Leg 3: exchanges the authorised request token and the verifier for an access token
    /// (RFC 5849 §2.3). Extra reply fields (`user_id`, `screen_name`, …) are kept.
    public func accessToken(for requestToken: OAuth1Token, verifier: String) async throws -> OAuth1Token {
        let request = OAuth1Request(method: provider.accessTokenMethod, url: provider.accessTokenURL)
        return try await tokenCall(request, token: requestToken, callback: nil, verifier: verifier)
    }

    /// Signs `request` with `token` (normally the access token) and sends it.
    ///
    /// - Parameters:
    ///   - request: the request; a form body is signed field by field, any other body as
    ///     `bodySigning` says.
    ///   - token: the access token (`nil` for a two-legged request signed by the consumer alone).
    ///   - bodySigning: overrides the provider's ``OAuth1Provider/bodySigning`` for this request.
    /// - Returns: the provider's successful (2xx) response.
    /// - Throws: ``OAuth1Error/Code/requestRejected`` with the provider's own error text for
    ///   any other status, ``OAuth1Error/Code/signatureInvalid`` when the provider also
    ///   reported its base string (header `X-OAuth1-Base-String`), with the difference;
    ///   ``OAuth1Error/Code/transportFailed`` when no response arrived.
    public func send(_ request: OAuth1Request, with token: OAuth1Token?, bodySigning: OAuth1BodySigning? = nil) async throws -> OAuth1Response {
        try await send(request, token: token, callback: nil, verifier: nil, bodySigning: bodySigning ?? provider.bodySigning).response
    }

    private func tokenCall(_ request: OAuth1Request, token: OAuth1Token?, callback: String?, verifier: String?) async throws -> OAuth1Token {
        let (response, _) = try await send(request, token: token, callback: callback, verifier: verifier, bodySigning: provider.tokenRequestBodySigning)
        do {
            return try OAuth1Token.parse(response.body)
        } catch {
            throw OAuth1Error(code: error.code, message: "\(provider.name): \(error.message)", statusCode: response.statusCode)
        }
    }

    private func send(
        _ request: OAuth1Request, token: OAuth1Token?, callback: String?, verifier: String?, bodySigning: OAuth1BodySigning
    ) async throws -> (response: OAuth1Response, sent: OAuth1Request) {
        var request = request
        for (name, value) in provider.additionalHeaders where request.header(name) == nil { request.setHeader(name, value) }
        var signer = signer(for: token)
        signer.bodySigning = bodySigning
        let leg = LegSigner(signer: signer, callback: callback, verifier: verifier)
        let exchange = try await http.send(request, signer: leg, isClockSkewRejection: OAuth1ProviderErrorText.isTimestampRejection, failure: OAuth1Error.self)
        guard exchange.response.isSuccess else {
            throw OAuth1ProviderErrorText.error(for: exchange.response, sent: exchange.request, provider: provider.name, now: http.deviceClock())
        }
        return (exchange.response, exchange.request)
    }

}

/// One leg's signing: the client's signer plus that leg's `oauth_callback` or `oauth_verifier`.
private struct LegSigner: RequestSigner {
    let signer: OAuth1Signer
    let callback: String?
    let verifier: String?

    func sign(_ request: APIRequest, at date: Date) throws -> APIRequest {
        try signer.sign(request, timestamp: date, callback: callback, verifier: verifier).request
    }
}
