public import Foundation

/// Sends requests the way every client of this package does: signed (by any
/// ``RequestSigner``) at the time of each attempt, retried by a ``RetryPolicy``, with the
/// server's clock learned from every response and, when asked, a rejection for clock skew
/// retried once with a corrected timestamp and a fresh nonce.
///
/// ```swift
/// let http = SignedHTTPClient(retryPolicy: .recommended)
/// let exchange = try await http.send(request, signer: signer)
/// print(exchange.response.statusCode, exchange.attempts)
/// ```
///
/// A `Sendable` value; the server clock it shares between copies is an actor.
public struct SignedHTTPClient: Sendable {
    /// A request as it was finally sent and the response it got.
    public struct Exchange: Sendable {
        /// The request as sent on the last attempt (signed).
        public let request: APIRequest
        /// The response to it, whatever its status.
        public let response: APIResponse
        /// How many attempts were made, the first included.
        public let attempts: Int
    }

    /// How requests are sent.
    public var transport: any HTTPTransport
    /// When requests are sent again.
    public var retryPolicy: RetryPolicy
    /// The server's clock, learned from every response.
    public let serverClock: ServerClock
    /// Whether signers get the server's time (device time plus the learned offset) and a
    /// clock-skew rejection is retried once with it.
    public var correctsClockSkew: Bool
    /// The device's time, for timestamps when not correcting and for the clock's estimate.
    public var deviceClock: @Sendable () -> Date
    /// What waits between attempts run on; tests pass a clock that does not really sleep.
    public var sleepClock: any Clock<Duration>
    /// Random numbers in `0..<1` for the backoff's jitter.
    public var random: @Sendable () -> Double
    /// Told about every attempt once its outcome is known (for logging); secrets are redacted.
    public var observer: (@Sendable (SignedHTTPAttempt) -> Void)?

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - transport: `URLSession` by default.
    ///   - retryPolicy: ``RetryPolicy/never`` by default: nothing is sent twice unless asked;
    ///     ``RetryPolicy/recommended`` retries idempotent requests on 408, 429 and 5xx.
    ///   - correctsClockSkew: on by default (a device's clock is wrong more often than a
    ///     server's); see ``correctsClockSkew``.
    ///   - deviceClock: the system clock by default.
    ///   - serverClock: a fresh one by default; pass one to share what it learned between clients.
    ///   - sleepClock: `ContinuousClock` by default.
    ///   - random: the system generator by default.
    ///   - observer: told about every attempt (``SignedHTTPAttempt``); none by default.
    public init(
        transport: any HTTPTransport = URLSessionTransport(),
        retryPolicy: RetryPolicy = .never,
        correctsClockSkew: Bool = true,
        deviceClock: @escaping @Sendable () -> Date = { Date() },
        serverClock: ServerClock? = nil,
        sleepClock: any Clock<Duration> = ContinuousClock(),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        observer: (@Sendable (SignedHTTPAttempt) -> Void)? = nil
    ) {
        self.transport = transport
        self.retryPolicy = retryPolicy
        self.correctsClockSkew = correctsClockSkew
        self.deviceClock = deviceClock
        self.serverClock = serverClock ?? ServerClock(deviceClock: deviceClock)
        self.sleepClock = sleepClock
        self.random = random
        self.observer = observer
    }

    /// Signs `request` with `signer` (if any), sends it, and retries as the policy says.
    ///
    /// - Parameters:
    ///   - request: the request to send.
    ///   - signer: signs each attempt afresh (a new nonce and timestamp); `nil` sends it unsigned.
    ///   - isClockSkewRejection: whether a response is the provider's rejection of the
    ///     timestamp (Twitter's code 135, Drupal's `Token has expired.`); with
    ///     ``correctsClockSkew`` on, such a response with a `Date` header is retried once,
    ///     signed at the server's time.
    /// - Returns: the last attempt's request and response, whatever its status: the caller
    ///   decides what a non-2xx status means.
    /// - Throws: `CancellationError` when the task is cancelled (before an attempt or during a
    ///   wait); the signer's own error; ``SignedHTTPError/Code/transportFailed`` with the
    ///   transport's error as ``SignedHTTPError/cause`` when the last attempt got no response.
    public func send(
        _ request: APIRequest,
        signer: (any RequestSigner)? = nil,
        isClockSkewRejection: @Sendable (APIResponse) -> Bool = { _ in false }
    ) async throws -> Exchange {
        try await send(request, signer: signer, isClockSkewRejection: isClockSkewRejection, on: sleepClock)
    }

