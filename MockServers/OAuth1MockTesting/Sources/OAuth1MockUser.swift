public import Foundation
import MockServerKit
public import OAuth1Client
import OAuth1Mock
import SigningCore

/// The person at the mock provider's authorisation page, for tests: approves or denies a
/// request token over HTTP, as a browser would — `GET` the authorisation URL, `POST` the
/// page's form (`OAuth1AuthorizationForm`), read the redirect's `Location`
/// without following it — so it works against an in-process `MockServer`, the
/// standalone `mock-servers`, and (with `TestClientTransport`) HummingbirdTesting's `.router`.
///
/// ```swift
/// let user = OAuth1MockUser()                                      // does not follow redirects
/// let token = try await user.signIn(with: OAuth1Flavour.twitter.client(at: server.baseURL))
/// ```
public struct OAuth1MockUser: Sendable {
    /// The callback ``signIn(with:callback:)`` registers unless told otherwise: `myapp://oauth`,
    /// an app's custom scheme, which the mock accepts like any absolute URI.
    public static let defaultCallback = URL(string: "myapp://oauth")!

    /// How the pages are fetched. It must return redirects rather than follow them.
    public let transport: any HTTPTransport

    /// Creates a user whose browser is `transport`.
    ///
    /// - Parameter transport: `URLSessionTransport(followsRedirects: false)` by default (a
    ///   transport that follows redirects would try to open `myapp://…`);
    ///   `TestClientTransport` under HummingbirdTesting.
    public init(transport: any HTTPTransport = URLSessionTransport(followsRedirects: false)) {
        self.transport = transport
    }

    /// Opens `authorizationURL` and approves: the verifier — the redirect's `oauth_verifier`, or
    /// the PIN for an `oob` request token.
    ///
    /// - Throws: ``OAuth1MockTestingError`` (see ``decide(_:approve:)``), code
    ///   ``OAuth1MockTestingError/Code/unexpectedPage`` when the redirect carries no verifier.
    public func approve(_ authorizationURL: URL) async throws -> String {
        let decision = try await decide(authorizationURL, approve: true)
        guard let verifier = decision.verifier else {
            throw OAuth1MockTestingError(code: .unexpectedPage, message: "the approval gave no verifier (\(decision))")
        }
        return verifier
    }

    /// Opens `authorizationURL` and denies: ``OAuth1MockDecision/redirect(_:)`` to the callback
    /// with `denied=` (which `OAuth1Client.callback(_:for:)` reports as
    /// `OAuth1Error.Code.authorizationDenied`), or ``OAuth1MockDecision/deniedOutOfBand`` for `oob`.
    ///
    /// - Throws: ``OAuth1MockTestingError`` (see ``decide(_:approve:)``).
    public func deny(_ authorizationURL: URL) async throws -> OAuth1MockDecision {
        try await decide(authorizationURL, approve: false)
    }

    /// Opens `authorizationURL` (the one `OAuth1Client.authorizationURL(for:)` gives) and
    /// submits the page's approve or deny button.
    ///
    /// - Throws: ``OAuth1MockTestingError`` with code ``OAuth1MockTestingError/Code/pageRefused``
    ///   (the mock's `X-Mock-Reason` in the message) for an unknown, expired or already decided
    ///   token, ``OAuth1MockTestingError/Code/cannotDeny`` when a denial meets a provider that
    ///   approves at once (`autoApprove`), ``OAuth1MockTestingError/Code/unexpectedPage`` for
    ///   a page with neither form, redirect nor PIN, ``OAuth1MockTestingError/Code/transportFailed``
    ///   when no response arrived.
    public func decide(_ authorizationURL: URL, approve: Bool) async throws -> OAuth1MockDecision {
        let page = try await fetch(APIRequest(url: authorizationURL, headers: Self.browserHeaders))
        if let decided = try decided(page, step: "GET", approve: approve) {
            guard approve else {
                throw OAuth1MockTestingError(
                    code: .cannotDeny,
                    message: "the provider approved without showing the form (its autoApprove option is on), so it cannot be denied"
                )
            }
            return decided
        }
        guard page.statusCode == 200, page.text.contains("name=\"\(OAuth1AuthorizationForm.actionField)\"") else {
            throw refusal(page, step: "GET")
        }
        let address = authorizationURL.absoluteString
        let query = address.split(separator: "?", maxSplits: 1).dropFirst().first ?? ""
        guard let token = (try? FormEncoding.parse(query))?.first(where: { $0.name == OAuth1AuthorizationForm.tokenField })?.value,
              let formURL = URL(string: String(address.prefix { $0 != "?" }))
        else {
            throw OAuth1MockTestingError(code: .unexpectedPage, message: "the authorisation URL \(address.prefix(120)) carries no oauth_token")
        }
        let answer = try await fetch(APIRequest(url: formURL, form: OAuth1AuthorizationForm.fields(token: token, approve: approve), headers: Self.browserHeaders))
        if let decided = try decided(answer, step: "POST", approve: approve) {
            return decided
        }
        if answer.statusCode == 200, !approve {
            return .deniedOutOfBand
        }
        throw refusal(answer, step: "POST")
    }

