#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
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
    /// could not be decoded), secrets redacted; at most the journal's `entryBytes` of names and
    /// values (see ``omittedParameterBytes``).
    public var parameters: [FormField]
    /// How many bytes of parameter names and values the journal cut to stay within its
    /// per-entry budget (0 when nothing was cut).
    public var omittedParameterBytes: Int
    /// The response status code.
    public var status: Int
    /// Accepted, rejected or faulted.
    public var verdict: JournalVerdict
    /// Why, in words (`"signature mismatch"`, `"nonce used"`, `"fault: status 503"`).
    public var reason: String
    /// When the server's clock received it.
    public var date: Date
    /// The request as received, secrets masked: its query, headers and body (see
    /// ``JournalReceived``); empty for entries made without one.
    public var received: JournalReceived
    /// What the provider computed to check the request's signature (its base string, string to
    /// sign or hash input), when it refused the signature.
    public var diagnosis: JournalDiagnosis?

    /// Creates an entry (the journal assigns ``sequence`` when recording it).
    public init(
        sequence: Int = 0, provider: String, method: String, path: String, parameters: [FormField],
        status: Int, verdict: JournalVerdict, reason: String, date: Date, omittedParameterBytes: Int = 0,
        received: JournalReceived = JournalReceived(), diagnosis: JournalDiagnosis? = nil
    ) {
        self.sequence = sequence
        self.received = received
        self.diagnosis = diagnosis
        self.omittedParameterBytes = omittedParameterBytes
        self.provider = provider
        self.method = method
        self.path = path
        self.parameters = parameters
        self.status = status
        self.verdict = verdict
        self.reason = reason
        self.date = date
    }

    /// ``date`` in ISO 8601 with milliseconds, UTC (`2026-11-27T08:12:03.123Z`).
    public var timestamp: String {
        Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
    }

    /// The value of the first parameter called `name`.
    public func parameter(_ name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }

    /// The entry with its parameters cut to `parameterBytes` bytes of names and values (the
    /// last one kept may be cut mid-value, at a character boundary) and its path and reason
    /// to `textLimit` characters.
    func bounded(parameterBytes: Int, textLimit: Int) -> JournalEntry {
        var entry = self
        var budget = parameterBytes
        var kept: [FormField] = []
        var omitted = omittedParameterBytes
        for parameter in parameters {
            let size = parameter.name.utf8.count + parameter.value.utf8.count
            if size <= budget {
                kept.append(parameter)
                budget -= size
            } else if budget > parameter.name.utf8.count {
                let value = Self.prefix(parameter.value, bytes: budget - parameter.name.utf8.count)
                kept.append(FormField(parameter.name, value))
                omitted += size - parameter.name.utf8.count - value.utf8.count
                budget = 0
            } else {
                omitted += size
                budget = 0
            }
        }
        entry.parameters = kept
        entry.omittedParameterBytes = omitted
        entry.path = Self.prefix(path, characters: textLimit)
        entry.reason = Self.prefix(reason, characters: textLimit)
        entry.received = received.bounded(bodyBytes: parameterBytes, textLimit: textLimit)
        entry.diagnosis = diagnosis.map { JournalDiagnosis(title: $0.title, headerName: $0.headerName, text: Self.prefix($0.text, characters: 4 * textLimit)) }
        return entry
    }

    static func prefix(_ text: String, bytes: Int) -> String {
        var end = text.startIndex
        var used = 0
        for index in text.indices {
            let size = text[index].utf8.count
            guard used + size <= bytes else { break }
            used += size
            end = text.index(after: index)
        }
        return String(text[..<end])
    }

    static func prefix(_ text: String, characters: Int) -> String {
        text.count > characters ? String(text.prefix(characters)) + "…" : text
    }
}

/// What happened to a journal, for a watcher of ``RequestJournal/updates(buffer:)``.
public enum JournalUpdate: Sendable, Hashable {
    /// An entry was recorded (as the journal keeps it: sequence assigned, cut to its budget).
    case recorded(JournalEntry)
    /// The journal was emptied; sequence numbers restart at 1.
    case cleared
}

/// A bounded, in-memory record of the requests a server handled, for tests to read.
///
/// Bounded in entries and in bytes: it holds at most `capacity` entries, older ones dropped
/// first (``droppedCount`` says how many), and each entry keeps at most `entryBytes` of
/// parameters and ``textLimit`` characters of path and reason, so a stranger's megabyte-sized
/// requests cost the journal no more than anyone's. Each server has its own journal, so
/// parallel tests never see each other's requests.
public actor RequestJournal {
    /// The most entries kept.
    public nonisolated let capacity: Int
    /// The most bytes of parameter names and values one entry keeps.
    public nonisolated let entryBytes: Int
    /// The most characters of an entry's path and of its reason kept (then `…`).
    public static let textLimit = 1024
    private var storage: [JournalEntry] = []
    private var head = 0
    private var nextSequence = 1
    /// How many entries were dropped because the journal was full.
    public private(set) var droppedCount = 0
    private var watchers: [Int: AsyncStream<JournalUpdate>.Continuation] = [:]
    private var nextWatcher = 0

    /// Creates an empty journal holding at most `capacity` entries (at least 1) of at most
    /// `entryBytes` of parameters each (at least 64).
    public init(capacity: Int = 1000, entryBytes: Int = 4096) {
        self.capacity = max(1, capacity)
        self.entryBytes = max(64, entryBytes)
    }

    /// Adds an entry, assigning its sequence number and cutting it to the journal's budget.
    public func record(_ entry: JournalEntry) {
        var entry = entry.bounded(parameterBytes: entryBytes, textLimit: Self.textLimit)
        entry.sequence = nextSequence
        nextSequence += 1
        if storage.count < capacity {
            storage.append(entry)
        } else {
            storage[head] = entry
            head = (head + 1) % capacity
            droppedCount += 1
        }
        for watcher in watchers.values { watcher.yield(.recorded(entry)) }
    }

    /// Every entry recorded and every reset from now on, in order, until the stream is dropped
    /// or ``finishUpdates()`` ends it (the dashboard's live list). A watcher that falls more than
    /// `buffer` updates behind loses the oldest of them.
    public func updates(buffer: Int = 1000) -> AsyncStream<JournalUpdate> {
        let (stream, continuation) = AsyncStream.makeStream(of: JournalUpdate.self, bufferingPolicy: .bufferingNewest(max(1, buffer)))
        nextWatcher += 1
        let id = nextWatcher
        watchers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            Task { await self.stopWatching(id) }
        }
        return stream
    }

    /// Ends every stream of ``updates(buffer:)`` (the server stopped).
    public func finishUpdates() {
        for watcher in watchers.values { watcher.finish() }
        watchers = [:]
    }

    private func stopWatching(_ id: Int) {
        watchers[id] = nil
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
        for watcher in watchers.values { watcher.yield(.cleared) }
    }
}
#endif
