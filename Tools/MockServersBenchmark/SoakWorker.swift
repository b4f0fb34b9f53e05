import NIOCore
import SigningCore

/// One soak load connection to one provider: sends kinds drawn from the mix over a keep-alive
/// connection (reconnecting when the server closes it), each malformed request on a
/// connection of its own, until the deadline or its share of the request budget.
struct SoakWorker: Sendable {
    let traffic: SoakTraffic
    let mix: SoakMix
    /// The most requests this worker sends.
    let budget: Int
    let deadline: ContinuousClock.Instant
    /// How long one answer may take.
    let timeout: Duration
    let seed: UInt64

    func run() async -> SoakTally {
        let clock = ContinuousClock()
        let target = traffic.target
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
                            let outcome = await malformed(variant: sent)
                            tally.record(traffic.provider, .malformed, outcome, matched: traffic.accepts(.malformed, outcome, body: []))
                            continue
                        }
                        // A replay needs a request already answered; the first one is sent valid.
                        if kind == .replay, lastValid == nil { kind = .valid }
                        let request: PreparedRequest = switch kind {
                        case .replay: lastValid!
                        case .tamper: try traffic.tampered(sent)
                        case .invalid: try traffic.invalid(sent)
                        case .oversized: traffic.oversized
                        default: try traffic.valid(sent)
                        }
                        let began = clock.now
                        let answer = await connection.exchange(request, authority: target.authority, timeout: timeout, keepingBodyBytes: 4096)
                        let elapsed = clock.now - began
                        let outcome = answer.map { SoakOutcome.status($0.status) } ?? (elapsed >= timeout ? .timedOut : .closed)
                        let matched = traffic.accepts(kind, outcome, body: answer?.body ?? [])
                        tally.record(traffic.provider, kind, outcome, matched: matched)
                        if kind == .valid {
                            tally.validLatencies[traffic.provider, default: []].append(elapsed)
                            if matched { lastValid = request }
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
        let bytes = traffic.malformed(variant)
        let timeout = timeout
        let outcome = await RawConnection.run(host: traffic.target.host, port: traffic.target.port) { outbound in
            try? await outbound.write(ByteBuffer(bytes: bytes))
            try? await Task.sleep(for: timeout)
        }
        return outcome == .held ? .timedOut : outcome
    }
}
