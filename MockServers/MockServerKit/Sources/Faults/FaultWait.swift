#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
import NIOCore
import ServiceLifecycle

/// Waits out the delays of latency and dribble faults on the server's
/// ``MockServerContext/sleepClock``, cut short when the server shuts down
/// gracefully (SIGINT, SIGTERM, ``MockServer/stop()``) or the client goes away, so that no fault
/// keeps a stopping server or a dead connection busy.
struct FaultWait: Sendable {
    /// How a wait ended.
    enum Outcome: Sendable {
        /// The whole delay passed.
        case elapsed
        /// The server is shutting down: answer now, without further delays.
        case shuttingDown
        /// The client closed the connection (or its side of it), or the request was cancelled:
        /// nobody is waiting for the answer.
        case abandoned
    }

    /// The client of the request's connection; `nil` without a socket (HummingbirdTesting's `.router`).
    let client: ClientPresence?
    /// The clock the wait sleeps on.
    let clock: any Clock<Duration>

    /// The wait for a request on `channel` of `server`.
    init(server: MockServerContext, channel: any Channel) {
        client = server.connections.presence(of: channel)
        clock = server.sleepClock
    }

    /// Sleeps for `duration` or until the server shuts down or the client goes, whichever is first.
    func sleep(for duration: Duration) async -> Outcome {
        let (events, continuation) = AsyncStream.makeStream(of: Outcome.self)
        let key = client?.observe { continuation.yield(.abandoned) }
        defer {
            if let key { client?.removeObserver(key) }
            continuation.finish()
        }
        return await withGracefulShutdownHandler {
            await withTaskGroup(of: Outcome?.self) { group in
                group.addTask { [clock] in (try? await clock.sleep(for: duration)) == nil ? nil : .elapsed }
                group.addTask { await events.first { _ in true } }
                let first = await group.next() ?? nil
                group.cancelAll()
                return first ?? .abandoned
            }
        } onGracefulShutdown: {
            continuation.yield(.shuttingDown)
        }
    }
}

extension MockRouteRunner {
    /// Waits out a latency fault: returns `true` when the delay passed, `false` when the server is
    /// shutting down (answer at once); closes the connection and throws when the client has gone.
    func delay(_ duration: Duration, fault: String, context: MockRequestContext) async throws -> Bool {
        switch await FaultWait(server: server, channel: context.channel).sleep(for: duration) {
        case .elapsed:
            return true
        case .shuttingDown:
            return false
        case .abandoned:
            throw Self.abandoned(fault, context: context)
        }
    }

    /// Closes the connection of a request whose client went away during `fault`, notes it for the
    /// journal, and returns the error that ends the request.
    static func abandoned(_ fault: String, context: MockRequestContext) -> MockServerError {
        context.note.set(.faulted, "fault: \(fault); the client went away")
        context.channel.close(mode: .all, promise: nil)
        return MockServerError(code: .connectionReset, message: "the client went away during a \(fault) fault")
    }
}
#endif
