public import HTTPTypes

/// How one OAuth 1.0a provider looks from outside, as data: its endpoint paths, token
/// replies, error bodies, demo credentials and quirks. ``OAuth1MockProvider`` serves any flavour;
/// ``twitter``, ``discogs``, ``netflix`` and ``jira`` are built in, and custom ones are plain values.
public struct OAuth1Flavour: Sendable, Hashable {
    /// The shape of the provider's error bodies.
    public enum ErrorStyle: String, Sendable, Hashable {
        /// `{"errors":[{"code":32,"message":"Could not authenticate you."}]}` (Twitter/X).
        case twitter
        /// `{"message": "…"}` (Discogs).
        case discogs
        /// `<status><status_code>401</status_code><message>Invalid Signature</message></status>` (Netflix).
        case netflix
        /// The OAuth Problem Reporting extension, as Atlassian's servers answer: a form body
        /// `oauth_problem=signature_invalid&oauth_problem_advice=…&oauth_signature_base_string=…`
        /// and the same parameters in `WWW-Authenticate: OAuth realm="…", oauth_problem="…"` (Jira).
        case problemReporting
    }

    /// A protected resource the flavour serves (each implemented once, chosen per flavour).
    public enum Resource: String, Sendable, Hashable, CaseIterable {
        /// `GET /1.1/account/verify_credentials.json`.
        case twitterVerifyCredentials
        /// `POST /1.1/statuses/update.json` with a form body carrying `status`.
        case twitterStatusUpdate
        /// `GET /oauth/identity`.
        case discogsIdentity
        /// `GET /database/search?q=…`.
        case discogsSearch
        /// `GET /users/{user_id}/queues/disc`.
        case netflixDiscQueue
        /// `GET /rest/api/2/myself`: the signed-in Jira user.
        case jiraMyself
        /// `POST /rest/api/2/issue` with a JSON body (`fields.summary`, `fields.project.key`):
        /// creates an issue, answering `201` with its key.
        case jiraCreateIssue
    }

    /// The name used on the command line and in the ready file.
    public var name: String
    /// The temporary-credential (request token) endpoint path.
    public var requestTokenPath: String
    /// The resource-owner authorisation page path.
    public var authorizePath: String
    /// The token-credential (access token) endpoint path.
    public var accessTokenPath: String
    /// The path of the signed route that revokes the access token it is signed with.
    public var invalidateTokenPath: String
    /// The methods the token endpoints accept.
    public var tokenEndpointMethods: [HTTPRequest.Method]
    /// The error body shape.
    public var errorStyle: ErrorStyle
    /// Whether requests without `User-Agent` are refused (Discogs).
    public var requiresUserAgent: Bool
    /// `application_name` added to the request-token reply (Netflix), if any.
    public var applicationName: String?
    /// Whether the request-token reply carries `login_url` (Netflix).
    public var includesLoginURL: Bool
    /// Extra access-token reply fields, from `user_id` and `screen_name`.
    public var accessTokenFields: [String]
    /// The protected resources served.
    public var resources: [Resource]
    /// The demo consumer key (alphanumeric, 20–30 characters, as strict clients want).
    public var consumerKey: String
    /// The demo consumer secret; empty for a consumer that signs with ``consumerPrivateKeyPEM``.
    public var consumerSecret: String
    /// The demo consumer's RSA private key (PEM), for a flavour whose consumers sign with
    /// `RSA-SHA*` (Jira): the mock registers its public half instead of a secret, as an
    /// application link does. Demo keys protect nothing; they are published with the mock.
    public var consumerPrivateKeyPEM: String?
    /// The demo user's id.
    public var userID: String
    /// The demo user's screen name.
    public var screenName: String

