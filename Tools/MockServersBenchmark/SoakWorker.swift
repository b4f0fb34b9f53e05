import NIOCore
import SigningCore

/// One soak load connection: sends kinds drawn from the mix over a keep-alive connection
/// (reconnecting when the server closes it), each malformed request on a connection of its
/// own, until the deadline or its share of the request budget.
struct SoakWorker: Sendable {
    let target: LoopbackTarget
    let requests: SoakRequests
    let mix: SoakMix
    /// The most requests this worker sends.
    let budget: Int
    let deadline: ContinuousClock.Instant
    /// How long one answer may take.
    let timeout: Duration
    let seed: UInt64

    func run() async -> SoakTally {
        let clock = ContinuousClock()
        var tally = SoakTally()
        var random = SplitMix64(seed: seed)
        var sent = 0
        var lastValid: PreparedRequest?
        while sent < budget, clock.now < deadline {
            do {
                try await HTTPClientConnection.with(host: target.host, port: target.port) { connection in
                    while sent < budget, clock.now < deadline {
                        var kind = mix.pick(using: &random)
                        sent += 1
                        if kind == .malformed {
                            tally.record(.malformed, await malformed(variant: sent))
                            continue
                        }
                        // A replay needs a request already sent; the first one is sent valid.
                        if kind == .replay, lastValid == nil { kind = .valid }
                        let request: PreparedRequest = switch kind {
                        case .replay: lastValid!
                        case .tamper: try requests.tampered("soak \(seed)-\(sent)")
                        case .oversized: SoakRequests.oversized
                        default: try requests.valid()
                        }
                        let began = clock.now
                        let status = await connection.exchange(request, authority: target.authority, timeout: timeout)
                        let elapsed = clock.now - began
                        tally.record(kind, status.map(SoakOutcome.status) ?? (elapsed >= timeout ? .timedOut : .closed))
                        if kind == .valid {
                            tally.validLatencies.append(elapsed)
                            if status == 200 { lastValid = request }
                        }
                        // The server closed the connection (or will): open another.
                        if !connection.isOpen { return }
                    }
                }
            } catch {
                sent += 1
                tally.clientFailures += 1
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
        return tally
    }

    /// Sends malformed `variant` on a new connection and waits for a 400 or a close.
    private func malformed(variant: Int) async -> SoakOutcome {
        let bytes = requests.malformed(variant)
        let timeout = timeout
        let outcome = await RawConnection.run(host: target.host, port: target.port) { outbound in
            try? await outbound.write(ByteBuffer(bytes: bytes))
            try? await Task.sleep(for: timeout)
        }
        return outcome == .held ? .timedOut : outcome
    }
}
