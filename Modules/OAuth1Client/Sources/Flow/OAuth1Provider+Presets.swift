public import Foundation
import SigningCore

extension OAuth1Provider {
    private static func url(_ text: StaticString) -> URL {
        URL(string: "\(text)")!
    }

    /// Twitter / X (developer.x.com, "Obtaining user access tokens"). The access-token reply
    /// adds `user_id` and `screen_name`; a refused authorisation redirects with `denied=TOKEN`.
    public static let twitter = OAuth1Provider(
        name: "Twitter",
        requestTokenURL: url("https://api.twitter.com/oauth/request_token"),
        authorizationURL: url("https://api.twitter.com/oauth/authorize"),
        accessTokenURL: url("https://api.twitter.com/oauth/access_token"),
        tokenFields: ["user_id", "screen_name"],
        notes: "Errors are JSON {\"errors\":[{\"code\":32,\"message\":\"Could not authenticate you.\"}]}; 135 means the timestamp is out of bounds, 89 an invalid or expired token."
    )

    /// Discogs (discogs.com/developers, "OAuth Flow"). Every request needs an identifying
    /// `User-Agent`, so the preset takes one. The request-token call is a GET.
    public static func discogs(userAgent: String) -> OAuth1Provider {
        OAuth1Provider(
            name: "Discogs",
            requestTokenURL: url("https://api.discogs.com/oauth/request_token"),
            authorizationURL: url("https://www.discogs.com/oauth/authorize"),
            accessTokenURL: url("https://api.discogs.com/oauth/access_token"),
            requestTokenMethod: "GET",
            additionalHeaders: ["User-Agent": userAgent],
            notes: "Errors are JSON {\"message\": …}; /oauth/identity returns the user; /database/search requires OAuth."
        )
    }

    /// Netflix-style (the retired Netflix API): the request-token reply carries
    /// `login_url` and `application_name`, the login page wants `oauth_consumer_key` and
    /// `application_name`, and the access-token reply carries the `user_id` used in resource
    /// paths such as `/users/{user_id}/queues/disc`.
    public static let netflix = OAuth1Provider(
        name: "Netflix",
        requestTokenURL: url("http://api-public.netflix.com/oauth/request_token"),
        authorizationURL: url("https://api-user.netflix.com/oauth/login"),
        accessTokenURL: url("http://api-public.netflix.com/oauth/access_token"),
        requestTokenMethod: "GET",
        accessTokenMethod: "GET",
        authorizationIncludesConsumerKey: true,
        authorizationFieldsFromRequestToken: ["application_name"],
        tokenFields: ["user_id", "application_name", "login_url"],
        notes: "A bad signature gets 401 'Invalid Signature'. The API was retired in 2014; the preset serves look-alike services and the mock server."
    )

    /// Flickr (flickr.com/services/api/auth.oauth.html): GET requests with the protocol
    /// parameters in the query; the authorisation URL takes `perms` (read, write or delete);
    /// the access-token reply adds `fullname`, `user_nsid` and `username`.
    public static func flickr(permissions: String = "read") -> OAuth1Provider {
        OAuth1Provider(
            name: "Flickr",
            requestTokenURL: url("https://www.flickr.com/services/oauth/request_token"),
            authorizationURL: url("https://www.flickr.com/services/oauth/authorize"),
            accessTokenURL: url("https://www.flickr.com/services/oauth/access_token"),
            requestTokenMethod: "GET",
            accessTokenMethod: "GET",
            transmission: .query,
            authorizationParameters: [FormField("perms", permissions)],
            tokenFields: ["fullname", "user_nsid", "username"],
            notes: "Errors come back form-encoded as oauth_problem=…"
        )
    }

    /// Flickr with read permission.
    public static let flickr = flickr()

    /// Tumblr (tumblr.com/docs/en/api/v2, "OAuth 1.0a").
    public static let tumblr = OAuth1Provider(
        name: "Tumblr",
        requestTokenURL: url("https://www.tumblr.com/oauth/request_token"),
        authorizationURL: url("https://www.tumblr.com/oauth/authorize"),
        accessTokenURL: url("https://www.tumblr.com/oauth/access_token")
    )

