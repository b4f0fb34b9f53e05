import Foundation
public import OAuth1Client

/// How the oauthlib differential tests (OAuth1ClientTests' HMAC and PLAINTEXT cases,
/// OAuth1RSATests' RSA cases) sign one of their cases with OAuth1Client: the transmission as
/// the Python script names it (`header`, `query`, `body`), the case's own nonce and timestamp,
/// so both sides sign the same request. One definition for both test targets.
public enum OAuthlibCaseSigning {
    /// The case's request signed with `credentials` by `signatureMethod` (its raw value).
    public static func sign(
        method: String, url: String, contentType: String?, body: String?, credentials: OAuth1Credentials, signatureMethod: String,
        transmission: String, realm: String?, nonce: String, timestamp: String, callback: String?, verifier: String?
    ) throws -> OAuth1SignedRequest {
        let placement: OAuth1Transmission = switch transmission {
        case "query": .query
        case "body": .formBody
        default: .authorizationHeader(realm: realm)
        }
        let seconds = TimeInterval(timestamp)!
        let signer = OAuth1Signer(
            credentials: credentials,
            signatureMethod: OAuth1SignatureMethod(rawValue: signatureMethod)!,
            transmission: placement,
            clock: { Date(timeIntervalSince1970: seconds) },
            nonce: { nonce }
        )
        var headers = HeaderFields()
        if let contentType { headers["Content-Type"] = contentType }
        let request = OAuth1Request(method: method, url: URL(string: url)!, headers: headers, body: Array((body ?? "").utf8))
        return try signer.sign(request, callback: callback, verifier: verifier)
    }
}
