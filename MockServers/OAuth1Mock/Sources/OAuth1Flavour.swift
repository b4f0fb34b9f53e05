public import HTTPTypes
public import OAuth1Client

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

    /// What a request-token request without `oauth_callback` gets.
    public enum MissingCallback: String, Sendable, Hashable {
        /// Refused: OAuth 1.0a (RFC 5849 §2.1) requires `oauth_callback`, `oob` included.
        case refused
        /// Issued as if `oob` had been sent: the user copies the verifier from the page
        /// (api.discogs.com, whose official Python client documents this desktop flow).
        case outOfBand
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
    /// Whether the protocol parameters must arrive in one place (RFC 5849 §3.5: ``twitter``,
    /// ``netflix``, ``jira``) or may be split between the header, the query and the form body
    /// (``discogs``, as its official client sends them). A flavour's own tolerance: the SDK's
    /// `OAuth1Verifier` stays strict unless told otherwise.
    public var parameterPlacement: OAuth1IncomingRequest.ParameterPlacement
    /// What a request-token request without `oauth_callback` gets: refused (the default), or
    /// treated as `oob` (``discogs``).
    public var missingCallback: MissingCallback

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
        screenName: String = "mockuser",
        parameterPlacement: OAuth1IncomingRequest.ParameterPlacement = .onePlace,
        missingCallback: MissingCallback = .refused
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
        self.parameterPlacement = parameterPlacement
        self.missingCallback = missingCallback
    }

    /// Twitter/X (API v1.1 with OAuth 1.0a user context): POST token endpoints, access tokens
    /// with `user_id` and `screen_name`, JSON error codes 32, 89 and 135.
    ///
    /// What the real service accepts (MockServers/README.md, "What the real services accept"):
    /// X documents `HMAC-SHA1` in the `Authorization` header and `oauth_callback` on every
    /// request-token request; other methods and transmissions are not documented either way,
    /// so the mock accepts them (narrow them with the `signatureMethods` option). The
    /// parameters must come in one place.
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

    /// Discogs: GET or POST token endpoints, `{"message": …}` errors, a User-Agent
    /// required on every request, identity and database search resources.
    ///
    /// What the real service accepts (MockServers/README.md, "What the real services accept"):
    /// api.discogs.com answers `PLAINTEXT` requests and its official Python client signs
    /// `HMAC-SHA1`, both in the `Authorization` header; that client requests a token without `oauth_callback` (taken
    /// as `oob`, ``MissingCallback/outOfBand``) and sends `oauth_callback` in the form body
    /// beside the header (`OAuth1IncomingRequest.ParameterPlacement.split`).
    /// Other methods and query or body transmission are not documented either way, so the mock
    /// accepts them.
    public static let discogs = OAuth1Flavour(
        name: "discogs",
        tokenEndpointMethods: [.get, .post],
        errorStyle: .discogs,
        requiresUserAgent: true,
        resources: [.discogsIdentity, .discogsSearch],
        consumerKey: "DiscogsMockConsumerKey01",
        consumerSecret: "DiscogsMockConsumerSecret0123456789ab",
        userID: "1578108",
        screenName: "mockcollector",
        parameterPlacement: .split,
        missingCallback: .outOfBand
    )

    /// Netflix-style (the retired Netflix API): the login page at `/oauth/login`, GET token endpoints, `application_name` and
    /// `login_url` in the request-token reply, `user_id` in the access-token reply used in
    /// resource paths, `Invalid Signature` errors.
    ///
    /// What the real service accepted (MockServers/README.md, "What the real services accept"):
    /// the API is retired and its documentation gone; the mock accepts every method and
    /// transmission, the parameters in one place.
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
    ///
    /// What the real service accepts (MockServers/README.md, "What the real services accept"):
    /// Atlassian documents `RSA-SHA1` with the consumer's public key registered in the
    /// application link (so `HMAC-*` and `PLAINTEXT`, which need a shared secret, are refused,
    /// as the mock's key-only consumer refuses them); `RSA-SHA256` and `RSA-SHA512` are not
    /// documented either way, and the mock accepts them (the payment-API style of the
    /// `requiresBodyHash` option uses `RSA-SHA256`). The parameters must come in one place.
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
