import Foundation
import Hummingbird
import HTTPTypes
import MockServerKit
import OAuth1Client
import SigningCore

/// The routes of one OAuth 1.0a provider instance.
struct OAuth1Routes: Sendable {
    let flavour: OAuth1Flavour
    let settings: OAuth1ProviderSettings
    let store: OAuth1TokenStore
    let server: MockServerContext
    let authenticator: OAuth1Authenticator

    func add(to router: Router<MockRequestContext>) {
        for method in flavour.tokenEndpointMethods {
            router.mockRoute(method, flavour.requestTokenPath, context: server) { request, context in
                await respond(context) { try await requestToken(request) }
            }
            router.mockRoute(method, flavour.accessTokenPath, context: server) { request, context in
                await respond(context) { try await accessToken(request) }
            }
        }
        router.mockRoute(.get, flavour.authorizePath, context: server) { request, context in
            await authorizePage(request, context: context)
        }
        router.mockRoute(.post, flavour.authorizePath, context: server) { request, context in
            await authorizeDecision(request, context: context)
        }
        router.mockRoute(.post, flavour.invalidateTokenPath, context: server) { request, context in
            await respond(context) {
                let caller = try await authenticator.authenticate(request, for: .resource)
                await store.revoke(caller.token ?? "")
                return ("access token revoked", .json(["access_token": caller.token ?? ""]))
            }
        }
        let resources = OAuth1Resources(flavour: flavour, store: store)
        for resource in flavour.resources {
            router.mockRoute(resource.method, resource.path, context: server) { request, context in
                await respond(context) {
                    let caller = try await authenticator.authenticate(request, for: .resource)
                    return ("signature valid", try await resources.serve(resource, request: request, caller: caller))
                }
            }
        }
    }

    /// Runs `body`; a thrown ``OAuth1ProviderError`` becomes the flavour's error response.
    private func respond(
        _ context: MockRequestContext,
        _ body: () async throws -> (reason: String, response: MockResponse)
    ) async -> MockResponse {
        do {
            let (reason, response) = try await body()
            context.note.accept(reason)
            return response
        } catch {
            let error = error as? OAuth1ProviderError
                ?? OAuth1ProviderError(code: .malformedRequest, message: "the request could not be processed: \(error)")
            context.note.reject("\(error.code): \(error.message)")
            return flavour.errorResponse(for: error, exposeBaseString: settings.exposesBaseString)
        }
    }

    // MARK: Temporary credentials

    private func requestToken(_ request: MockRequest) async throws(OAuth1ProviderError) -> (reason: String, response: MockResponse) {
        let caller = try await authenticator.authenticate(request, for: .requestToken)
        guard let callback = caller.incoming.callback else {
            throw OAuth1ProviderError(code: .missingParameter, message: "oauth_callback is required (OAuth 1.0a); send a callback URL or 'oob'")
        }
        guard callback == "oob" || Self.isAbsoluteHTTPURL(callback) else {
            throw OAuth1ProviderError(code: .malformedRequest, message: "oauth_callback must be an absolute http(s) URL or 'oob'")
        }
        let token = server.random.alphanumeric(length: 32)
        let secret = server.random.alphanumeric(length: 40)
        await store.addRequestToken(token, .init(secret: secret, consumerKey: caller.incoming.consumerKey, callback: callback, issued: request.now))
        var fields = [
            FormField("oauth_token", token),
            FormField("oauth_token_secret", secret),
            FormField("oauth_callback_confirmed", "true"),
        ]
        if let applicationName = flavour.applicationName {
            fields.append(FormField("application_name", applicationName))
        }
        if flavour.includesLoginURL, let authority = request.authority {
            fields.append(FormField("login_url", "http://\(authority)\(flavour.authorizePath)?oauth_token=\(token)"))
        }
        return ("request token issued", Self.form(fields))
    }

    // MARK: Token credentials

    private func accessToken(_ request: MockRequest) async throws(OAuth1ProviderError) -> (reason: String, response: MockResponse) {
        let caller = try await authenticator.authenticate(request, for: .accessToken)
        let token = "\(flavour.userID)-" + server.random.alphanumeric(length: 32)
        let secret = server.random.alphanumeric(length: 40)
        try await store.exchange(
            caller.token ?? "", verifier: caller.incoming.verifier, consumerKey: caller.incoming.consumerKey,
            newToken: token, newSecret: secret, now: request.now
        )
        var fields = [FormField("oauth_token", token), FormField("oauth_token_secret", secret)]
        for name in flavour.accessTokenFields {
            switch name {
            case "user_id": fields.append(FormField("user_id", flavour.userID))
            case "screen_name": fields.append(FormField("screen_name", flavour.screenName))
            default: break
            }
        }
        return ("access token issued", Self.form(fields))
    }

