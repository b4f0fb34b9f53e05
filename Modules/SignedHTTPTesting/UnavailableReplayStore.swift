public import Foundation
public import SignedVerification

/// A replay store whose database is down: every call throws
/// `SignedVerificationError.Code.replayStoreUnavailable` with ``message``, as
/// `PostgresReplayStore` does when it cannot answer. For testing that a verifier, middleware or
/// mock refuses (503 with `Retry-After`) and never lets a request through unchecked.
public struct UnavailableReplayStore: ReplayStore {
    /// The store's message: what a real one names (its database), which goes to the server's
    /// log and never into an answer.
    public let message: String

    /// A store failing with `message`.
    public init(message: String = "replay-db.internal:5432 did not answer within 2 s") {
        self.message = message
    }

    /// Throws, always.
    public func insertIfAbsent(_ key: ReplayKey, until expiry: Date, now: Date) async throws(SignedVerificationError) -> Bool {
        throw SignedVerificationError(code: .replayStoreUnavailable, message: message)
    }
}
