#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
import NIOConcurrencyHelpers

/// Something that happened on a running mock server, for a test to await instead of polling
/// or sleeping.
public enum MockServerEvent: Sendable, Hashable {
    /// A connection was accepted and counted against ``MockServerLimits/maxConnections``.
    case connectionOpened
    /// A request reached the server's routes (its head is read; its body may still be coming).
    case requestReceived(method: String, path: String)
    /// A fault began on a request: for latency and dribble faults, the wait is about to start.
    case faultStarted(MockFault)
    /// A request has been through the server's routes and, unless its route is one the journal
    /// leaves out, is in the journal: `status` is the answer's (not yet written), 0 when it ended
    /// without one (a connection-reset fault, a client gone).
    case requestFinished(status: Int)
    /// An answer with this status was written to the connection whole (after any dribble).
    case answerWritten(status: Int)
    /// A connection closed, for whatever reason.
    case connectionClosed

    /// The fault, for ``faultStarted(_:)``.
    public var fault: MockFault? {
        if case .faultStarted(let fault) = self { fault } else { nil }
    }

    /// The status, for ``answerWritten(status:)``.
    public var status: Int? {
        if case .answerWritten(let status) = self { status } else { nil }
    }
}

/// The events of one running provider: every subscriber gets each event published after it
/// subscribed, in order.
///
/// ```swift
/// let events = server.events.subscribe()       // before what should cause them
/// async let answer = MockHTTP.send(.get, "/echo", to: server.baseURL)
/// _ = await events.first { $0.fault != nil }  // the fault has started
/// ```
///
/// Publishing costs one uncontended lock while nobody subscribes; a subscription ends when its
/// stream is dropped or the server stops.
public final class MockServerEvents: Sendable {
    private let subscriberCount = NIOLockedValueBox(0)
    private let subscribers = NIOLockedValueBox<(nextID: Int, finished: Bool, continuations: [Int: AsyncStream<MockServerEvent>.Continuation])>((0, false, [:]))

    init() {}

    /// A stream of every event from now on, until the server stops (then the stream ends).
    public func subscribe() -> AsyncStream<MockServerEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: MockServerEvent.self)
        let id = subscribers.withLockedValue { state -> Int? in
            guard !state.finished else { return nil }
            state.nextID += 1
            state.continuations[state.nextID] = continuation
            subscriberCount.withLockedValue { $0 += 1 }
            return state.nextID
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            subscribers.withLockedValue { state in
                if state.continuations.removeValue(forKey: id) != nil { subscriberCount.withLockedValue { $0 -= 1 } }
            }
        }
        return stream
    }

    /// Whether anyone subscribes (so that work done only for events can be skipped).
    var isObserved: Bool { subscriberCount.withLockedValue { $0 > 0 } }

    /// Tells every subscriber `event`; builds it only when someone subscribes.
    func publish(_ event: @autoclosure () -> MockServerEvent) {
        guard isObserved else { return }
        let event = event()
        let continuations = subscribers.withLockedValue { Array($0.continuations.values) }
        for continuation in continuations { continuation.yield(event) }
    }

    /// Ends every subscription (the server stopped); later subscriptions end at once.
    func finish() {
        let continuations = subscribers.withLockedValue { state in
            state.finished = true
            defer { state.continuations = [:] }
            return Array(state.continuations.values)
        }
        for continuation in continuations { continuation.finish() }
        subscriberCount.withLockedValue { $0 = 0 }
    }
}

extension AsyncStream where Element == MockServerEvent {
    /// Waits for the `count`-th event from now on that `matches`, and returns it; `nil` when the
    /// stream ends first (the server stopped) or the task is cancelled.
    @discardableResult
    public func waitFor(count: Int = 1, where matches: (MockServerEvent) -> Bool) async -> MockServerEvent? {
        var seen = 0
        for await event in self where matches(event) {
            seen += 1
            if seen >= count { return event }
        }
        return nil
    }

    /// Waits for the `count`-th `event` from now on; `false` when the stream ends first.
    @discardableResult
    public func waitFor(_ event: MockServerEvent, count: Int = 1) async -> Bool {
        await waitFor(count: count) { $0 == event } != nil
    }
}
#endif