    // MARK: Resource-owner authorisation

    private func authorizePage(_ request: MockRequest, context: MockRequestContext) async -> MockResponse {
        guard let token = (try? request.queryFields())?.first(where: { $0.name == "oauth_token" })?.value else {
            context.note.reject("authorisation page without oauth_token")
            return Self.page(.badRequest, title: "Missing token", body: "<p>This page needs an <code>oauth_token</code> query parameter.</p>")
        }
        if settings.autoApprove {
            return await decide(token: token, approve: true, request: request, context: context)
        }
        do throws(OAuth1ProviderError) {
            _ = try await store.requestToken(token, now: request.now)
        } catch {
            context.note.reject("\(error.code): \(error.message)")
            return Self.page(.badRequest, title: "This page is no longer valid", body: "<p>\(Self.escape(error.message))</p>")
        }
        context.note.accept("authorisation page shown")
        let escaped = Self.escape(token)
        return Self.page(.ok, title: "Authorize app", body: """
            <p>The application wants to use your \(Self.escape(flavour.name)) account <b>@\(Self.escape(flavour.screenName))</b>.</p>
            <form method="post" action="\(flavour.authorizePath)">
            <input type="hidden" name="oauth_token" value="\(escaped)">
            <button type="submit" name="action" value="approve" id="allow">Authorize app</button>
            <button type="submit" name="action" value="deny" id="cancel">Cancel</button>
            </form>
            """)
    }

    private func authorizeDecision(_ request: MockRequest, context: MockRequestContext) async -> MockResponse {
        guard let fields = try? request.formFields(),
              let token = fields.first(where: { $0.name == "oauth_token" })?.value,
              let action = fields.first(where: { $0.name == "action" })?.value,
              action == "approve" || action == "deny"
        else {
            context.note.reject("authorisation form without oauth_token or action")
            return Self.page(.badRequest, title: "Bad request", body: "<p>Send <code>oauth_token</code> and <code>action=approve</code> or <code>action=deny</code> as a form.</p>")
        }
        return await decide(token: token, approve: action == "approve", request: request, context: context)
    }

    private func decide(token: String, approve: Bool, request: MockRequest, context: MockRequestContext) async -> MockResponse {
        let record: OAuth1TokenStore.RequestToken
        do throws(OAuth1ProviderError) {
            let pending = try await store.requestToken(token, now: request.now)
            let verifier = pending.callback == "oob" ? server.random.digits(7) : server.random.alphanumeric(length: 32)
            record = try await store.decide(token, approve: approve, verifier: verifier, now: request.now)
        } catch {
            context.note.reject("\(error.code): \(error.message)")
            return Self.page(.badRequest, title: "This page is no longer valid", body: "<p>\(Self.escape(error.message))</p>")
        }
        context.note.accept(approve ? "authorised" : "denied")
        if record.callback == "oob" {
            guard let pin = record.verifier else {
                return Self.page(.ok, title: "Access denied", body: "<p>You denied the application access.</p>")
            }
            return Self.page(.ok, title: "Your PIN", body: "<p>Enter this PIN in the application:</p><kbd><code id=\"oauth_pin\">\(pin)</code></kbd>")
        }
        let query = record.verifier.map { [FormField("oauth_token", token), FormField("oauth_verifier", $0)] }
            ?? [FormField("denied", token)]
        let separator = record.callback.contains("?") ? "&" : "?"
        var headers = HTTPFields()
        headers[.location] = record.callback + separator + FormEncoding.serialize(query)
        return MockResponse(status: .found, headers: headers)
    }

    // MARK: Helpers

    static func form(_ fields: [FormField]) -> MockResponse {
        MockResponse(contentType: "application/x-www-form-urlencoded", text: FormEncoding.serialize(fields))
    }

    static func page(_ status: HTTPResponse.Status, title: String, body: String) -> MockResponse {
        MockResponse(status: status, contentType: "text/html; charset=utf-8", text: """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>\(escape(title))</title></head>
            <body><h1>\(escape(title))</h1>
            \(body)
            </body></html>
            """)
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func isAbsoluteHTTPURL(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else { return false }
        return (scheme == "http" || scheme == "https") && url.host != nil
    }
}
