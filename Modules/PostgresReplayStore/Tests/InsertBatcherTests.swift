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

    /// A batcher on a ``HeldDatabase``: inserts by name, the batches as they arrive, and the
    /// callers' answers as they come.
    struct Bench {
        typealias Answered = (String, Result<Bool, SignedVerificationError>)
        let batcher: InsertBatcher
        let database = HeldDatabase()
        private let answer: AsyncStream<Answered>.Continuation
        private var arrivals: AsyncStream<[[UInt8]]>.Iterator
        private var answers: AsyncStream<Answered>.Iterator

        init(maximumBatchSize: Int, concurrentBatches: Int) {
            batcher = InsertBatcher(maximumBatchSize: maximumBatchSize, concurrentBatches: concurrentBatches)
            let (stream, answer) = AsyncStream.makeStream(of: Answered.self)
            self.answer = answer
            answers = stream.makeAsyncIterator()
            arrivals = database.arrivals.makeAsyncIterator()
        }

        /// Inserts `key`, its caller called `name`.
        func insert(_ name: String, _ key: String) {
            let now = Date(timeIntervalSince1970: 1_700_000_000)
            batcher.insert(.init(key: Array(key.utf8), expiry: now + 300, now: now), send: database.send) { [answer] in answer.yield((name, $0)) }
        }

        /// The keys of the next batch the database receives.
        mutating func nextBatch() async -> [String]? {
            await arrivals.next().map { $0.map { String(decoding: $0, as: UTF8.self) } }
        }

        /// Answers the oldest batch held with the keys `recorded`, or with a failure.
        func record(_ recorded: String...) async { await database.answer(.success(Set(recorded.map { Array($0.utf8) }))) }

        func fail() async {
            await database.answer(.failure(SignedVerificationError(code: .replayStoreUnavailable, message: "recording failed")))
        }

        /// The next `count` answers, by name (true: new; false: a replay; nil: failed).
        mutating func answers(_ count: Int) async -> [String: Bool?] {
            var answered: [String: Bool?] = [:]
            while answered.count < count, let (name, result) = await answers.next() {
                answered.updateValue(try? result.get(), forKey: name)  // (a subscript given nil would remove the name)
            }
            return answered
        }
    }

    @Test("a lone insert is sent at once; those arriving meanwhile go together next, each key once and sorted, a repeated key new for its first caller only")
    func coalescing() async throws {
        var bench = Bench(maximumBatchSize: 100, concurrentBatches: 1)
        bench.insert("a", "key-a")
        #expect(await bench.nextBatch() == ["key-a"])
        for (name, key) in [("c", "key-c"), ("b", "key-b"), ("c again", "key-c"), ("d", "key-d")] { bench.insert(name, key) }
        await bench.record("key-a")
        #expect(await bench.nextBatch() == ["key-b", "key-c", "key-d"])
        await bench.record("key-b", "key-c")  // key-d was live already: the database does not return it
        #expect(await bench.answers(5) == ["a": true, "b": true, "c": true, "c again": false, "d": false])
    }

    @Test("a batch holds at most maximumBatchSize keys, and at most concurrentBatches are on their way")
    func bounds() async throws {
        var bench = Bench(maximumBatchSize: 2, concurrentBatches: 2)
        bench.insert("1", "k1")
        #expect(await bench.nextBatch() == ["k1"])
        bench.insert("2", "k2")
        #expect(await bench.nextBatch() == ["k2"])
        for index in 3...7 { bench.insert("\(index)", "k\(index)") }
        // Two batches are on their way: the five wait, then go two, two and one.
        await bench.record("k1")
        #expect(await bench.nextBatch() == ["k3", "k4"])
        await bench.record("k2")
        #expect(await bench.nextBatch() == ["k5", "k6"])
        await bench.record("k3", "k4")
        #expect(await bench.nextBatch() == ["k7"])
        await bench.record("k5", "k6")
        await bench.record("k7")
        let all = await bench.answers(7)
        #expect(all.count == 7 && all.values.allSatisfy { $0 == true })
    }

    @Test("a batch that fails fails every caller in it, and the next batch is sent")
    func failure() async throws {
        var bench = Bench(maximumBatchSize: 100, concurrentBatches: 1)
        bench.insert("first", "k1")
        #expect(await bench.nextBatch() == ["k1"])
        bench.insert("second", "k2")
        bench.insert("third", "k3")
        await bench.record()
        #expect(await bench.nextBatch() == ["k2", "k3"])
        await bench.fail()
        #expect(await bench.answers(3) == ["first": false, "second": nil, "third": nil])
        bench.insert("later", "k4")
        #expect(await bench.nextBatch() == ["k4"])
        await bench.record("k4")
        #expect(await bench.answers(1) == ["later": true])
    }
}