    /// Creates a flavour.
    public init(
        name: String,
        requestTokenPath: String = "/oauth/request_token",
        authorizePath: String = "/oauth/authorize",
        accessTokenPath: String = "/oauth/access_token",
        invalidateTokenPath: String = "/oauth/revoke",
        tokenEndpointMethods: [HTTPRequest.Method] = [.post],
        errorStyle: ErrorStyle,
        requiresUserAgent: Bool = false,
        applicationName: String? = nil,
        includesLoginURL: Bool = false,
        accessTokenFields: [String] = [],
        resources: [Resource],
        consumerKey: String,
        consumerSecret: String,
        consumerPrivateKeyPEM: String? = nil,
        userID: String = "1000001",
        screenName: String = "mockuser"
    ) {
        self.name = name
        self.requestTokenPath = requestTokenPath
        self.authorizePath = authorizePath
        self.accessTokenPath = accessTokenPath
        self.invalidateTokenPath = invalidateTokenPath
        self.tokenEndpointMethods = tokenEndpointMethods
        self.errorStyle = errorStyle
        self.requiresUserAgent = requiresUserAgent
        self.applicationName = applicationName
        self.includesLoginURL = includesLoginURL
        self.accessTokenFields = accessTokenFields
        self.resources = resources
        self.consumerKey = consumerKey
        self.consumerSecret = consumerSecret
        self.consumerPrivateKeyPEM = consumerPrivateKeyPEM
        self.userID = userID
        self.screenName = screenName
    }

    /// Twitter/X (API v1.1 with OAuth 1.0a user context): POST token endpoints, access tokens
    /// with `user_id` and `screen_name`, JSON error codes 32, 89 and 135.
    public static let twitter = OAuth1Flavour(
        name: "twitter",
        invalidateTokenPath: "/1.1/oauth/invalidate_token",
        errorStyle: .twitter,
        accessTokenFields: ["user_id", "screen_name"],
        resources: [.twitterVerifyCredentials, .twitterStatusUpdate],
        consumerKey: "TwitterMockConsumerKey01",
        consumerSecret: "TwitterMockConsumerSecret0123456789abcd",
        userID: "783214",
        screenName: "mockuser"
    )

    /// Discogs: GET request token, POST access token, `{"message": …}` errors, a User-Agent
    /// required on every request, identity and database search resources.
    public static let discogs = OAuth1Flavour(
        name: "discogs",
        tokenEndpointMethods: [.get, .post],
        errorStyle: .discogs,
        requiresUserAgent: true,
        resources: [.discogsIdentity, .discogsSearch],
        consumerKey: "DiscogsMockConsumerKey01",
        consumerSecret: "DiscogsMockConsumerSecret0123456789ab",
        userID: "1578108",
        screenName: "mockcollector"
    )

    /// Netflix-style (the retired Netflix API): the login page at `/oauth/login`, GET token endpoints, `application_name` and
    /// `login_url` in the request-token reply, `user_id` in the access-token reply used in
    /// resource paths, `Invalid Signature` errors.
    public static let netflix = OAuth1Flavour(
        name: "netflix",
        authorizePath: "/oauth/login",
        tokenEndpointMethods: [.get, .post],
        errorStyle: .netflix,
        applicationName: "Mock Queue Manager",
        includesLoginURL: true,
        accessTokenFields: ["user_id"],
        resources: [.netflixDiscQueue],
        consumerKey: "NetflixMockConsumerKey01",
        consumerSecret: "NetflixMockSecret01",
        userID: "T1mockuserRb8Sx4qUZ0Y2",
        screenName: "mockviewer"
    )

    /// Jira Data Center (an OAuth 1.0a application link): `/plugins/servlet/oauth/…` token
    /// endpoints, a consumer that signs with `RSA-SHA1` and the demo private key
    /// (``consumerPrivateKeyPEM``), `oob` callbacks showing the verifier, OAuth Problem
    /// Reporting refusals with `oauth_signature_base_string`, and the REST resources
    /// `/rest/api/2/myself` and `/rest/api/2/issue`.
    public static let jira = OAuth1Flavour(
        name: "jira",
        requestTokenPath: "/plugins/servlet/oauth/request-token",
        authorizePath: "/plugins/servlet/oauth/authorize",
        accessTokenPath: "/plugins/servlet/oauth/access-token",
        invalidateTokenPath: "/plugins/servlet/oauth/revoke",
        errorStyle: .problemReporting,
        resources: [.jiraMyself, .jiraCreateIssue],
        consumerKey: "JiraMockConsumerKey0001",
        consumerSecret: "",
        consumerPrivateKeyPEM: jiraDemoPrivateKeyPEM,
        userID: "mockuser",
        screenName: "Mock User"
    )

    /// The built-in flavours.
    public static let all: [OAuth1Flavour] = [.twitter, .discogs, .netflix, .jira]
}
