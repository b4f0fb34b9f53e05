import Hummingbird
import HTTPTypes
import MockServerKit
import OAuth1Client
import SigningCore

/// The routes of one OAuth 1.0a provider instance. Each handler records what it did with
/// `context.note.accept(_:)` and refuses a request by throwing ``OAuth1MockError``, which the
/// route runner journals and answers in the flavour's shape.
struct OAuth1Routes: Sendable {
    let flavour: OAuth1Flavour
    let options: OAuth1MockOptions
    let store: OAuth1TokenStore
    let server: MockServerContext
    let authenticator: OAuth1Authenticator

    func add(to router: Router<MockRequestContext>) {
        let operations = OAuth1MockOperations(flavour: flavour)
        for method in flavour.tokenEndpointMethods {
            router.mockRoute(method, flavour.requestTokenPath, context: server, operation: operations.token("Temporary credentials: a request token for the callback.")) { request, context in
                try await requestToken(request, context: context)
            }
            router.mockRoute(method, flavour.accessTokenPath, context: server, operation: operations.token("Token credentials: the approved request token and its verifier exchanged.")) { request, context in
                try await accessToken(request, context: context)
            }
        }
        router.mockRoute(.get, flavour.authorizePath, context: server, operation: operations.authorizePage) { request, context in
            try await authorizePage(request, context: context)
        }
        router.mockRoute(.post, flavour.authorizePath, context: server, operation: operations.authorizeDecision) { request, context in
            try await authorizeDecision(request, context: context)
        }
        router.mockRoute(.post, flavour.invalidateTokenPath, context: server, operation: operations.invalidate) { request, context in
            let caller = try await authenticator.authenticate(request, for: .resource)
            await store.revoke(caller.token ?? "")
            context.note.accept("access token revoked")
            return .json(["access_token": caller.token ?? ""])
        }
        let resources = OAuth1Resources(flavour: flavour, store: store)
        for resource in flavour.resources {
            router.mockRoute(resource.method, resource.path, context: server, operation: operations.resource(resource)) { request, context in
                let caller = try await authenticator.authenticate(request, for: .resource)
                let response = try await resources.serve(resource, request: request, caller: caller)
                context.note.accept("signature valid")
                return response
            }
        }
    }

    // MARK: Temporary credentials

    private func requestToken(_ request: MockRequest, context: MockRequestContext) async throws(OAuth1MockError) -> MockResponse {
        let caller = try await authenticator.authenticate(request, for: .requestToken)
        let missing = flavour.missingCallback == .outOfBand ? OAuth1CallbackPolicy.outOfBand : nil
        guard let callback = caller.request.callback ?? missing else {
            throw OAuth1MockError(code: .missingParameter, message: "oauth_callback is required (OAuth 1.0a); send a callback URL or 'oob'")
        }
        try OAuth1CallbackPolicy(registeredCallbacks: options.registeredCallbacks).check(callback)
        let token = server.random.alphanumeric(length: 32)
        let secret = server.random.alphanumeric(length: 40)
        await store.addRequestToken(token, .init(secret: secret, consumerKey: caller.request.consumerKey, callback: callback, issued: request.now))
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
        context.note.accept("request token issued")
        return .form(fields)
    }

    // MARK: Token credentials

