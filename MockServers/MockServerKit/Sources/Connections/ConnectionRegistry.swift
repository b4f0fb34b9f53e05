#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
import NIOCore
import NIOConcurrencyHelpers

/// The open connections of one server: how many there are (against
/// ``MockServerLimits/maxConnections``) and, for each, whether its client is still there.
final class ConnectionRegistry: Sendable {
    private let connections = NIOLockedValueBox<[ObjectIdentifier: ClientPresence]>([:])

    /// Counts `channel` as open and returns its presence, or `nil` when `limit` connections are
    /// open already (the caller refuses it).
    func open(_ channel: any Channel, limit: Int) -> ClientPresence? {
        connections.withLockedValue { connections in
            if let presence = connections[ObjectIdentifier(channel)] { return presence }
            guard connections.count < limit else { return nil }
            let presence = ClientPresence()
            connections[ObjectIdentifier(channel)] = presence
            return presence
        }
    }

    /// Forgets `channel` (it closed).
    func close(_ channel: any Channel) {
        _ = connections.withLockedValue { $0.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// The presence of the client on `channel`, `nil` when the connection is not counted (as under
    /// HummingbirdTesting's `.router`, where there is no socket).
    func presence(of channel: any Channel) -> ClientPresence? {
        connections.withLockedValue { $0[ObjectIdentifier(channel)] }
    }
}

/// Whether the client of one connection is still there; once it closes the connection or its
/// sending side, every observer is told once.
final class ClientPresence: Sendable {
    private struct State {
        var gone = false
        var nextKey = 0
        var observers: [Int: @Sendable () -> Void] = [:]
    }

    private let state = NIOLockedValueBox(State())

    /// Marks the client gone and tells the observers.
    func markGone() {
        let observers = state.withLockedValue { state -> [@Sendable () -> Void] in
            guard !state.gone else { return [] }
            state.gone = true
            defer { state.observers = [:] }
            return Array(state.observers.values)
        }
        for observer in observers { observer() }
    }

    /// Calls `observer` when the client goes (at once if it has gone); returns the key that
    /// ``removeObserver(_:)`` takes.
    func observe(_ observer: @escaping @Sendable () -> Void) -> Int? {
        let key = state.withLockedValue { state -> Int? in
            guard !state.gone else { return nil }
            state.nextKey += 1
            state.observers[state.nextKey] = observer
            return state.nextKey
        }
        if key == nil { observer() }
        return key
    }

    /// Stops telling the observer registered under `key`.
    func removeObserver(_ key: Int) {
        _ = state.withLockedValue { $0.observers.removeValue(forKey: key) }
    }
}
#endif
