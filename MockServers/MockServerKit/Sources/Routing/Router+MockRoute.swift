#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
import Foundation
public import Hummingbird
public import HTTPTypes
import NIOCore
import SignedHTTP

extension Router where Context == MockRequestContext {
    /// Registers a provider route: the body is read within the size limit (413 beyond it),
    /// the route's faults are applied, the handler's verdict goes to the journal, a thrown
    /// ``MockProviderError`` is journaled as a rejection and answered with its response, and
    /// other methods on the same path get 405.
    ///
    /// - Parameters:
    ///   - method: the HTTP method.
    ///   - path: the path pattern, with `{name}` for a path parameter.
    ///   - server: the server's shared context.
    ///   - operation: what the route reads and answers, for the server's `/openapi.json`.
    ///   - handler: builds the response, calling `context.note.accept(_:)` to say what was done,
    ///     or throws a ``MockProviderError`` to refuse the request.
    @discardableResult
    public func mockRoute(
        _ method: HTTPRequest.Method,
        _ path: String,
        context server: MockServerContext,
        operation: MockOperation,
        handler: @escaping @Sendable (MockRequest, MockRequestContext) async throws -> MockResponse
    ) -> Self {
        server.routes.add(method: method.rawValue, pattern: path, operation: operation)
        let parameterNames = path.split(separator: "/").compactMap { segment -> String? in
            guard segment.hasPrefix("{"), segment.hasSuffix("}") else { return nil }
            return String(segment.dropFirst().dropLast())
        }
        let runner = MockRouteRunner(server: server, pattern: path, parameterNames: parameterNames, handler: handler)
        on(RouterPath(path), method: method) { request, context in
            try await runner.respond(to: request, context: context)
        }
        return self
    }
}

/// Runs one provider route with limits, faults and journaling around it.
struct MockRouteRunner: Sendable {
    let server: MockServerContext
    let pattern: String
    let parameterNames: [String]
    let handler: @Sendable (MockRequest, MockRequestContext) async throws -> MockResponse

