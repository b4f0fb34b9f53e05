import NIOCore

/// A slowloris client: opens a connection and sends a request's header section a few bytes at
/// a time, never ending it, until the deadline; when the server closes the connection it
/// opens another (one at a time, so the number of slow connections stays bounded).
struct SlowClient: Sendable {
    let traffic: SoakTraffic
    let deadline: ContinuousClock.Instant
    /// Bytes per write.
    static let chunkBytes = 4
    /// Pause between writes.
    static let interval = Duration.milliseconds(500)

    /// Runs until the deadline or cancellation; one outcome per connection opened.
    func run() async -> SoakTally {
        var tally = SoakTally()
        while ContinuousClock.now < deadline, !Task.isCancelled {
            let outcome = await RawConnection.run(host: traffic.target.host, port: traffic.target.port) { [traffic, deadline] outbound in
                await Self.trickle(traffic.slowRequestStart, to: outbound, until: deadline)
            }
            tally.record(traffic.provider, .slow, outcome, matched: traffic.accepts(.slow, outcome, body: []))
            if outcome != .held { try? await Task.sleep(for: Self.interval) }
        }
        return tally
    }

    /// Writes `start`, then endless header lines, ``chunkBytes`` per ``interval``, until the
    /// deadline or cancellation; after a failed write it waits for the reader to see the close.
    private static func trickle(_ start: [UInt8], to outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>, until deadline: ContinuousClock.Instant) async {
        var pending = start[...]
        var line = 0
        while ContinuousClock.now < deadline, !Task.isCancelled {
            if pending.isEmpty {
                pending = SoakTraffic.slowHeaderLine(line)[...]
                line += 1
            }
            let chunk = pending.prefix(chunkBytes)
            pending = pending.dropFirst(chunkBytes)
            do {
                try await outbound.write(ByteBuffer(bytes: chunk))
            } catch {
                try? await Task.sleep(until: deadline)
                return
            }
            try? await Task.sleep(until: min(ContinuousClock.now + interval, deadline))
        }
    }
}
