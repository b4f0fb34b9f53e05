#if HummingbirdAdapter  // without the trait, TraitCheck.swift's #error is the one message
public import Foundation
public import Hummingbird
import HTTPTypes
public import Logging
public import CoreMetrics
import Metrics
import NIOCore
public import SignedVerification

/// Verifies every request with a scheme's verifier (`OAuth1Verifier`, `AFSignedVerifier`,
/// `DrupalKeyVerifier`, or any `SignedRequestVerifier`) before the routes behind it run, and
/// puts the verified identity in the request context.
///
/// ```swift
/// struct AppContext: RequestContext {
///     var coreContext: CoreRequestContextStorage
///     var oauth1: OAuth1Verifier.Verified?
///     init(source: ApplicationRequestContextSource) { coreContext = .init(source: source) }
/// }
/// router.add(middleware: SignedRequestMiddleware(verifier, identity: \AppContext.oauth1))
/// ```
///
/// The body is collected first (at most ``maximumBodySize`` bytes; beyond, the verifier's
/// 413), since schemes sign form fields or a body's digest, and is handed on readable. The
/// request reaches the verifier as a `ReceivedRequest`: the target as sent, `Host` from the
/// request's authority, the connection's scheme, and the peer's address when the context
/// adopts Hummingbird's `RemoteAddressRequestContext` (which a `PublicURLPolicy` of trusted
/// proxies needs; without it no peer is trusted).
///
/// A refusal is the verifier's own answer (`SignedRefusal`: the scheme's status, headers and
/// body; 503 with `Retry-After` when its replay store or key look-up could not answer, never a
/// pass). Each refusal is logged on the request's logger at ``refusalLogLevel`` (a 503 at
/// `error`), with the scheme and the error's code, and counted (see ``metricsLabel``).
public struct SignedRequestMiddleware<Verifier: SignedRequestVerifier, Context: RequestContext>: RouterMiddleware {
    /// The verifier.
    public let verifier: Verifier
    /// Where the verified identity goes in the context.
    public let identity: any WritableKeyPath<Context, Verifier.Identity?> & Sendable
    /// The largest body collected, in bytes.
    public let maximumBodySize: Int
    /// The level refusals are logged at (503s are always logged at `error`).
    public let refusalLogLevel: Logger.Level
    /// The label of the swift-metrics counter every request increments, with the dimensions
    /// `scheme` (`oauth1`, …), `outcome` (`accepted`, `refused`, `unavailable`) and, for a
    /// refusal, `code` (the error's code, `signature invalid`); `nil` counts nothing.
    public let metricsLabel: String?
    /// Where the counter goes: `nil` for the process's `MetricsSystem` (what your backend
    /// bootstrapped), or a factory of your own.
    public let metricsFactory: (any MetricsFactory)?
    /// The server's clock, for the time window and the replay store.
    public let now: @Sendable () -> Date

    /// A middleware verifying with `verifier`, the identity put at `identity` in the context.
    public init(
        _ verifier: Verifier, identity: any WritableKeyPath<Context, Verifier.Identity?> & Sendable, maximumBodySize: Int = 1_048_576,
        refusalLogLevel: Logger.Level = .info, metricsLabel: String? = "signed_requests", metricsFactory: (any MetricsFactory)? = nil,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.metricsFactory = metricsFactory
        self.verifier = verifier
        self.identity = identity
        self.maximumBodySize = maximumBodySize
        self.refusalLogLevel = refusalLogLevel
        self.metricsLabel = metricsLabel
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
            count("refused", code: "body too large")
            return Self.response(verifier.refusal(bodyLargerThan: limit))
        }
        let time = now()
        let verified: Verifier.Identity
        do {
            verified = try await verifier.verify(received, now: time)
        } catch {
            let refusal = verifier.refusal(error, now: time)
            context.logger.log(
                level: refusal.isUnavailable ? .error : refusalLogLevel, "\(Verifier.scheme) request refused (\(error.code)): \(error.message)",
                metadata: ["hb.request.path": .string(request.uri.path), "signed.scheme": .string(Verifier.scheme), "signed.code": .string(error.code.description)]
            )
            count(refusal.isUnavailable ? "unavailable" : "refused", code: error.code.description)
            return Self.response(refusal)
        }
        count("accepted", code: nil)
        var context = context
        context[keyPath: identity] = verified
        return try await next(request, context)
    }

    private func count(_ outcome: String, code: String?) {
        guard let metricsLabel else { return }
        var dimensions = [("scheme", Verifier.scheme), ("outcome", outcome)]
        if let code { dimensions.append(("code", code)) }
        let counter = metricsFactory.map { Counter(label: metricsLabel, dimensions: dimensions, factory: $0) } ?? Counter(label: metricsLabel, dimensions: dimensions)
        counter.increment()
    }

    /// `refusal` as a Hummingbird response.
    static func response(_ refusal: SignedRefusal) -> Response {
        var headers = HTTPFields()
        for field in refusal.headers.fields {
            if let name = HTTPField.Name(field.name) { headers.append(HTTPField(name: name, value: field.value)) }
        }
        let body = refusal.body.isEmpty ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: refusal.body))
        return Response(status: HTTPResponse.Status(code: refusal.status), headers: headers, body: body)
    }
}
#endif
