public import Foundation
public import SigningCore

/// Everything ``OAuth1Client`` needs to know about a service provider, as plain data:
/// endpoints, signing choices and quirks. Use a preset (``twitter``, ``discogs(userAgent:)``,
/// ``netflix``, ``flickr``, ``tumblr``, ``trello``, ``garminConnect``, ``jira(baseURL:)``,
/// ``xero``) or build one by value for any other provider.
public struct OAuth1Provider: Sendable, Hashable {
    /// A name for messages, e.g. `"Twitter"`.
    public var name: String
    /// The temporary-credential (request token) endpoint (RFC 5849 §2.1).
    public var requestTokenURL: URL
    /// Where the user authorises the request token (§2.2).
    public var authorizationURL: URL
    /// The token-credential (access token) endpoint (§2.3).
    public var accessTokenURL: URL
    /// The HTTP method of the request-token call.
    public var requestTokenMethod: String
    /// The HTTP method of the access-token call.
    public var accessTokenMethod: String
    /// The signature method the provider accepts.
    public var signatureMethod: OAuth1SignatureMethod
    /// Where the protocol parameters go.
    public var transmission: OAuth1Transmission
    /// How a resource request's body that is not a form is signed (``OAuth1BodySigning/bodyHash``
    /// by default); ``OAuth1Client/send(_:with:bodySigning:)`` can override it per request.
    public var bodySigning: OAuth1BodySigning
    /// The same for the three token legs, for providers that refuse `oauth_body_hash` there.
    public var tokenRequestBodySigning: OAuth1BodySigning
    /// Whether to send `oauth_version="1.0"`.
    public var includesVersion: Bool
    /// Whether the request-token reply must carry `oauth_callback_confirmed=true` (OAuth 1.0a).
    /// Only turn this off for a provider that still speaks OAuth 1.0 (without the "a").
    public var requiresCallbackConfirmation: Bool
    /// Extra query fields for the authorisation URL (Flickr's `perms`, Trello's `scope`, …).
    public var authorizationParameters: [FormField]
    /// Whether the authorisation URL also carries `oauth_consumer_key` (Netflix).
    public var authorizationIncludesConsumerKey: Bool
    /// Fields of the request-token reply copied into the authorisation URL (Netflix's
    /// `application_name`).
    public var authorizationFieldsFromRequestToken: [String]
    /// Header fields sent with every request (Discogs requires a `User-Agent`).
    public var additionalHeaders: [String: String]
    /// Fields the provider adds to token replies, for documentation and for callers that
    /// look them up (`user_id`, `screen_name`, …). Every field is kept whether listed or not.
    public var tokenFields: [String]
    /// What is special about this provider, in a sentence or two.
    public var notes: String

    /// Creates a provider description; defaults are RFC 5849's common case (POST, HMAC-SHA1,
    /// `Authorization` header, non-form bodies signed through `oauth_body_hash`,
    /// `oauth_version` sent, callback confirmation required).
    public init(
        name: String,
        requestTokenURL: URL,
        authorizationURL: URL,
        accessTokenURL: URL,
        requestTokenMethod: String = "POST",
        accessTokenMethod: String = "POST",
        signatureMethod: OAuth1SignatureMethod = .hmacSHA1,
        transmission: OAuth1Transmission = .header,
        bodySigning: OAuth1BodySigning = .bodyHash,
        tokenRequestBodySigning: OAuth1BodySigning = .bodyHash,
        includesVersion: Bool = true,
        requiresCallbackConfirmation: Bool = true,
        authorizationParameters: [FormField] = [],
        authorizationIncludesConsumerKey: Bool = false,
        authorizationFieldsFromRequestToken: [String] = [],
        additionalHeaders: [String: String] = [:],
        tokenFields: [String] = [],
        notes: String = ""
    ) {
        self.name = name
        self.requestTokenURL = requestTokenURL
        self.authorizationURL = authorizationURL
        self.accessTokenURL = accessTokenURL
        self.requestTokenMethod = requestTokenMethod
        self.accessTokenMethod = accessTokenMethod
        self.signatureMethod = signatureMethod
        self.transmission = transmission
        self.bodySigning = bodySigning
        self.tokenRequestBodySigning = tokenRequestBodySigning
        self.includesVersion = includesVersion
        self.requiresCallbackConfirmation = requiresCallbackConfirmation
        self.authorizationParameters = authorizationParameters
        self.authorizationIncludesConsumerKey = authorizationIncludesConsumerKey
        self.authorizationFieldsFromRequestToken = authorizationFieldsFromRequestToken
        self.additionalHeaders = additionalHeaders
        self.tokenFields = tokenFields
        self.notes = notes
    }

    /// The same provider with its three endpoints moved to `baseURL` (same paths), e.g. a
    /// mock server at `http://127.0.0.1:PORT`.
    public func pointed(at baseURL: URL) -> OAuth1Provider {
        var copy = self
        copy.requestTokenURL = Self.move(requestTokenURL, to: baseURL)
        copy.authorizationURL = Self.move(authorizationURL, to: baseURL)
        copy.accessTokenURL = Self.move(accessTokenURL, to: baseURL)
        return copy
    }

    private static func move(_ url: URL, to baseURL: URL) -> URL {
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery.map { "?" + $0 } ?? ""
        return baseURL.appendingAPIPath(url.path(percentEncoded: true) + query) ?? url
    }
}
