import Foundation
import OAuth1Client

/// Signs one request without the flow, with tokens you already have.
func signedRequest(url: URL, consumerKey: String, consumerSecret: String, token: String, tokenSecret: String) throws -> OAuth1Request {
    let signer = OAuth1Signer(credentials: OAuth1Credentials(consumerKey: consumerKey, consumerSecret: consumerSecret,
                                                              token: token, tokenSecret: tokenSecret))
    let signed = try signer.sign(OAuth1Request(url: url))
    print(signed.baseString, signed.authorizationHeader ?? "")
    return signed.request                                   // send it with any HTTP client
}
