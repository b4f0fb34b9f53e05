public import Foundation

/// Signs requests for one scheme. Each scheme's signer conforms (OAuth 1.0a's `OAuth1Signer`,
/// and the Drupal key-authentication and AFSigned signers as they arrive), so one
/// ``SignedHTTPClient`` can send, retry and clock-correct for all of them.
public protocol RequestSigner: Sendable {
    /// `request` signed as of `date`: the time to put in the signature's timestamp, which the
    /// client corrects by the server's clock offset when it is configured to. Each call signs
    /// afresh (a new nonce), so a retried request is never a replay.
    func sign(_ request: APIRequest, at date: Date) throws -> APIRequest
}
