public import Foundation
public import SigningCore

/// What a mock server decided about one request.
public enum JournalVerdict: String, Sendable, Hashable, Codable {
    /// The request was served normally.
    case accepted
    /// The request was refused (bad signature, replay, expired token, limits, unknown route…).
    case rejected
    /// A configured fault answered instead of the provider.
    case faulted
}

/// One request as the journal remembers it.
public struct JournalEntry: Sendable, Hashable {
    /// Position in the journal since it was created or last reset, from 1.
    public var sequence: Int
    /// The provider that received the request.
    public var provider: String
    /// The HTTP method, e.g. `GET`.
    public var method: String
    /// The request path as sent, still percent-encoded.
    public var path: String
    /// Query and form-body parameters, decoded, in order, duplicates kept (empty when they
    /// could not be decoded).
    public var parameters: [FormField]
    /// The response status code.
    public var status: Int
    /// Accepted, rejected or faulted.
    public var verdict: JournalVerdict
    /// Why, in words (`"signature mismatch"`, `"nonce replayed"`, `"fault: status 503"`).
    public var reason: String
    /// When the server's clock received it.
    public var date: Date

    /// Creates an entry (the journal assigns ``sequence`` when recording it).
    public init(
        sequence: Int = 0, provider: String, method: String, path: String, parameters: [FormField],
        status: Int, verdict: JournalVerdict, reason: String, date: Date
    ) {
        self.sequence = sequence
        self.provider = provider
        self.method = method
        self.path = path
        self.parameters = parameters
        self.status = status
        self.verdict = verdict
        self.reason = reason
        self.date = date
    }

    /// The value of the first parameter called `name`.
    public func parameter(_ name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }
}

/// A bounded, in-memory record of the requests a server handled, for tests to read.
///
/// Holds at most `capacity` entries; older ones are dropped first (``droppedCount`` says how
/// many). Each server has its own journal, so parallel tests never see each other's requests.
public actor RequestJournal {
    /// The most entries kept.
    public nonisolated let capacity: Int
    private var storage: [JournalEntry] = []
    private var head = 0
    private var nextSequence = 1
    /// How many entries were dropped because the journal was full.
    public private(set) var droppedCount = 0

    /// Creates an empty journal holding at most `capacity` entries (at least 1).
    public init(capacity: Int = 1000) {
        self.capacity = max(1, capacity)
    }

    /// Adds an entry, assigning its sequence number.
    public func record(_ entry: JournalEntry) {
        var entry = entry
        entry.sequence = nextSequence
        nextSequence += 1
        if storage.count < capacity {
            storage.append(entry)
        } else {
            storage[head] = entry
            head = (head + 1) % capacity
            droppedCount += 1
        }
    }

    /// Every entry kept, oldest first.
    public var entries: [JournalEntry] {
        Array(storage[head...] + storage[..<head])
    }

    /// The entries for which `predicate` holds, oldest first.
    public func entries(where predicate: @Sendable (JournalEntry) -> Bool) -> [JournalEntry] {
        entries.filter(predicate)
    }

    /// The entries for `path` (and `method`, when given), oldest first.
    public func entries(path: String, method: String? = nil) -> [JournalEntry] {
        entries.filter { $0.path == path && (method == nil || $0.method == method) }
    }

    /// The newest entry.
    public var last: JournalEntry? {
        storage.isEmpty ? nil : storage[(head + storage.count - 1) % storage.count]
    }

    /// The number of entries kept.
    public var count: Int { storage.count }

    /// Forgets every entry and restarts numbering at 1.
    public func reset() {
        storage.removeAll(keepingCapacity: true)
        head = 0
        nextSequence = 1
        droppedCount = 0
    }
}
