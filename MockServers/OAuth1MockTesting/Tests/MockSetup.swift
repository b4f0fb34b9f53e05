import Foundation
import HummingbirdTesting
import MockServerKit
import OAuth1Client
import OAuth1Mock
import OAuth1MockTesting
import Testing

/// Where a test meets the mock: a live in-process server on a loopback port, or
/// HummingbirdTesting's `.router` (no socket) through ``TestClientTransport``.
enum MockSetup: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case loopback
    case router

    var testDescription: String { rawValue }

    /// What a test gets: the user at the page, a client of the flavour, and the base URL
    /// resources live under.
    struct Mock: Sendable {
        let user: OAuth1MockUser
        let client: OAuth1Client
        let baseURL: URL
        let journal: RequestJournal
    }

    /// Runs `body` against a fresh mock of `flavour`, stopping what it started.
    func run(
        _ flavour: OAuth1Flavour,
        options: OAuth1MockOptions = OAuth1MockOptions(),
        _ body: @Sendable (Mock) async throws -> Void
    ) async throws {
        let provider = OAuth1MockProvider(flavour: flavour, options: options)
        switch self {
        case .loopback:
            try await MockServer.withRunning(provider) { server in
                try await body(Mock(user: OAuth1MockUser(), client: flavour.client(at: server.baseURL), baseURL: server.baseURL, journal: server.journal))
            }
        case .router:
            let context = MockServerContext(provider: provider)
            let app = MockServerApplication.build(provider: provider, context: context)
            try await app.test(.router) { testClient in
                let transport = TestClientTransport(testClient)
                try await body(Mock(
                    user: OAuth1MockUser(transport: transport),
                    client: flavour.client(at: TestClientTransport.baseURL, http: SignedHTTPClient(transport: transport)),
                    baseURL: TestClientTransport.baseURL,
                    journal: context.journal
                ))
            }
        }
    }
}

extension OAuth1Flavour {
    /// A request for the flavour's first protected resource, for `token`'s user.
    func resourceRequest(at baseURL: URL, for token: OAuth1Token) -> OAuth1Request {
        let path: String = switch resources[0] {
        case .twitterVerifyCredentials: "/1.1/account/verify_credentials.json"
        case .twitterStatusUpdate: "/1.1/statuses/update.json"
        case .discogsIdentity: "/oauth/identity"
        case .discogsSearch: "/database/search?q=nirvana"
        case .netflixDiscQueue: "/users/\(token.userID ?? "")/queues/disc"
        case .jiraMyself: "/rest/api/2/myself"
        case .jiraCreateIssue: "/rest/api/2/issue"
        }
        return OAuth1Request(url: URL(string: baseURL.absoluteString + path)!)
    }
}