    func respond(to request: Request, context: MockRequestContext) async throws -> Response {
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: server.configuration.limits.maxBodyBytes)
        } catch is NIOTooManyBytesError {
            let limit = server.configuration.limits.maxBodyBytes
            context.note.reject("body larger than \(limit) bytes")
            return server.errorResponse(.contentTooLarge, "The request body is larger than \(limit) bytes.").response
        }
        let faults = server.faults.take(method: request.method.rawValue, pattern: pattern)
        for fault in faults {
            if case .clockSkew = fault { server.events.publish(.faultStarted(fault)) }
        }
        let skew = MockFault.totalSkew(faults)
        // The provider's clock for this request: the server's, with the request's skew.
        func serverNow() -> Date { server.clock.now.addingTimeInterval(TimeInterval(skew)) }
        var routeParameters: [String: String] = [:]
        for name in parameterNames {
            routeParameters[name] = context.parameters.get(name)
        }
        let mockRequest = MockRequest(
            method: request.method,
            path: request.uri.path,
            authority: request.head.authority,
            query: request.uri.query,
            headers: request.headers,
            body: body,
            now: serverNow(),
            routeParameters: routeParameters
        )
        context.note.setParameters(mockRequest.parametersIfValid ?? [])
        context.note.setRequest(mockRequest)

        // A shutdown ends the delays (the answer goes at once); a departed client ends the request.
        var delaying = true
        for fault in faults where delaying {
            switch fault {
            case .latency(let milliseconds):
                server.events.publish(.faultStarted(fault))
                delaying = try await delay(.milliseconds(max(0, milliseconds)), fault: "latency", context: context)
            case .randomLatency(let low, let high):
                let milliseconds = server.random.integer(in: max(0, low)...max(low, high, 0))
                server.events.publish(.faultStarted(fault))
                delaying = try await delay(.milliseconds(milliseconds), fault: "random latency", context: context)
            default:
                break
            }
        }
        if let replacement = faults.first(where: \.replacesResponse) {
            return try replace(with: replacement, now: mockRequest.now, context: context).dated(serverNow())
        }

        var response: MockResponse
        do {
            response = try await handler(mockRequest, context)
        } catch let error as any MockProviderError {
            context.note.reject(error.journalReason)
            context.note.diagnose(error.journalDiagnosis)
            response = error.response(in: server)
        }
        for fault in faults {
            switch fault {
            case .emptyResponse:
                server.events.publish(.faultStarted(fault))
                response.body = ByteBuffer()
                context.note.set(.faulted, "fault: empty response")
            case .malformedResponse:
                server.events.publish(.faultStarted(fault))
                response.body = Self.malformed(response.body)
                context.note.set(.faulted, "fault: malformed response")
            case .dribble(let chunkBytes, let interval):
                server.events.publish(.faultStarted(fault))
                context.note.set(.faulted, "fault: dribbled response")
                return dribbled(response, chunkBytes: max(1, chunkBytes), intervalMilliseconds: max(0, interval), context: context).dated(serverNow())
            default:
                break
            }
        }
        return response.response.dated(serverNow())
    }

    private func replace(with fault: MockFault, now: Date, context: MockRequestContext) throws -> Response {
        server.events.publish(.faultStarted(fault))
        switch fault {
        case .connectionReset:
            context.note.set(.faulted, "fault: connection reset")
            context.channel.close(mode: .all, promise: nil)
            throw MockServerError(code: .connectionReset, message: "the connection was closed by a connection-reset fault")
        case .status(let code, let retryAfter):
            // Validated on the way in; clamped again so no value can trap here.
            let code = ConfigurationRanges.clamp(code, to: ConfigurationRanges.faultStatus)
            let retryAfter = retryAfter.map { ConfigurationRanges.clamp($0, to: ConfigurationRanges.retryAfterSeconds) }
            let status = HTTPResponse.Status(code: code)
            context.note.set(.faulted, "fault: status \(code)")
            var response = server.errorResponse(status, Self.faultMessage(code))
            if code == 429 {
                let seconds = retryAfter ?? 60
                response.headers[.retryAfter] = String(seconds)
                response.headers.append(contentsOf: server.provider.rateLimitHeaders(now: now, retryAfterSeconds: seconds))
            } else if let retryAfter {
                response.headers[.retryAfter] = String(retryAfter)
            }
            return response.response
        default:
            return server.errorResponse(.internalServerError, "unexpected fault").response
        }
    }

    private static func faultMessage(_ code: Int) -> String {
        switch code {
        case 429: "Rate limit exceeded."
        case 500: "Internal error."
        case 502: "Bad gateway."
        case 503: "Over capacity."
        case 504: "Gateway timeout."
        default: "Fault injected by the mock server (status \(code))."
        }
    }

    /// The first half of the body followed by bytes no JSON, form or HTML parser accepts whole.
    static func malformed(_ body: ByteBuffer) -> ByteBuffer {
        var output = ByteBuffer()
        output.writeImmutableBuffer(body.getSlice(at: body.readerIndex, length: body.readableBytes / 2) ?? ByteBuffer())
        output.writeBytes([0x7B, 0x22, 0xFF, 0xFE, 0x00])  // `{"` then invalid UTF-8 and NUL
        return output
    }

    /// The response written `chunkBytes` at a time with a pause between chunks; at shutdown the
    /// rest goes at once, and when the client goes the connection is closed.
    func dribbled(_ response: MockResponse, chunkBytes: Int, intervalMilliseconds: Int, context: MockRequestContext) -> Response {
        var headers = response.headers
        headers[.contentLength] = nil
        let body = response.body
        let wait = FaultWait(server: server, channel: context.channel)
        return Response(status: response.status, headers: headers, body: ResponseBody { writer in
            var remaining = body
            var pausing = true
            while pausing, remaining.readableBytes > 0, let chunk = remaining.readSlice(length: min(chunkBytes, remaining.readableBytes)) {
                try await writer.write(chunk)
                switch await wait.sleep(for: .milliseconds(intervalMilliseconds)) {
                case .elapsed: break
                case .shuttingDown: pausing = false
                case .abandoned: throw Self.abandoned("dribble", context: context)
                }
            }
            if remaining.readableBytes > 0 { try await writer.write(remaining) }
            try await writer.finish(nil)
        })
    }
}

extension Response {
    /// This response dated `date` (the provider's clock as its routes see it, when the answer is
    /// ready, so after any latency fault): in `Date`, where
    /// HummingbirdTesting's `.router` mode leaves it, and in ``ConnectionGuard/serverDateField``,
    /// from which the guard of a live server writes it over the system time Hummingbird puts in
    /// `Date` (in `.router` mode, which has no connection, that field stays).
    func dated(_ date: Date) -> Response {
        var response = self
        let text = HTTPDate.format(date)
        response.headers[.date] = text
        response.headers[Self.serverDate] = text
        return response
    }

    private static let serverDate = HTTPField.Name(ConnectionGuard.serverDateField)!
}

extension MockResponse {
    /// The Hummingbird response, with `Content-Length` set.
    var response: Response {
        var headers = headers
        headers[.contentLength] = String(body.readableBytes)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body))
    }
}
#endif
