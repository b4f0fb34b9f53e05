public import Foundation
import HTTPTypes
public import OAuth1Client

extension OAuth1Flavour {
    /// The `User-Agent` the helpers send where a flavour requires one (Discogs).
    public static let testUserAgent = "OAuth1MockTesting/1.0"

    /// How `OAuth1Client` speaks to this flavour, with its endpoints at `baseURL` (a mock
    /// server's, or `TestClientTransport.baseURL` (OAuth1MockTesting) under HummingbirdTesting).
    ///
    /// A built-in flavour gets the SDK's own preset — `OAuth1Provider.twitter`,
    /// `OAuth1Provider.discogs(userAgent:)` (Discogs wants a `User-Agent`),
    /// `OAuth1Provider.netflix` (its login page at `/oauth/login`) — moved to
    /// `baseURL`, so a test runs what an app runs. A custom flavour gets a description built
    /// from its paths, token-endpoint method, `User-Agent` requirement and token fields.
    public func clientProvider(at baseURL: URL, userAgent: String = OAuth1Flavour.testUserAgent) -> OAuth1Provider {
        switch self {
        case .twitter: return OAuth1Provider.twitter.pointed(at: baseURL)
        case .discogs: return OAuth1Provider.discogs(userAgent: userAgent).pointed(at: baseURL)
        case .netflix: return OAuth1Provider.netflix.pointed(at: baseURL)
        case .jira: return OAuth1Provider.jira(baseURL: baseURL)
        default:
            let method = tokenEndpointMethods.contains(.post) ? "POST" : tokenEndpointMethods.first?.rawValue ?? "POST"
            func url(_ path: String) -> URL { baseURL.appendingAPIPath(path) ?? baseURL }
            return OAuth1Provider(
                name: name,
                requestTokenURL: url(requestTokenPath),
                authorizationURL: url(authorizePath),
                accessTokenURL: url(accessTokenPath),
                requestTokenMethod: method,
                accessTokenMethod: method,
                signatureMethod: consumerPrivateKeyPEM == nil ? .hmacSHA1 : .rsaSHA1,
                additionalHeaders: requiresUserAgent ? ["User-Agent": userAgent] : [:],
                tokenFields: accessTokenFields
            )
        }
    }

    /// A client of this flavour's mock at `baseURL`, with the flavour's demo consumer key and
    /// secret, or its demo private key for an RSA flavour (``OAuth1MockProvider/demo``).
    ///
    /// - Parameters:
    ///   - baseURL: the mock's base URL (`MockServer.baseURL`).
    ///   - http: a `SignedHTTPClient()` by default, for a server on a socket; give it
    ///     `TestClientTransport` (OAuth1MockTesting) under HummingbirdTesting, or
    ///     `deviceClock: { clock.now }` with the server's `ManualClock`, so moving the server's
    ///     clock moves the client's timestamps too.
    ///   - userAgent: the `User-Agent` sent where the flavour requires one (Discogs).
    public func client(at baseURL: URL, http: SignedHTTPClient = SignedHTTPClient(), userAgent: String = OAuth1Flavour.testUserAgent) -> OAuth1Client {
        let provider = clientProvider(at: baseURL, userAgent: userAgent)
        // A custom flavour's unreadable key: the client signs with the secret and the mock
        // refuses, naming the key's problem.
        if let privateKey = try? demoPrivateKey {
            return OAuth1Client(configuration: OAuth1Configuration(provider: provider, consumerKey: consumerKey, privateKey: privateKey), http: http)
        }
        return OAuth1Client(provider: provider, consumerKey: consumerKey, consumerSecret: consumerSecret, http: http)
    }
}
