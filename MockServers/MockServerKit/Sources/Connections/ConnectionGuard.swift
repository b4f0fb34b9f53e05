#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
import HTTPTypes
import Logging
import NIOCore
import NIOHTTP1

/// Sits between the HTTP/1 decoder and Hummingbird's HTTP-types codec of every connection, where
/// the HTTP version is still seen:
///
/// - counts the connection against ``MockServerLimits/maxConnections``; one more is answered 503
///   in the provider's shape and closed at once;
/// - tells the connection's ``ClientPresence`` when the client closes the connection or its side
///   of it (so latency and dribble faults stop waiting for nobody);
/// - makes a request close its connection after the response when it is HTTP/1.0 without
///   keep-alive, or declares a body over ``MockServerLimits/maxBodyBytes`` (the middleware
///   answers 413 before reading it): `Connection: close` on the request for Hummingbird and on
///   the response for the client, and once the response is written the connection is closed
///   (after ``lingerTime``, so a client still sending its body can read the answer first);
/// - answers `Expect: 100-continue` with `100 Continue` when the declared body is acceptable;
/// - answers a request head the decoder gave up on (beyond
///   ``MockServerApplication/parserLimit(for:)``) with 414 for a too-long target or 431 for a
///   too-large header section, in the provider's shape, and closes the connection;
/// - dates a route's response by the provider's clock (``serverDateField``);
/// - closes the connection when a whole request has not arrived within
///   ``MockServerLimits/readTimeoutSeconds`` of its opening or of the previous answer, on the
///   server's ``MockServerContext/readDeadlineClock`` (a trickled header section or body too);
/// - publishes the connection's events: opened, each answer written, closed.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// The field through which a route gives its response's `Date`: the provider's clock, with
    /// any clock-skew fault applied. Hummingbird writes the system time into `Date` after the
    /// route has answered; this handler, which sees the response after that, moves the route's
    /// value there.
    static let serverDateField = "X-Mock-Server-Date"

    /// How long a closing connection stays open after its last response is written (on the
    /// server's ``MockServerContext/sleepClock``).
    static let lingerTime = Duration.seconds(1)

    private let server: MockServerContext
    private let targetWatch: RequestTargetWatch
    private var presence: ClientPresence?
    private var refused = false
    /// Whether the response being written is the connection's last.
    private var closesAfterResponse = false
    /// The status of the response being written.
    private var answerStatus = 0
    /// Requests read whole, and final answers written: while they are equal, the connection
    /// waits for a request and its read deadline runs.
    private var requestsRead = 0
    private var answersWritten = 0
    /// The running read deadline, and the number that tells it from those cancelled before.
    private var deadline: ReadDeadline?
    private var deadlineNumber = 0

    init(server: MockServerContext, targetWatch: RequestTargetWatch) {
        self.server = server
        self.targetWatch = targetWatch
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { admit(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        admit(context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarmDeadline()
        if let presence {
            presence.markGone()
            server.connections.close(context.channel)
        }
        server.events.publish(.connectionClosed)
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed { presence?.markGone() }
        context.fireUserInboundEventTriggered(event)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        guard case .head(var head) = unwrapInboundIn(data) else {
            if case .end = unwrapInboundIn(data) {
                requestsRead += 1
                // A route may answer before the body has arrived (the body is then drained).
                if requestsRead == answersWritten, !closesAfterResponse { armDeadline(context: context) } else { disarmDeadline() }
            }
            context.fireChannelRead(data)
            return
        }
        let limit = server.configuration.limits.maxBodyBytes
        let declared = head.headers["Content-Length"].first.flatMap { Int($0) }
        let tooLarge = (declared ?? 0) > limit
        if !head.isKeepAlive || tooLarge {
            head.headers.replaceOrAdd(name: "Connection", value: "close")
            closesAfterResponse = true
        }
        let expectsContinue = head.headers["Expect"].contains { $0.lowercased() == "100-continue" }
        if expectsContinue, !tooLarge, head.version.major == 1, head.version.minor >= 1 {
            context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .continue))), promise: nil)
        }
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    /// Answers a head the decoder refused as too large (Hummingbird would answer an empty 400);
    /// once a connection is refused, the decoder's complaints about the bytes still arriving are
    /// dropped, so that the answer is not cut short.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard !refused else { return }
        guard case .headerOverflow? = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        let limit = server.configuration.limits.maxHeaderBytes
        if targetWatch.targetOverflowed {
            server.logger.info("refused a request target longer than \(limit) bytes (limits.maxHeaderBytes)")
            refuse(context: context, status: .uriTooLong, message: "The request target is longer than \(limit) bytes.", lingering: true)
        } else {
            server.logger.info("refused a header section larger than \(limit) bytes (limits.maxHeaderBytes)")
            refuse(context: context, status: .requestHeaderFieldsTooLarge, message: "The request headers are larger than \(limit) bytes.", lingering: true)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        var data = data
        if case .head(var head) = unwrapOutboundIn(data) {
            if let date = head.headers.first(name: Self.serverDateField) {
                head.headers.remove(name: Self.serverDateField)
                head.headers.replaceOrAdd(name: "Date", value: date)
                data = wrapOutboundOut(.head(head))
            }
            if head.status.code >= 200 { answerStatus = Int(head.status.code) }
        }
        if case .end = unwrapOutboundIn(data) {
            answersWritten += 1
            if !closesAfterResponse, answersWritten == requestsRead { armDeadline(context: context) }
        }
        let closing = closesAfterResponse
        switch unwrapOutboundIn(data) {
        case .head(var head) where closing && head.status.code >= 200:
            head.headers.replaceOrAdd(name: "Connection", value: "close")
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .end where closing || server.events.isObserved:
            let channel = context.channel
            let written = context.eventLoop.makePromise(of: Void.self)
            let (events, status, clock) = (server.events, answerStatus, server.sleepClock)
            written.futureResult.whenComplete { result in
                if case .success = result { events.publish(.answerWritten(status: status)) }
                if closing { Self.closeLingering(channel, clock: clock) }
            }
            written.futureResult.cascade(to: promise)
            context.write(data, promise: written)
        default:
            context.write(data, promise: promise)
        }
    }

    /// Counts the connection, or refuses it with 503 when the server has its most already.
    private func admit(context: ChannelHandlerContext) {
        guard presence == nil, !refused else { return }
        let limit = server.configuration.limits.maxConnections
        if let presence = server.connections.open(context.channel, limit: limit) {
            self.presence = presence
            server.events.publish(.connectionOpened)
            armDeadline(context: context)
            return
        }
        server.logger.warning("refused a connection: \(limit) are open (limits.maxConnections)")
        refuse(context: context, status: .serviceUnavailable, message: "Too many connections are open (at most \(limit)); try again later.", retryAfter: 1)
    }

    /// Starts the read deadline: unless a whole request arrives first (``disarmDeadline()``),
    /// the connection is closed ``MockServerLimits/readTimeoutSeconds`` from now.
    private func armDeadline(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadlineNumber += 1
        let (number, channel, loop) = (deadlineNumber, context.channel, context.eventLoop)
        let (seconds, logger) = (server.configuration.limits.readTimeoutSeconds, server.logger)
        let handler = NIOLoopBound(self, eventLoop: loop)
        let passed: @Sendable () -> Void = {
            guard handler.value.deadlineNumber == number, handler.value.deadline != nil else { return }
            logger.debug("closed a connection that sent no whole request within \(seconds) s (limits.readTimeoutSeconds)")
            channel.close(promise: nil)
        }
        deadline = ReadDeadline(after: .seconds(seconds), on: server.readDeadlineClock, loop: loop, passed)
    }

    /// Stops the read deadline: a request has arrived whole, or the connection is gone.
    private func disarmDeadline() {
        deadline?.cancel()
        deadline = nil
    }

    /// Answers `status` with `message` in the provider's shape, reads nothing more, and closes
    /// the connection once the answer is written (``closeLingering(_:)`` when `lingering`, for a
    /// client that may still be sending).
    private func refuse(context: ChannelHandlerContext, status: HTTPResponseStatus, message: String, retryAfter: Int? = nil, lingering: Bool = false) {
        refused = true
        disarmDeadline()
        let answer = server.errorResponse(.init(code: Int(status.code)), message)
        var headers = HTTPHeaders()
        for field in answer.headers where field.name != .contentLength && field.name != .connection {
            headers.add(name: field.name.rawName, value: field.value)
        }
        headers.replaceOrAdd(name: "Content-Length", value: String(answer.body.readableBytes))
        headers.replaceOrAdd(name: "Connection", value: "close")
        if let retryAfter { headers.replaceOrAdd(name: "Retry-After", value: String(retryAfter)) }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(answer.body))), promise: nil)
        let channel = context.channel
        let (events, clock) = (server.events, server.sleepClock)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { result in
            if case .success = result { events.publish(.answerWritten(status: Int(status.code))) }
            if lingering { Self.closeLingering(channel, clock: clock) } else { channel.close(promise: nil) }
        }
    }

    /// Closes the sending side of `channel` at once and the whole of it ``lingerTime`` later on
    /// `clock`, so a client still sending reads the answer before a reset could discard it.
    private static func closeLingering(_ channel: any Channel, clock: any Clock<Duration>) {
        channel.close(mode: .output, promise: nil)
        let linger = Task {
            try? await clock.sleep(for: lingerTime)
            channel.close(promise: nil)
        }
        channel.closeFuture.whenComplete { _ in linger.cancel() }
    }

    /// Puts a ``ConnectionGuard`` right after the HTTP/1 decoder (Hummingbird's additional
    /// handlers go after its HTTP-types codec, where the version is no longer seen) and its
    /// ``RequestTargetWatch`` right before it, then leaves.
    final class Installer: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = NIOAny

        private let server: MockServerContext

        init(server: MockServerContext) {
            self.server = server
        }

        func handlerAdded(context: ChannelHandlerContext) {
            let pipeline = context.pipeline.syncOperations
            do {
                let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
                let watch = RequestTargetWatch(limit: MockServerApplication.parserLimit(for: server.configuration.limits))
                try pipeline.addHandler(watch, position: .before(decoder))
                try pipeline.addHandler(ConnectionGuard(server: server, targetWatch: watch), position: .after(decoder))
            } catch {
                server.logger.error("cannot guard a connection (\(error)); closing it")
                context.close(promise: nil)
            }
            pipeline.removeHandler(context: context, promise: nil)
        }
    }
}

/// A connection's read deadline: `passed` runs on the connection's event loop once `duration`
/// has passed on the clock, unless cancelled first. On `ContinuousClock` (every server but a
/// test's) it is one of NIO's timers, as cheap as Hummingbird's idle handler it replaces; on
/// any other clock, a task sleeping on it.
private enum ReadDeadline {
    case timer(Scheduled<Void>)
    case sleep(Task<Void, Never>)

    init(after duration: Duration, on clock: any Clock<Duration>, loop: any EventLoop, _ passed: @escaping @Sendable () -> Void) {
        if clock is ContinuousClock {
            self = .timer(loop.scheduleTask(in: .nanoseconds(Int64(duration / .nanoseconds(1))), passed))
        } else {
            self = .sleep(Task {
                do { try await clock.sleep(for: duration) } catch { return }
                loop.execute(passed)
            })
        }
    }

    func cancel() {
        switch self {
        case .timer(let scheduled): scheduled.cancel()
        case .sleep(let task): task.cancel()
        }
    }
}
#endif
