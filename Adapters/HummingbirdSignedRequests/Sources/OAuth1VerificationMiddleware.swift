#if HummingbirdAdapter  // without the trait, TraitCheck.swift's #error is the one message
public import Foundation
public import Hummingbird
import Logging
public import OAuth1Client

/// A request context that can hold the OAuth 1.0a identity ``OAuth1VerificationMiddleware``
/// verified.
///
/// ```swift
/// struct AppContext: OAuth1RequestContext {
///     var coreContext: CoreRequestContextStorage
///     var oauth1: OAuth1Verifier.Verified?
///     init(source: ApplicationRequestContextSource) { coreContext = .init(source: source) }
/// }
/// ```
public protocol OAuth1RequestContext: RequestContext {
    /// The consumer, token and request that passed verification; `nil` until the middleware ran.
    var oauth1: OAuth1Verifier.Verified? { get set }
}

/// Verifies every request with an `OAuth1Verifier` before the routes behind it
/// run, and puts what it verified in the context (``OAuth1RequestContext/oauth1``).
///
/// The body is collected first (at most ``maximumBodySize`` bytes; beyond, 413), since OAuth
/// signs form fields and `oauth_body_hash` covers other bodies, and is handed on readable. The
/// URL the client signed is rebuilt by the verifier's `publicURL` policy from the `Host` (the
/// request's authority), the request's scheme and, from a trusted proxy, the forwarding
/// headers; the peer's address comes from the context when it adopts Hummingbird's
/// `RemoteAddressRequestContext` (without it, no peer is trusted).
///
/// A refusal is answered as the OAuth Problem Reporting extension describes: 401 (400 for a
/// request that cannot be read or uses a method or version not offered, RFC 5849 §3.2) with
/// `WWW-Authenticate: OAuth realm="…", oauth_problem="…"` on a 401 and a form body
/// `oauth_problem=signature_invalid&oauth_problem_advice=…` (the verifier's words: which URL
/// was used, how far the clock is off; never a secret): `OAuth1ProblemReport`'s
/// `init(refusal:timestampWindow:now:)`, `formFields` and `wwwAuthenticate(realm:)`. A replay store or credential look-up
/// that cannot answer is 503 with `Retry-After`: the request is never let through unchecked.
public struct OAuth1VerificationMiddleware<Context: OAuth1RequestContext>: RouterMiddleware {
    /// The verifier: consumers, tokens, methods, window, replay store, public URL policy.
    public let verifier: OAuth1Verifier
    /// The realm named in `WWW-Authenticate`.
    public let realm: String
    /// The largest body collected, in bytes; a larger one is refused with 413.
    public let maximumBodySize: Int
    /// The server's clock, for the timestamp window and the replay store.
    public let now: @Sendable () -> Date

    /// A middleware verifying with `verifier`, answering refusals for `realm`.
    public init(verifier: OAuth1Verifier, realm: String, maximumBodySize: Int = 1_048_576, now: @escaping @Sendable () -> Date = Date.init) {
        self.verifier = verifier
        self.realm = realm
        self.maximumBodySize = maximumBodySize
        self.now = now
    }

    /// Verifies `request`, then runs `next` with the verified identity in the context; answers
    /// a refusal itself.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var request = request
        let received: ReceivedRequest
        switch try await request.receivedForVerification(maximumBodySize: maximumBodySize, context: context) {
        case .read(let read):
            received = read
        case .tooLarge(let limit):
            return OAuth1Problem.tooLarge(limit: limit).response(realm: realm)
        }
        let verified: OAuth1Verifier.Verified
        let time = now()
        do {
            verified = try await verifier.verify(received, now: time)
        } catch {
            let problem = OAuth1Problem(error, timestampWindow: verifier.timestampWindow, now: time)
            let level: Logger.Level = problem.status == .serviceUnavailable ? .error : .debug
            context.logger.log(level: level, "OAuth 1.0a request refused (\(error.code)): \(error.message)", metadata: ["hb.request.path": .string(request.uri.path)])
            return problem.response(realm: realm)
        }
        var context = context
        context.oauth1 = verified
        return try await next(request, context)
    }
}
#endif
