#if HummingbirdAdapter  // without the trait, TraitCheck.swift's #error is the one message
public import DrupalServicesClient
public import Foundation
public import Hummingbird
import HTTPTypes
import Logging
import NIOCore

/// A request context that can hold what ``DrupalKeyVerificationMiddleware`` verified.
public protocol DrupalKeyRequestContext: RequestContext {
    /// The domain whose key signed the call, its `sessid` and the method's own arguments; `nil`
    /// until the middleware ran, and for a method that needs no key (`system.connect`).
    var drupalKey: DrupalKeyVerifier.Verified? { get set }
}

/// Checks Drupal Services key authentication on a JSON-RPC endpoint with a
/// `DrupalKeyVerifier` before the route behind it runs, and puts what
/// it verified in the context (``DrupalKeyRequestContext/drupalKey``).
///
/// The body (at most ``maximumBodySize`` bytes; beyond, 413) must be one JSON-RPC call, whose
/// leading arguments carry the hash, domain, timestamp and nonce; it is handed on readable. A
/// batch is refused: each call in one would carry its own key, and the context holds one.
///
/// Refusals are answered as Drupal 6 Services answers them: HTTP 200 with Drupal's string as
/// the call's `result` in its dialect and with its `id` (`{"result":"Token has expired.",
/// "version":"1.1","id":1}`), which `DrupalServicesClient` reads back as the error's code; a
/// body that is not a call gets a JSON-RPC error object. A replay store that cannot answer is
/// 503 with `Retry-After`, never a pass.
public struct DrupalKeyVerificationMiddleware<Context: DrupalKeyRequestContext>: RouterMiddleware {
    /// The verifier: keys, token expiry, sessions, replay store.
    public let verifier: DrupalKeyVerifier
    /// Methods called without key authentication (Drupal's `system.connect`), passed on with no
    /// identity in the context.
    public let unauthenticatedMethods: Set<String>
    /// The largest body collected, in bytes; a larger one is refused with 413.
    public let maximumBodySize: Int
    /// The server's clock, for the token expiry and the replay store.
    public let now: @Sendable () -> Date

    /// A middleware verifying with `verifier`.
    public init(
        verifier: DrupalKeyVerifier, unauthenticatedMethods: Set<String> = ["system.connect"], maximumBodySize: Int = 1_048_576,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.verifier = verifier
        self.unauthenticatedMethods = unauthenticatedMethods
        self.maximumBodySize = maximumBodySize
        self.now = now
    }

    /// Verifies the call in `request`, then runs `next` with what it verified in the context;
    /// answers a refusal itself.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var request = request
        let body: [UInt8]
        switch try await request.receivedForVerification(maximumBodySize: maximumBodySize, context: context) {
        case .read(let read):
            body = read.body
        case .tooLarge(let limit):
            let error = JSONRPCErrorObject(code: JSONRPCErrorObject.invalidRequest, message: "The request body is larger than \(limit) bytes.")
            return Self.answer(JSONRPCResponse(version: .v1_1, outcome: .error(error), id: nil), status: .contentTooLarge)
        }
        let call: JSONRPCRequest
        switch Self.call(in: body) {
        case .success(let parsed):
            call = parsed
        case .failure(let refusal):
            context.logger.debug("Drupal call refused: \(refusal.reason)", metadata: ["hb.request.path": .string(request.uri.path)])
            return Self.answer(refusal.answer, status: .ok)
        }
        var context = context
        if !unauthenticatedMethods.contains(call.method) {
            do {
                context.drupalKey = try await verifier.verify(call, now: now())
            } catch {
                let unavailable = error.code == .replayStoreUnavailable
                context.logger.log(
                    level: unavailable ? .error : .debug, "Drupal call refused (\(error.code)): \(error.message)",
                    metadata: ["hb.request.path": .string(request.uri.path)]
                )
                return Self.refusal(error, to: call)
            }
        }
        return try await next(request, context)
    }

    /// A body that is not one call: the JSON-RPC error to answer, and why for the log.
    struct NotACall: Error {
        var answer: JSONRPCResponse
        var reason: String
    }

    /// The one call in `body`, or the JSON-RPC error to answer (in the dialect and with the id
    /// the body shows, when it shows them).
    static func call(in body: [UInt8]) -> Result<JSONRPCRequest, NotACall> {
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: Data(body))
        } catch {
            let parseError = JSONRPCErrorObject(code: JSONRPCErrorObject.parseError, message: "Parse error")
            return .failure(NotACall(answer: JSONRPCResponse(version: .v1_1, outcome: .error(parseError), id: nil), reason: "the body is not JSON"))
        }
        if case .array = value {
            let invalid = JSONRPCErrorObject(code: JSONRPCErrorObject.invalidRequest, message: "Invalid Request: send one call per request")
            return .failure(NotACall(answer: JSONRPCResponse(version: .v2_0, outcome: .error(invalid), id: nil), reason: "a batch: key authentication takes one call per request"))
        }
        do throws(DrupalServicesError) {
            return .success(try JSONRPCRequest.parse(value))
        } catch {
            var version = JSONRPCVersion.v1_1
            var id: JSONValue?
            if case .object(let members) = value {
                version = members["jsonrpc"] == "2.0" ? .v2_0 : .v1_1
                if let given = members["id"], given.arrayValue == nil, given.objectValue == nil { id = given }
            }
            let object = error.rpcError ?? JSONRPCErrorObject(code: JSONRPCErrorObject.invalidRequest, message: "Invalid Request")
            return .failure(NotACall(answer: JSONRPCResponse(version: version, outcome: .error(object), id: id), reason: error.message))
        }
    }

    /// The answer to a call the verifier refused: Drupal's string as the result (503 and
    /// `Retry-After` when the replay store could not answer), or the verifier's JSON-RPC error
    /// for leading arguments of the wrong type.
    static func refusal(_ error: DrupalServicesError, to call: JSONRPCRequest) -> Response {
        let outcome: JSONRPCResponse.Outcome
        if error.code == .replayStoreUnavailable {
            outcome = .result(.string(DrupalServiceMessage.serviceUnavailable))
        } else if error.rpcError == nil, let words = error.providerMessage {
            outcome = .result(.string(words))
        } else {
            outcome = .error(error.rpcError ?? JSONRPCErrorObject(code: JSONRPCErrorObject.invalidRequest, message: "Invalid Request"))
        }
        let answer = JSONRPCResponse(version: call.version, outcome: outcome, id: call.id)
        let status: HTTPResponse.Status = error.code == .replayStoreUnavailable ? .serviceUnavailable : .ok
        // A JSON-RPC 2.0 notification gets no answer, only the status.
        return answer.version == .v2_0 && call.isNotification ? Self.answer(nil, status: status) : Self.answer(answer, status: status)
    }

    /// `answer` as JSON with `status` (an empty body for `nil`), and `Retry-After` on a 503.
    static func answer(_ answer: JSONRPCResponse?, status: HTTPResponse.Status) -> Response {
        var headers: HTTPFields = [:]
        if answer != nil { headers[.contentType] = "application/json; charset=utf-8" }
        if status == .serviceUnavailable { headers[.retryAfter] = "1" }
        let body = answer.map { ResponseBody(byteBuffer: ByteBuffer(bytes: $0.encoded())) } ?? ResponseBody()
        return Response(status: status, headers: headers, body: body)
    }
}
#endif