    /// The whole 3-legged flow with `client`: a request token for `callback` (`nil` for
    /// `oob`), approval on the page, the access token. The redirect is read with
    /// `client.callback(_:for:)`, as the app reads its callback URL.
    ///
    /// - Returns: the access token, ready for `client.send(_:with:)`.
    /// - Throws: `OAuth1Error` from the client's legs, ``OAuth1MockTestingError`` from the page.
    public func signIn(with client: OAuth1Client, callback: URL? = OAuth1MockUser.defaultCallback) async throws -> OAuth1Token {
        let requestToken = try await client.requestToken(callback: callback)
        let verifier: String
        switch try await decide(client.authorizationURL(for: requestToken), approve: true) {
        case .redirect(let url): verifier = try client.callback(url, for: requestToken).verifier
        case .pin(let pin): verifier = pin
        case .deniedOutOfBand: throw OAuth1MockTestingError(code: .unexpectedPage, message: "the page reported a denial after an approval")
        }
        return try await client.accessToken(for: requestToken, verifier: verifier)
    }

    // MARK: Pages

    /// What a browser sends with every page request.
    private static let browserHeaders: HeaderFields = ["User-Agent": OAuth1Flavour.testUserAgent, "Accept": "text/html"]

    /// The decision `page` shows, if it shows one: a redirect, or a PIN when approving.
    private func decided(_ page: APIResponse, step: String, approve: Bool) throws(OAuth1MockTestingError) -> OAuth1MockDecision? {
        if (300..<400).contains(page.statusCode) {
            guard let location = page.header("Location"), let url = URL(string: location) else {
                throw OAuth1MockTestingError(code: .unexpectedPage, message: "\(step) answered \(page.statusCode) without a usable Location")
            }
            return .redirect(url)
        }
        if page.statusCode == 200, let pin = OAuth1AuthorizationForm.pin(inPage: page.text) {
            return .pin(pin)
        }
        return nil
    }

    private func refusal(_ page: APIResponse, step: String) -> OAuth1MockTestingError {
        guard page.statusCode != 200 else {
            return OAuth1MockTestingError(code: .unexpectedPage, message: "\(step) answered a page with neither a form, a redirect nor a PIN")
        }
        let reason = page.mockReason ?? page.providerMessage?.description ?? "no explanation"
        return OAuth1MockTestingError(code: .pageRefused, message: "the authorisation page's \(step) answered \(page.statusCode): \(reason)")
    }

    private func fetch(_ request: APIRequest) async throws -> APIResponse {
        do {
            return try await transport.send(request)
        } catch let error as OAuth1MockTestingError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw OAuth1MockTestingError(code: .transportFailed, message: "\(request.method) \(request.url.absoluteString.prefix(120)) got no response: \(error)", cause: error)
        }
    }
}

extension APIResponse {
    /// The body as UTF-8 text.
    fileprivate var text: String { String(decoding: body, as: UTF8.self) }
}