    /// Trello (developer.atlassian.com/cloud/trello, "Authorizing with OAuth 1.0a"): the
    /// authorisation URL takes the application `name`, the `scope` and the token `expiration`.
    public static func trello(applicationName: String, scope: String = "read", expiration: String = "30days") -> OAuth1Provider {
        OAuth1Provider(
            name: "Trello",
            requestTokenURL: url("https://trello.com/1/OAuthGetRequestToken"),
            authorizationURL: url("https://trello.com/1/OAuthAuthorizeToken"),
            accessTokenURL: url("https://trello.com/1/OAuthGetAccessToken"),
            authorizationParameters: [FormField("name", applicationName), FormField("scope", scope), FormField("expiration", expiration)]
        )
    }

    /// Trello with read scope, 30-day tokens and a generic application name.
    public static let trello = trello(applicationName: "OAuth1Client")

    /// Garmin Connect (Garmin Health / Connect developer program, OAuth 1.0a): the request
    /// and access tokens come from connectapi.garmin.com, the user confirms at
    /// connect.garmin.com/oauthConfirm.
    public static let garminConnect = OAuth1Provider(
        name: "Garmin Connect",
        requestTokenURL: url("https://connectapi.garmin.com/oauth-service/oauth/request_token"),
        authorizationURL: url("https://connect.garmin.com/oauthConfirm"),
        accessTokenURL: url("https://connectapi.garmin.com/oauth-service/oauth/access_token"),
        notes: "The callback carries oauth_token and oauth_verifier; the access token does not expire."
    )

    /// Jira, Confluence and Bitbucket Data Center (Atlassian's "OAuth 1.0a application links"):
    /// the consumer signs with `RSA-SHA1` and its private key, whose public key the
    /// administrator pasted into the application link; `oob` callbacks show the verifier to
    /// the user. Refusals use the OAuth Problem Reporting extension, with
    /// `oauth_signature_base_string` for `signature_invalid`.
    ///
    /// ```swift
    /// let provider = OAuth1Provider.jira(baseURL: URL(string: "https://jira.example.com")!)
    /// ```
    public static func jira(baseURL: URL) -> OAuth1Provider {
        OAuth1Provider(
            name: "Jira",
            requestTokenURL: baseURL.appendingAPIPath("/plugins/servlet/oauth/request-token") ?? baseURL,
            authorizationURL: baseURL.appendingAPIPath("/plugins/servlet/oauth/authorize") ?? baseURL,
            accessTokenURL: baseURL.appendingAPIPath("/plugins/servlet/oauth/access-token") ?? baseURL,
            signatureMethod: .rsaSHA1,
            notes: "RSA-SHA1 with the consumer's private key; oob allowed; errors are oauth_problem=…&oauth_signature_base_string=… (Problem Reporting)."
        )
    }

    /// Jira at `https://jira.example.com`: move it to your server with ``jira(baseURL:)`` or
    /// ``pointed(at:)``.
    public static let jira = jira(baseURL: url("https://jira.example.com"))

    /// Xero public applications — legacy: Xero ended its OAuth 1.0a API in 2021 (its API is
    /// OAuth 2.0 now); the preset remains for look-alike services. HMAC-SHA1 access tokens
    /// that expire after 30 minutes (`oauth_expires_in`); partner applications used RSA-SHA1
    /// and `oauth_session_handle`, the latter not implemented here.
    public static let xero = OAuth1Provider(
        name: "Xero",
        requestTokenURL: url("https://api.xero.com/oauth/RequestToken"),
        authorizationURL: url("https://api.xero.com/oauth/Authorize"),
        accessTokenURL: url("https://api.xero.com/oauth/AccessToken"),
        tokenFields: ["oauth_expires_in", "oauth_authorization_expires_in"],
        notes: "Errors come back form-encoded: oauth_problem=token_expired&oauth_problem_advice=…"
    )

    /// Every preset, for listings and tests.
    public static let presets: [OAuth1Provider] = [.twitter, .discogs(userAgent: "OAuth1Client"), .netflix, .flickr, .tumblr, .trello, .garminConnect, .jira, .xero]
}
