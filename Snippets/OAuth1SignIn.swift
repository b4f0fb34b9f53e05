import Foundation
import OAuth1Client

/// The 3-legged flow, then a signed request. `presentAuthorization` opens the URL (for example
/// with `ASWebAuthenticationSession`) and returns the URL the provider redirected to.
func signInAndPost(
    consumerKey: String,
    consumerSecret: String,
    presentAuthorization: (URL) async throws -> URL
) async throws -> OAuth1Token {
    let client = OAuth1Client(provider: .twitter, consumerKey: consumerKey, consumerSecret: consumerSecret,
                              http: SignedHTTPClient(retryPolicy: .recommended))   // optional: retries GETs on 429/5xx
    let requestToken = try await client.requestToken(callback: URL(string: "myapp://oauth")!)
    let redirectURL = try await presentAuthorization(client.authorizationURL(for: requestToken))  // myapp://oauth?…
    let callback = try client.callback(redirectURL, for: requestToken)    // token checked, denial reported
    let accessToken = try await client.accessToken(for: requestToken, verifier: callback.verifier)
    print(accessToken.userID ?? "", accessToken.screenName ?? "")          // extra fields are kept

    let response = try await client.send(
        OAuth1Request(method: "POST", url: URL(string: "https://api.x.com/1.1/statuses/update.json")!,
                      form: [FormField("status", "Hello, Ladies + Gentlemen")]),
        with: accessToken
    )
    print(response.statusCode)
    return accessToken
}