    private func accessToken(_ request: MockRequest, context: MockRequestContext) async throws(OAuth1MockError) -> MockResponse {
        let caller = try await authenticator.authenticate(request, for: .accessToken)
        let token = "\(flavour.userID)-" + server.random.alphanumeric(length: 32)
        let secret = server.random.alphanumeric(length: 40)
        try await store.exchange(
            caller.token ?? "", verifier: caller.request.verifier, consumerKey: caller.request.consumerKey,
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
        context.note.accept("access token issued")
        return .form(fields)
    }

    // MARK: Resource-owner authorisation

    private func authorizePage(_ request: MockRequest, context: MockRequestContext) async throws(OAuth1MockError) -> MockResponse {
        guard let token = (try? request.queryFields())?.first(where: { $0.name == OAuth1AuthorizationForm.tokenField })?.value else {
            throw OAuth1MockError(code: .missingParameter, message: "This page needs an oauth_token query parameter.")
                .shownAsPage(title: "Missing token")
        }
        if options.autoApprove {
            return try await decide(token: token, approve: true, request: request, context: context)
        }
        do throws(OAuth1MockError) {
            _ = try await store.requestToken(token, now: request.now)
        } catch {
            throw error.shownAsPage(title: Self.invalidPageTitle)
        }
        context.note.accept("authorisation page shown")
        let escaped = MockResponse.escapingMarkup(token)
        return .html(title: "Authorize app", body: """
            <p>The application wants to use your \(MockResponse.escapingMarkup(flavour.name)) account <b>@\(MockResponse.escapingMarkup(flavour.screenName))</b>.</p>
            <form method="post" action="\(flavour.authorizePath)">
            <input type="hidden" name="\(OAuth1AuthorizationForm.tokenField)" value="\(escaped)">
            <button type="submit" name="\(OAuth1AuthorizationForm.actionField)" value="\(OAuth1AuthorizationForm.approveAction)" id="allow">Authorize app</button>
            <button type="submit" name="\(OAuth1AuthorizationForm.actionField)" value="\(OAuth1AuthorizationForm.denyAction)" id="cancel">Cancel</button>
            </form>
            """)
    }

    private func authorizeDecision(_ request: MockRequest, context: MockRequestContext) async throws(OAuth1MockError) -> MockResponse {
        guard let fields = try? request.formFields(),
              let token = fields.first(where: { $0.name == OAuth1AuthorizationForm.tokenField })?.value,
              let action = fields.first(where: { $0.name == OAuth1AuthorizationForm.actionField })?.value,
              action == OAuth1AuthorizationForm.approveAction || action == OAuth1AuthorizationForm.denyAction
        else {
            throw OAuth1MockError(code: .missingParameter, message: "Send oauth_token and action=approve or action=deny as a form.")
                .shownAsPage(title: "Bad request")
        }
        return try await decide(token: token, approve: action == OAuth1AuthorizationForm.approveAction, request: request, context: context)
    }

    private func decide(token: String, approve: Bool, request: MockRequest, context: MockRequestContext) async throws(OAuth1MockError) -> MockResponse {
        let record: OAuth1TokenStore.RequestToken
        do throws(OAuth1MockError) {
            let pending = try await store.requestToken(token, now: request.now)
            let verifier = pending.callback == OAuth1CallbackPolicy.outOfBand ? server.random.digits(7) : server.random.alphanumeric(length: 32)
            record = try await store.decide(token, approve: approve, verifier: verifier, now: request.now)
        } catch {
            throw error.shownAsPage(title: Self.invalidPageTitle)
        }
        context.note.accept(approve ? "authorised" : "denied")
        if record.callback == OAuth1CallbackPolicy.outOfBand {
            guard let pin = record.verifier else {
                return .html(title: "Access denied", body: "<p>You denied the application access.</p>")
            }
            return .html(title: "Your PIN", body: "<p>Enter this PIN in the application:</p><kbd><code id=\"\(OAuth1AuthorizationForm.pinElementID)\">\(pin)</code></kbd>")
        }
        let query = record.verifier.map { [FormField("oauth_token", token), FormField("oauth_verifier", $0)] }
            ?? [FormField("denied", token)]
        let separator = record.callback.contains("?") ? "&" : "?"
        var headers = HTTPFields()
        headers[.location] = record.callback + separator + FormEncoding.serialize(query)
        return MockResponse(status: .found, headers: headers)
    }

    // MARK: Helpers

    /// The title of the page shown for an unknown, expired or already decided request token.
    private static let invalidPageTitle = "This page is no longer valid"
}
