// Compiled with the PostgresReplayStore trait only: without it, TraitCheck.swift's #error is the one message.
#if PostgresReplayStore
extension PostgresReplayStore {
    /// The batches a store has sent to the database (``PostgresReplayStore/batchStatistics``),
    /// each one statement and one commit, and the calls waiting for the next.
    public struct BatchStatistics: Sendable, Equatable, CustomStringConvertible {
        /// Batches sent, whatever their outcome.
        public private(set) var batches = 0
        /// Keys sent in those batches (a key given twice in one batch counts once).
        public private(set) var keys = 0
        /// The most keys one batch held.
        public private(set) var largestBatch = 0
        /// Calls waiting, at the moment the statistics were read, for a batch to take their key.
        public internal(set) var waiting = 0

        /// Keys per batch on average; 0 before the first batch.
        public var meanBatchSize: Double {
            batches == 0 ? 0 : Double(keys) / Double(batches)
        }

        /// `N batches, M keys (mean S, largest L), W waiting`.
        public var description: String {
            "\(batches) batches, \(keys) keys (mean \((meanBatchSize * 10).rounded() / 10), largest \(largestBatch)), \(waiting) waiting"
        }

        /// Counts one batch of `size` keys.
        mutating func add(_ size: Int) {
            batches += 1
            keys += size
            largestBatch = max(largestBatch, size)
        }
    }
}
#endif