    /// Signs `request` with `signer` (if any) at the current (corrected) time and downloads it
    /// through the transport, reporting progress; not retried.
    public func download(_ request: APIRequest, signer: (any RequestSigner)? = nil) async throws -> AsyncThrowingStream<DownloadEvent, any Error> {
        let date = correctsClockSkew ? await serverClock.now() : deviceClock()
        return transport.download(try signer?.sign(request, at: date) ?? request)
    }

    private func send<C: Clock<Duration>>(
        _ request: APIRequest,
        signer: (any RequestSigner)?,
        isClockSkewRejection: @Sendable (APIResponse) -> Bool,
        on clock: C
    ) async throws -> Exchange {
        let start = clock.now
        let retriesMethod = retryPolicy.retries(method: request.method)
        var attempts = 0
        var correctedSkew = false
        while true {
            try Task.checkCancellation()
            attempts += 1
            let counted = attempts - (correctedSkew ? 1 : 0)  // a skew correction is not one of the policy's attempts
            let date = correctsClockSkew ? await serverClock.now() : deviceClock()
            let signed = try signer?.sign(request, at: date) ?? request
            let sent = deviceClock()
            let response: APIResponse
            do {
                response = try await transport.send(signed)
            } catch {
                try Task.checkCancellation()
                if error is CancellationError { throw error }
                let wait = retryPolicy.backoff(afterAttempt: counted, randomUnit: random())
                let retries = retriesMethod && retryPolicy.retriesTransportFailures && counted < retryPolicy.maxAttempts
                    && start.duration(to: clock.now) + wait <= retryPolicy.maxTotalDuration
                await report(signed, attempts, failure: error.localizedDescription, retryWait: retries ? wait : nil)
                if retries {
                    try await clock.sleep(for: wait)
                    continue
                }
                throw SignedHTTPError(
                    code: .transportFailed,
                    message: "\(signed.method) \(signed.url.host ?? "") failed before a response arrived"
                        + (attempts > 1 ? " (\(attempts) attempts)" : "") + ": \(error.localizedDescription)",
                    cause: error
                )
            }
            await serverClock.record(response, sent: sent, received: deviceClock())

            if correctsClockSkew, !correctedSkew, response.date != nil, isClockSkewRejection(response) {
                correctedSkew = true
                await report(signed, attempts, statusCode: response.statusCode, correctsClock: true)
                continue
            }
            guard retriesMethod, retryPolicy.retryableStatuses.contains(response.statusCode),
                  counted < retryPolicy.maxAttempts,
                  let wait = wait(after: response, attempts: counted),
                  start.duration(to: clock.now) + wait <= retryPolicy.maxTotalDuration
            else {
                await report(signed, attempts, statusCode: response.statusCode)
                return Exchange(request: signed, response: response, attempts: attempts)
            }
            await report(signed, attempts, statusCode: response.statusCode, retryWait: wait)
            try await clock.sleep(for: wait)
        }
    }

    /// Tells the observer, if any, how attempt `number` of `request` went.
    private func report(
        _ request: APIRequest, _ number: Int, statusCode: Int? = nil, failure: String? = nil, retryWait: Duration? = nil, correctsClock: Bool = false
    ) async {
        guard let observer else { return }
        observer(SignedHTTPAttempt(
            request: request, number: number, statusCode: statusCode, failure: failure, retryWait: retryWait,
            correctsClock: correctsClock, serverClockOffset: await serverClock.offset
        ))
    }

    /// The wait before retrying after `response`: its `Retry-After` when honoured, else the
    /// backoff; `nil` when the server asks for more than the policy allows.
    private func wait(after response: APIResponse, attempts: Int) -> Duration? {
        if retryPolicy.honoursRetryAfter, let seconds = response.retryAfter(now: response.date ?? deviceClock()) {
            let wait = Duration.seconds(seconds)
            return wait <= retryPolicy.maxRetryAfter ? wait : nil
        }
        return retryPolicy.backoff(afterAttempt: attempts, randomUnit: random())
    }
}
