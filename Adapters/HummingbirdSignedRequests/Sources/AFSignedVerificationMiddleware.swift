#if HummingbirdAdapter  // without the trait, TraitCheck.swift's #error is the one message
public import AFSignedClient
public import Foundation
public import Hummingbird
import HTTPTypes
import Logging
import NIOCore

/// A request context that can hold the AFSigned identity ``AFSignedVerificationMiddleware``
/// verified.
public protocol AFSignedRequestContext: RequestContext {
    /// The client id, timestamp and nonce that passed verification; `nil` until the middleware ran.
    var afsigned: AFSignedVerifier.Verified? { get set }
}

/// Verifies every request with an `AFSignedVerifier` (version 2 or 4) before
/// the routes behind it run, and puts what it verified in the context
/// (``AFSignedRequestContext/afsigned``).
///
/// The body is collected first (at most ``maximumBodySize`` bytes; beyond, 413), since a form
/// body's fields are signed, and is handed on readable. A refusal is answered as the original
/// PHP backend answers: `{"error": "Incorrect auth signature"}` (the backend's words,
/// `AFSignedError.refusalWords`) with 401, or 400 for a query or body that cannot be read; a
/// replay store that cannot answer is 503 with `Retry-After`, never a pass. The scheme signs
/// the method and path, not the host, so a proxy in front needs no setting here (one that
/// rewrites the path does).
public struct AFSignedVerificationMiddleware<Context: AFSignedRequestContext>: RouterMiddleware {
    /// The verifier: clients, version, window, replay store.
    public let verifier: AFSignedVerifier
    /// The largest body collected, in bytes; a larger one is refused with 413.
    public let maximumBodySize: Int
    /// The server's clock, for the timestamp window and the replay store.
    public let now: @Sendable () -> Date

    /// A middleware verifying with `verifier`.
    public init(verifier: AFSignedVerifier, maximumBodySize: Int = 1_048_576, now: @escaping @Sendable () -> Date = Date.init) {
        self.verifier = verifier
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
        case .tooLarge:
            return Self.answer(status: .contentTooLarge, words: "Content Too Large")
        }
        let verified: AFSignedVerifier.Verified
        do {
            verified = try await verifier.verify(received, now: now())
        } catch {
            let status = HTTPResponse.Status(code: error.refusalStatus)
            let level: Logger.Level = status == .serviceUnavailable ? .error : .debug
            context.logger.log(level: level, "AFSigned request refused (\(error.code)): \(error.message)", metadata: ["hb.request.path": .string(request.uri.path)])
            return Self.answer(status: status, words: error.refusalWords)
        }
        var context = context
        context.afsigned = verified
        return try await next(request, context)
    }

    /// `{"error": words}` with `status` (and `Retry-After` on a 503).
    static func answer(status: HTTPResponse.Status, words: String) -> Response {
        let body = (try? JSONEncoder().encode(["error": words])) ?? Data()
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if status == .serviceUnavailable { headers[.retryAfter] = "1" }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
#endif
