import MockServerKit

/// A flavour's routes as `/openapi.json` describes them. Signed routes check the OAuth 1.0a
/// signature first, so without valid credentials every one answers with the flavour's error.
struct OAuth1MockOperations {
    let flavour: OAuth1Flavour

    /// The flavour's error body for a refusal.
    var errorContent: MockOperation.Content {
        switch flavour.errorStyle {
        case .twitter:
            .json(.object(["errors": .array(.object(["code": .integer, "message": .string], required: ["code", "message"]))], required: ["errors"]))
        case .discogs:
            .json(.object(["message": .string], required: ["message"]))
        case .netflix:
            .init("text/xml")
        case .problemReporting:
            .init("application/x-www-form-urlencoded", schema: .object(["oauth_problem": .string, "oauth_problem_advice": .string, "oauth_signature_base_string": .string], required: ["oauth_problem"]))
        }
    }

    /// The refusals of a signed route, in the flavour's error shape.
    private var refusals: [MockOperation.Answer] {
        [
            .init(400, "A malformed request or Authorization header.", content: [errorContent]),
            .init(401, "A signature, timestamp, nonce, consumer key or token refused.", content: [errorContent]),
            .init(403, "Refused by the provider's rules (a missing User-Agent, a callback not registered).", content: [errorContent]),
            .init(404, "No such resource for this user.", content: [errorContent]),
            .init(422, "A parameter the resource cannot use.", content: [errorContent]),
        ]
    }

    private static let authorization = MockOperation.Parameter("Authorization", in: .header, description: "`OAuth oauth_consumer_key=\"…\", …` (or the protocol parameters in the query or a form body)")
    private static let tokenForm = MockOperation.Content("application/x-www-form-urlencoded")
    private static let html = MockOperation.Content("text/html")

    func token(_ summary: String) -> MockOperation {
        MockOperation(summary, parameters: [Self.authorization], requestBody: [Self.tokenForm], answers: refusals + [
            .init(200, "The token and its secret as a form (`oauth_token=…&oauth_token_secret=…`).", content: [Self.tokenForm]),
        ])
    }

    /// The authorisation page's refusals of a request token, as pages.
    private static let tokenPageRefusals: [MockOperation.Answer] = [
        .init(401, "A request token that is unknown, used or expired.", content: [html]),
        .init(403, "A request token already decided.", content: [html]),
        .init(404, "A request token that is unknown.", content: [html]),
    ]

    var authorizePage: MockOperation {
        MockOperation(
            "The page where the user approves or denies the application.",
            parameters: [.init("oauth_token", in: .query, description: "the request token")],
            answers: Self.tokenPageRefusals + [
                .init(200, "The page, with approve and deny buttons.", content: [Self.html]),
                .init(400, "No oauth_token.", content: [Self.html]),
            ]
        )
    }

    var authorizeDecision: MockOperation {
        MockOperation(
            "The user's decision: `oauth_token` and `action=approve` or `action=deny` as a form.",
            requestBody: [.init("application/x-www-form-urlencoded", schema: .object(["oauth_token": .string, "action": .string(values: ["approve", "deny"])]))],
            answers: Self.tokenPageRefusals + [
                .init(302, "To the callback with oauth_token and oauth_verifier (or denied=…).", headers: ["Location": .string]),
                .init(200, "The PIN page for an out-of-band callback, or the denial page.", content: [Self.html]),
                .init(400, "No oauth_token or action.", content: [Self.html]),
            ]
        )
    }

    var invalidate: MockOperation {
        MockOperation("Revokes the access token the request is signed with.", parameters: [Self.authorization], answers: refusals + [
            .init(200, "Revoked.", content: [.json(.object(["access_token": .string], required: ["access_token"]))]),
        ])
    }

    func resource(_ resource: OAuth1Flavour.Resource) -> MockOperation {
        var parameters = [Self.authorization]
        var body: [MockOperation.Content] = []
        let summary: String
        switch resource {
        case .twitterVerifyCredentials:
            summary = "The signed-in user."
        case .twitterStatusUpdate:
            summary = "Posts a status (`status` in the form)."
            body = [.init("application/x-www-form-urlencoded", schema: .object(["status": .string]))]
        case .discogsIdentity:
            summary = "The signed-in user's identity."
        case .discogsSearch:
            summary = "Searches releases."
            parameters += [.init("q", in: .query), .init("page", in: .query), .init("per_page", in: .query)]
        case .netflixDiscQueue:
            summary = "The user's disc queue."
            parameters += [.init("user_id", in: .path, description: "the user id of the access token")]
        case .jiraMyself:
            summary = "The signed-in Jira user."
        case .jiraCreateIssue:
            summary = "Creates an issue from `{\"fields\": {\"project\": {\"key\": …}, \"summary\": …, \"issuetype\": {\"name\": \"Task\"}}}` (201 with its key)."
            body = [.init("application/json", schema: .object(["fields": .object(["summary": .string, "project": .object(["key": .string]), "issuetype": .object(["name": .string])])]))]
        }
        return MockOperation(summary, parameters: parameters, requestBody: body, answers: refusals + [
            .init(200, "The resource.", content: [.json(.object([:]))]),
        ])
    }
}
