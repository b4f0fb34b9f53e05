import Foundation
@testable import PostgresReplayStore
import SignedVerification
import Testing

/// How concurrent inserts share statements, with a database that answers only when told: the
/// order of events is the test's, not the scheduler's.
@Suite("PostgresReplayStore insert batches", .timeLimit(.minutes(1)))
struct InsertBatcherTests {
    /// A database that holds every batch until ``answer(_:)``, and reports each batch's keys
    /// as it arrives.
    actor HeldDatabase {
        typealias Answer = Result<Set<[UInt8]>, SignedVerificationError>
        let arrivals: AsyncStream<[[UInt8]]>
        private let arrive: AsyncStream<[[UInt8]]>.Continuation
        private var held: [CheckedContinuation<Answer, Never>] = []

        init() { (arrivals, arrive) = AsyncStream.makeStream() }

        nonisolated var send: InsertBatcher.Send {
            { entries in await self.hold(entries.map(\.key)) }
        }

        private func hold(_ keys: [[UInt8]]) async -> Answer {
            await withCheckedContinuation { continuation in
                held.append(continuation)
                arrive.yield(keys)
            }
        }

        /// Answers the oldest batch held.
        func answer(_ answer: Answer) {
            held.removeFirst().resume(returning: answer)
        }
    }

    /// Each insert's answer, by the name the test gave it.
    final class Answers: Sendable {
        let stream: AsyncStream<(String, Result<Bool, SignedVerificationError>)>
        private let add: AsyncStream<(String, Result<Bool, SignedVerificationError>)>.Continuation

        init() { (stream, add) = AsyncStream.makeStream() }

        func insert(_ name: String, _ key: String, into batcher: InsertBatcher, _ database: HeldDatabase) {
            let now = Date(timeIntervalSince1970: 1_700_000_000)
            batcher.insert(.init(key: Array(key.utf8), expiry: now + 300, now: now), send: database.send) { [add] in add.yield((name, $0)) }
        }

    }

    /// The next `count` answers of `answered`, by name (true: new; false: a replay; nil: failed).
    static func next(_ count: Int, _ answered: inout AsyncStream<(String, Result<Bool, SignedVerificationError>)>.Iterator) async -> [String: Bool?] {
        var answers: [String: Bool?] = [:]
        while answers.count < count, let (name, result) = await answered.next() {
            answers.updateValue(try? result.get(), forKey: name)  // (a subscript given nil would remove the name)
        }
        return answers
    }

    static func keys(_ names: String...) -> [[UInt8]] { names.map { Array($0.utf8) } }

    @Test("a lone insert is sent at once; those arriving meanwhile go together next, each key once and sorted, a repeated key new for its first caller only")
    func coalescing() async throws {
        let batcher = InsertBatcher(maximumBatchSize: 100, concurrentBatches: 1)
        let database = HeldDatabase()
        let answers = Answers()
        var arrivals = database.arrivals.makeAsyncIterator()
        var answered = answers.stream.makeAsyncIterator()

        answers.insert("a", "key-a", into: batcher, database)
        #expect(await arrivals.next() == Self.keys("key-a"))
        for (name, key) in [("c", "key-c"), ("b", "key-b"), ("c again", "key-c"), ("d", "key-d")] {
            answers.insert(name, key, into: batcher, database)
        }
        await database.answer(.success(Set(Self.keys("key-a"))))
        #expect(await arrivals.next() == Self.keys("key-b", "key-c", "key-d"))
        // key-d was live already: the database does not return it.
        await database.answer(.success(Set(Self.keys("key-b", "key-c"))))
        #expect(await Self.next(5, &answered) == ["a": true, "b": true, "c": true, "c again": false, "d": false])
    }

    @Test("a batch holds at most maximumBatchSize keys, and at most concurrentBatches are on their way")
    func bounds() async throws {
        let batcher = InsertBatcher(maximumBatchSize: 2, concurrentBatches: 2)
        let database = HeldDatabase()
        let answers = Answers()
        var arrivals = database.arrivals.makeAsyncIterator()
        var answered = answers.stream.makeAsyncIterator()

        answers.insert("1", "k1", into: batcher, database)
        #expect(await arrivals.next() == Self.keys("k1"))
        answers.insert("2", "k2", into: batcher, database)
        #expect(await arrivals.next() == Self.keys("k2"))
        for index in 3...7 { answers.insert("\(index)", "k\(index)", into: batcher, database) }
        // Two batches are on their way: the five wait, then go two, two and one.
        await database.answer(.success(Set(Self.keys("k1"))))
        #expect(await arrivals.next() == Self.keys("k3", "k4"))
        await database.answer(.success(Set(Self.keys("k2"))))
        #expect(await arrivals.next() == Self.keys("k5", "k6"))
        await database.answer(.success(Set(Self.keys("k3", "k4"))))
        #expect(await arrivals.next() == Self.keys("k7"))
        await database.answer(.success(Set(Self.keys("k5", "k6"))))
        await database.answer(.success(Set(Self.keys("k7"))))
        let all = await Self.next(7, &answered)
        #expect(all.count == 7 && all.values.allSatisfy { $0 == true })
    }

    @Test("a batch that fails fails every caller in it, and the next batch is sent")
    func failure() async throws {
        let batcher = InsertBatcher(maximumBatchSize: 100, concurrentBatches: 1)
        let database = HeldDatabase()
        let answers = Answers()
        var arrivals = database.arrivals.makeAsyncIterator()
        var answered = answers.stream.makeAsyncIterator()

        answers.insert("first", "k1", into: batcher, database)
        #expect(await arrivals.next() == Self.keys("k1"))
        answers.insert("second", "k2", into: batcher, database)
        answers.insert("third", "k3", into: batcher, database)
        await database.answer(.success([]))
        #expect(await arrivals.next() == Self.keys("k2", "k3"))
        await database.answer(.failure(SignedVerificationError(code: .replayStoreUnavailable, message: "recording 2 nonces failed")))
        #expect(await Self.next(3, &answered) == ["first": false, "second": nil, "third": nil])
        answers.insert("later", "k4", into: batcher, database)
        #expect(await arrivals.next() == Self.keys("k4"))
        await database.answer(.success(Set(Self.keys("k4"))))
        #expect(await Self.next(1, &answered) == ["later": true])
    }
}
