import Foundation
import OAuth1Client
import OAuth1RSA
import SignedHTTP
import SigningCore

extension SoakTraffic {
    /// The protected resource the soak reads from each OAuth 1.0a provider (`userID` is the
    /// demo user's id from the provider's credentials).
    static func oauth1ResourcePath(provider: String, userID: String) -> String? {
        switch provider {
        case "twitter": "/1.1/account/verify_credentials.json"
        case "discogs": "/oauth/identity"
        case "netflix": "/users/\(PercentEncoding.encode(userID))/queues/disc"
        case "jira": "/rest/api/2/myself"
        default: nil
        }
    }

    /// Traffic for an OAuth 1.0a provider, signed by OAuth1Client's `OAuth1Signer` with the
    /// demo access token (HMAC-SHA1, or RSA-SHA1 with the demo `privateKey` where the
    /// provider's credentials carry one, as Jira's do): a `GET` of its protected resource with
    /// a `soak` query parameter.
    /// Tampered: the parameter changed after signing. Invalid: an `Authorization` header that
    /// ends inside a quoted value. Oversized: a form post to the resource.
    static func oauth1(provider: String, target: LoopbackTarget, credentials: [String: String]) -> SoakTraffic? {
        guard let path = oauth1ResourcePath(provider: provider, userID: credentials["userID"] ?? "") else { return nil }
        var oauthCredentials = OAuth1Credentials(
            consumerKey: credentials["consumerKey"] ?? "",
            consumerSecret: credentials["consumerSecret"] ?? "",
            token: credentials["accessToken"],
            tokenSecret: credentials["accessTokenSecret"]
        )
        oauthCredentials.privateKey = credentials["privateKey"].flatMap { try? OAuth1RSAPrivateKey(pemRepresentation: $0) }
        let signer = OAuth1Signer(credentials: oauthCredentials, signatureMethod: oauthCredentials.privateKey == nil ? .hmacSHA1 : .rsaSHA1)
        let base = "http://\(target.authority)\(path)"
        @Sendable func signed(_ sequence: Int) throws -> PreparedRequest {
            PreparedRequest(try signer.sign(APIRequest(url: URL(string: "\(base)?soak=\(sequence)")!), at: Date()))
        }
        return SoakTraffic(
            provider: provider, target: target,
            valid: signed,
            tampered: { sequence in
                var request = try signed(sequence)
                request.target = "\(path)?soak=\(sequence + 1)"
                return request
            },
            invalid: { sequence in
                PreparedRequest(target: "\(path)?soak=\(sequence)", headers: [("Authorization", "OAuth oauth_consumer_key=\"\(credentials["consumerKey"] ?? "")\", oauth_nonce=\"unterminated")])
            },
            oversized: oversized(method: "POST", target: path, contentType: "application/x-www-form-urlencoded"),
            probePath: path,
            expectations: signedExpectations(invalid: .oneOf([400, 401]))
        )
    }
}
