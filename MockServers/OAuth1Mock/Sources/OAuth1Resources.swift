import Foundation
import HTTPTypes
import MockServerKit
import NIOCore
import OAuth1Client
import SigningCore

extension OAuth1Flavour.Resource {
    /// The HTTP method of the resource.
    var method: HTTPRequest.Method {
        self == .twitterStatusUpdate || self == .jiraCreateIssue ? .post : .get
    }

    /// The path pattern of the resource.
    var path: String {
        switch self {
        case .twitterVerifyCredentials: "/1.1/account/verify_credentials.json"
        case .twitterStatusUpdate: "/1.1/statuses/update.json"
        case .discogsIdentity: "/oauth/identity"
        case .discogsSearch: "/database/search"
        case .netflixDiscQueue: "/users/{user_id}/queues/disc"
        case .jiraMyself: "/rest/api/2/myself"
        case .jiraCreateIssue: "/rest/api/2/issue"
        }
    }
}

/// The protected resources: small, fixed data in each provider's real response shape.
struct OAuth1Resources: Sendable {
    let flavour: OAuth1Flavour
    let store: OAuth1TokenStore
    /// The user object, serialised once: `verify_credentials` is the hottest route.
    private let twitterUserJSON: ByteBuffer

    private static let jsonHeaders: HTTPFields = [.contentType: "application/json; charset=utf-8"]

    init(flavour: OAuth1Flavour, store: OAuth1TokenStore) {
        self.flavour = flavour
        self.store = store
        twitterUserJSON = MockResponse.json(Self.twitterUser(flavour)).body
    }

    private static let releases: [(id: Int, title: String, year: String)] = [
        (249504, "Nirvana - Nevermind", "1991"),
        (1020040, "Miles Davis - Kind Of Blue", "1959"),
        (2289, "Daft Punk - Discovery", "2001"),
        (23183, "Björk - Homogenic", "1997"),
        (367113, "Sigur Rós - Ágætis Byrjun", "1999"),
    ]

    private static let discs = ["The Third Man", "Seven Samurai", "Amélie", "Spirited Away"]

    func serve(_ resource: OAuth1Flavour.Resource, request: MockRequest, caller: OAuth1Verifier.Verified) async throws(OAuth1MockError) -> MockResponse {
        let parameters = caller.request.signatureParameters.filter { !$0.name.hasPrefix("oauth_") }
        func parameter(_ name: String) -> String? { parameters.first { $0.name == name }?.value }
        let authority = request.authority ?? "localhost"
        switch resource {
        case .twitterVerifyCredentials:
            return MockResponse(headers: Self.jsonHeaders, body: twitterUserJSON)
        case .twitterStatusUpdate:
            guard let status = parameter("status"), !status.isEmpty else {
                throw OAuth1MockError(code: .invalidInput, message: "Missing required parameter: status.")
            }
            guard status.count <= 280 else {
                throw OAuth1MockError(code: .invalidInput, message: "Tweet needs to be a bit shorter.")
            }
            let id = await store.nextStatus()
            return .json([
                "id": id,
                "id_str": String(id),
                "text": status,
                "created_at": Self.twitterDate(request.now),
                "user": twitterUser,
            ])
        case .discogsIdentity:
            return .json([
                "id": Int(flavour.userID) ?? 0,
                "username": flavour.screenName,
                "resource_url": "http://\(authority)/users/\(flavour.screenName)",
                "consumer_name": "Mock Discogs Application",
            ])
        case .discogsSearch:
            let query = (parameter("q") ?? "").lowercased()
            let perPage = min(max(Int(parameter("per_page") ?? "") ?? 50, 1), 100)
            let page = max(Int(parameter("page") ?? "") ?? 1, 1)
            let matches = Self.releases.filter { query.isEmpty || $0.title.lowercased().contains(query) }
            let pages = max((matches.count + perPage - 1) / perPage, 1)
            // Discogs' links keep the query's other fields and name the page and its size.
            let kept = parameters.filter { $0.name != "page" && $0.name != "per_page" }
            func link(_ target: Int) -> String {
                let fields = kept.map { FormField($0.name, $0.value) } + [FormField("per_page", String(perPage)), FormField("page", String(target))]
                return "http://\(authority)/database/search?" + FormEncoding.serialize(fields)
            }
            var urls: [String: String] = [:]
            if page > 1 { urls["first"] = link(1); urls["prev"] = link(min(page - 1, pages)) }
            if page < pages { urls["next"] = link(page + 1); urls["last"] = link(pages) }
            return .json([
                "pagination": ["page": page, "pages": pages, "per_page": perPage, "items": matches.count, "urls": urls],
                // A page past the last is empty (page − 1 times per_page could overflow: not computed).
                "results": matches.dropFirst(page > pages ? matches.count : (page - 1) * perPage).prefix(perPage).map { release in
                    [
                        "id": release.id,
                        "type": "release",
                        "title": release.title,
                        "year": release.year,
                        "resource_url": "http://\(authority)/releases/\(release.id)",
                    ] as [String: Any]
                },
            ])
        case .netflixDiscQueue:
            guard request.routeParameters["user_id"] == flavour.userID else {
                throw OAuth1MockError(code: .notFound, message: "this access token belongs to user \(flavour.userID); use that user_id in the path")
            }
            return .json([
                "queue": [
                    "user_id": flavour.userID,
                    "number_of_results": Self.discs.count,
                    "queue_item": Self.discs.enumerated().map { ["position": $0.offset + 1, "title": $0.element] as [String: Any] },
                ] as [String: Any],
            ])
        case .jiraMyself:
            return .json([
                "self": "http://\(authority)/rest/api/2/user?username=\(flavour.userID)",
                "key": flavour.userID,
                "name": flavour.userID,
                "displayName": flavour.screenName,
                "emailAddress": "\(flavour.userID)@example.com",
                "active": true,
                "timeZone": "UTC",
            ])
        case .jiraCreateIssue:
            let issue = try JiraIssueRequest(request.bodyBytes)
            let number = await store.nextIssue()
            var response = MockResponse.json([
                "id": String(10_000 + number),
                "key": "\(issue.project)-\(number)",
                "self": "http://\(authority)/rest/api/2/issue/\(10_000 + number)",
            ], status: .created)
            response.headers[.location] = "http://\(authority)/rest/api/2/issue/\(issue.project)-\(number)"
            return response
        }
    }

    private var twitterUser: [String: Any] { Self.twitterUser(flavour) }

    private static func twitterUser(_ flavour: OAuth1Flavour) -> [String: Any] {
        [
            "id": Int(flavour.userID) ?? 0,
            "id_str": flavour.userID,
            "name": "Mock User",
            "screen_name": flavour.screenName,
            "created_at": "Wed Jan 01 00:00:00 +0000 2025",
        ]
    }

    private static func twitterDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
        return formatter.string(from: date)
    }
}
