public import Foundation
public import MockServerKit
public import OAuth1Client

/// The OAuth 1.0a mock's demo credentials, typed: the flavour's consumer, and an access token
/// already issued to its demo user (so a test can call resources without running the flow).
///
/// The same values as `MockServer.Running.credentials` and the `mock-servers` ready file, under
/// the same names. Secrets never appear in `description` or `dump`.
public struct OAuth1MockCredentials: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `oauth_consumer_key` of the flavour's demo application.
    public let consumerKey: String
    /// Its consumer secret; empty for a consumer that signs with ``privateKeyPEM``.
    public let consumerSecret: String
    /// Its RSA private key as PEM, for a flavour whose consumers sign with `RSA-SHA1` (Jira);
    /// a demo key, published with the mock. Load it with `OAuth1RSAPrivateKey(pemRepresentation:)`.
    public let privateKeyPEM: String?
    /// An access token already issued to the demo user.
    public let accessToken: String
    /// That token's secret.
    public let accessTokenSecret: String
    /// The demo user's id (`user_id` in the flavour's token replies).
    public let userID: String

    /// The demo access token as the client uses it.
    public var token: OAuth1Token { OAuth1Token(token: accessToken, secret: accessTokenSecret) }

    /// The demo consumer and access token as the SDK's configuration takes them
    /// (`OAuth1Configuration(provider:credentials:)`, `OAuth1Signer(credentials:)`); for a
    /// flavour whose consumer signs with ``privateKeyPEM``, the consumer secret is empty.
    public var credentials: OAuth1Credentials {
        OAuth1Credentials(consumerKey: consumerKey, consumerSecret: consumerSecret, token: accessToken, tokenSecret: accessTokenSecret)
    }

    /// The ready file's strings (`consumerKey`, `consumerSecret` or `privateKey`, `accessToken`,
    /// `accessTokenSecret`, `userID`).
    var fields: [String: String] {
        var fields = ["consumerKey": consumerKey, "accessToken": accessToken, "accessTokenSecret": accessTokenSecret, "userID": userID]
        if let privateKeyPEM { fields["privateKey"] = privateKeyPEM } else { fields["consumerSecret"] = consumerSecret }
        return fields
    }

    /// The consumer key and user id; secrets redacted.
    public var description: String { "OAuth1MockCredentials(consumerKey: \(consumerKey), userID: \(userID), secrets: <redacted>)" }
    /// The same as ``description``.
    public var debugDescription: String { description }
    /// The consumer key and user id; secrets and the token redacted.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "consumerKey": consumerKey, "consumerSecret": "<redacted>", "privateKeyPEM": privateKeyPEM == nil ? "none" : "<redacted>",
            "accessToken": "<redacted>", "accessTokenSecret": "<redacted>", "userID": userID,
        ], displayStyle: .struct)
    }
}

extension OAuth1MockProvider: MockDemoProviding {
    /// The flavour's demo consumer and the demo user's access token.
    public var demo: OAuth1MockCredentials {
        OAuth1MockCredentials(
            consumerKey: flavour.consumerKey, consumerSecret: flavour.consumerSecret, privateKeyPEM: flavour.consumerPrivateKeyPEM,
            accessToken: demoAccessToken, accessTokenSecret: demoAccessTokenSecret, userID: flavour.userID
        )
    }

    /// ``OAuth1Flavour/client(at:http:userAgent:)``: the SDK's own preset for the flavour,
    /// moved to `baseURL`, with the demo consumer.
    public func client(at baseURL: URL, http: SignedHTTPClient) -> OAuth1Client {
        flavour.client(at: baseURL, http: http)
    }
}
