public import HTTPTypes

/// How one OAuth 1.0a provider looks from outside, as data: its endpoint paths, token
/// replies, error bodies, demo credentials and quirks. ``OAuth1MockProvider`` serves any flavour;
/// ``twitter``, ``discogs`` and ``netflix`` are built in, and custom ones are plain values.
public struct OAuth1Flavour: Sendable, Hashable {
    /// The shape of the provider's error bodies.
    public enum ErrorStyle: String, Sendable, Hashable {
        /// `{"errors":[{"code":32,"message":"Could not authenticate you."}]}` (Twitter/X).
        case twitter
        /// `{"message": "…"}` (Discogs).
        case discogs
        /// `<status><status_code>401</status_code><message>Invalid Signature</message></status>` (Netflix).
        case netflix
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
    /// The demo consumer secret.
    public var consumerSecret: String
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

    /// The built-in flavours.
    public static let all: [OAuth1Flavour] = [.twitter, .discogs, .netflix]
}
