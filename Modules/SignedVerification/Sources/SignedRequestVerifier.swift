public import Foundation
public import SigningCore

/// The one shape of every scheme's server-side check: a request as the server received it in,
/// the verified identity out, and each refusal rendered as the scheme's own HTTP answer.
///
/// `OAuth1Verifier`, `AFSignedVerifier` and `DrupalKeyVerifier` adopt it, so one server adapter
/// (HummingbirdSignedRequests' `SignedRequestMiddleware`) and one way of writing a test serve
/// them all. An adopter checks the signature before it records the nonce in its `ReplayStore`,
/// and refuses a request whose nonce could not be recorded (a store that cannot answer fails
/// closed: ``SignedRefusal`` makes that answer a 503 with `Retry-After`).
public protocol SignedRequestVerifier: Sendable {
    /// What a request that passed every check carries (the client, its token, what the signature
    /// covered).
    associatedtype Identity: Sendable
    /// The scheme's one error type.
    associatedtype Failure: SignedAPIError

    /// The scheme's short name, for logs and metrics and in every ``ReplayKey`` it records
    /// (`oauth1`, `afsigned`, `drupal`).
    static var scheme: String { get }

    /// Verifies `request` at `now` (the server's clock, for the time window and the replay
    /// store).
    ///
    /// - Throws: the scheme's error; its code names what failed, its message what to do.
    func verify(_ request: ReceivedRequest, now: Date) async throws(Failure) -> Identity

    /// The answer to a request ``verify(_:now:)`` refused with `failure`, in the scheme's own
    /// format (status, headers, body). It never shows a secret or a store's own message (which
    /// may name its database: that goes to the server's log).
    func refusal(_ failure: Failure, now: Date) -> SignedRefusal

    /// The answer to a request whose body is larger than `limit` bytes (413), in the scheme's
    /// format, before it was read whole.
    func refusal(bodyLargerThan limit: Int) -> SignedRefusal
}

/// A verifier's answer to a request it refused: what a server adapter or a mock sends.
///
/// The one rule every scheme shares lives here: a 503 (the replay store or a key look-up could
/// not answer, so the request was not checked and is refused) carries `Retry-After`
/// (``retryAfterSeconds``).
public struct SignedRefusal: Sendable, Hashable {
    /// The HTTP status (401, 400, 413, 503; Drupal answers its refusals with 200).
    public var status: Int
    /// The answer's headers (`Content-Type`, `WWW-Authenticate`, `Retry-After`, …).
    public var headers: HeaderFields
    /// The body, in the scheme's format; empty for none.
    public var body: [UInt8]

    /// How long a client should wait before it retries a 503, in seconds: the store's own
    /// recovery is quick, and a longer wait only keeps the client's request back.
    public static let retryAfterSeconds = 1

    /// A refusal with `status`, `body` labelled `contentType` (`nil` for an empty body) and
    /// `headers`; `Retry-After` is added to a 503.
    public init(status: Int, contentType: String?, body: [UInt8], headers: HeaderFields = [:]) {
        var fields = HeaderFields()
        if let contentType { fields.append("Content-Type", contentType) }
        for field in headers.fields { fields.append(field.name, field.value) }
        if status == 503, fields["Retry-After"] == nil { fields.append("Retry-After", String(Self.retryAfterSeconds)) }
        self.status = status
        self.headers = fields
        self.body = body
    }

    /// Whether the request was refused because something the verifier needs could not answer
    /// (503): an operator's alarm, not a client's mistake.
    public var isUnavailable: Bool { status == 503 }
}

extension Duration {
    /// The duration in whole seconds, rounded down; for windows compared with timestamps.
    package var wholeSeconds: Int {
        let (seconds, attoseconds) = components
        return Int(clamping: seconds) - (seconds < 0 && attoseconds != 0 ? 1 : 0)
    }
}

/// What an accepted request's signature covered of its body: a verifier's identity says so,
/// since a scheme may let a body through unsigned.
public enum BodyCoverage: Sendable, Hashable {
    /// The request had no body.
    case empty
    /// A form body whose fields are signed one by one.
    case formFields
    /// The body's bytes, checked against a signed digest (OAuth's `oauth_body_hash`).
    case digest
    /// A body no signature covers: anyone on the way could have changed it.
    case notCovered
}
