import Foundation

/// When and how a ``SignedHTTPClient`` sends a request again (clients retry only when given a
/// policy: ``never`` is their default, ``recommended`` what most apps want): exponential backoff with
/// jitter, the server's `Retry-After` honoured, only for the statuses and methods listed, and
/// within a bound on attempts and on total time.
///
/// ```swift
/// var policy = RetryPolicy.recommended        // 3 attempts, idempotent methods, 408/429/5xx
/// policy.maxAttempts = 5
/// policy.retryableMethods.insert("POST")      // only if the provider de-duplicates
/// ```
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts in all, the first included: 1 means never retry.
    public var maxAttempts: Int
    /// The wait before the first retry, before jitter.
    public var initialDelay: Duration
    /// The longest wait between attempts, before jitter.
    public var maxDelay: Duration
    /// How much each wait grows over the previous one.
    public var multiplier: Double
    /// The fraction of each wait drawn at random, in `0...1`: a wait of `d` becomes a random
    /// value in `d × (1 - jitter) ... d`, so that many clients do not retry in step.
    public var jitter: Double
    /// The statuses worth another attempt.
    public var retryableStatuses: Set<Int>
    /// The methods retried (uppercase); idempotent ones by default, since a retried `POST` may
    /// repeat its effect.
    public var retryableMethods: Set<String>
    /// Whether a request that got no response at all (connection refused, reset, timed out) is
    /// retried, for the same methods.
    public var retriesTransportFailures: Bool
    /// Whether `Retry-After` (seconds or an HTTP date) sets the wait instead of the backoff.
    public var honoursRetryAfter: Bool
    /// The longest `Retry-After` honoured; a longer one ends the retries and the response is
    /// returned, so a client never sleeps for an hour on a server's word.
    public var maxRetryAfter: Duration
    /// The most time all attempts and waits together may take; a wait that would pass it is
    /// not started and the last response (or error) is returned.
    public var maxTotalDuration: Duration

    /// Creates a policy; every argument has the ``recommended`` value.
    public init(
        maxAttempts: Int = 3,
        initialDelay: Duration = .milliseconds(500),
        maxDelay: Duration = .seconds(30),
        multiplier: Double = 2,
        jitter: Double = 0.5,
        retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504],
        retryableMethods: Set<String> = ["GET", "HEAD", "OPTIONS", "PUT", "DELETE"],
        retriesTransportFailures: Bool = true,
        honoursRetryAfter: Bool = true,
        maxRetryAfter: Duration = .seconds(60),
        maxTotalDuration: Duration = .seconds(120)
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialDelay = max(.zero, initialDelay)
        self.maxDelay = max(.zero, maxDelay)
        self.multiplier = multiplier.isFinite ? max(1, multiplier) : 1
        self.jitter = jitter.isFinite ? min(1, max(0, jitter)) : 0
        self.retryableStatuses = retryableStatuses
        self.retryableMethods = Set(retryableMethods.map { $0.uppercased() })
        self.retriesTransportFailures = retriesTransportFailures
        self.honoursRetryAfter = honoursRetryAfter
        self.maxRetryAfter = max(.zero, maxRetryAfter)
        self.maxTotalDuration = max(.zero, maxTotalDuration)
    }

    /// Three attempts for idempotent methods on 408, 429, 500, 502, 503 and 504 and on
    /// transport failures; waits of 0.5 s then 1 s (half of each at random), `Retry-After` up
    /// to 60 s honoured, two minutes in all.
    public static let recommended = RetryPolicy()

    /// One attempt, never retried.
    public static let never = RetryPolicy(maxAttempts: 1)

    /// Whether requests with `method` may be retried at all.
    public func retries(method: String) -> Bool {
        maxAttempts > 1 && retryableMethods.contains(method.uppercased())
    }

    /// The backoff wait after `attempt` failed attempts (1 for the wait before the second
    /// attempt), with `randomUnit` in `0..<1` choosing the jitter.
    public func backoff(afterAttempt attempt: Int, randomUnit: Double) -> Duration {
        let exponent = Double(max(0, attempt - 1))
        let grown = initialDelay.seconds * pow(multiplier, exponent)
        let capped = min(maxDelay.seconds, grown.isFinite ? grown : maxDelay.seconds)
        let unit = randomUnit.isFinite ? min(1, max(0, randomUnit)) : 0
        return .seconds(capped * (1 - jitter * unit))
    }
}

extension Duration {
    /// The duration in seconds as a floating-point number.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
