import BenchmarkHarness
import Crypto
import Foundation
import HTTPMessageSignatures
import HTTPMessageSignaturesCrypto
import SignedHTTP
import SignedVerification
import SigningCore

/// The run: agreement checks, then every workload's sides in alternating slices, round after
/// round, then allocations and the report.
///
/// For every workload: hmac-sha256's signature for a fixed nonce and time must be the Python
/// peer's byte for byte (with its `Content-Digest` and `Signature-Input`), and both sides must
/// accept the request signed here and refuse it with its body changed; Ed25519's signature
/// must be swift-crypto's own over the same base (Ed25519 is deterministic), and each must
/// verify the other's (exit 1 if not). Then `rounds` rounds give each side `seconds / 2` of
/// thread CPU time in `slices` alternating slices; the median of the rounds' ratios is
/// compared with the targets: ≥ 20x the peer, ≤ 4x the bare HMAC-SHA256 (SigningCore, keyed
/// once as the key is) of the same signature base, ≤ 1.5x swift-crypto's bare Ed25519.
enum HTTPSigBenchmark {
    static let rounds = 5
    /// Each round alternates the sides this many times, so that all sample the same load.
    static let slices = 10

    /// The whole run; returns the exit status (1 when a check failed).
    static func run() async -> Int32 {
        let selected = selectedWorkloads(workloads, name: \.name)
        if let count = option("--sign-only").flatMap(Int.init) {
            return await repeatOperation(selected[0], count: count, reference: CommandLine.arguments.contains("--reference")) ? 0 : 1
        }
        let seconds = option("--seconds").flatMap(Double.init) ?? 2
        let roundSeconds = seconds / 2

        say("HTTP Message Signatures (RFC 9421): HTTPMessageSigner / HTTPMessageSignatureVerifier on a typical request")
        say("POST \(TypicalRequest.url), \(TypicalRequest.body.count)-byte JSON body; covered \(TypicalRequest.components.map(\.description).joined(separator: " ")); created, keyid, nonce")
        say("\(selected.count) workload(s); per workload \(rounds) rounds of \(roundSeconds) s thread CPU time per side in \(slices) alternating slices; ratio = median of rounds")

        // 1. Same answers (a benchmark of a wrong signer or verifier is worthless).
        let peer = selected.contains(where: { $0.peerTarget != nil }) ? startPeer() : nil
        let disagreements = await checkAgreement(selected, peer: peer)
        guard disagreements == 0 else {
            peer?.stop()
            FileHandle.standardError.write(Data("\(disagreements) check(s) failed; not benchmarking a wrong signer or verifier\n".utf8))
            return 1
        }

        // 2. Throughput.
        let rates = await measure(selected, peer: peer, seconds: roundSeconds)
        peer?.stop()

        // 3. Allocations, then the report.
        report(selected, rates: rates, peerRan: peer != nil)
        return 0
    }

    /// Runs the workload's operation (or its bare reference) `count` times, for valgrind;
    /// whether every run succeeded.
    static func repeatOperation(_ workload: Workload, count: Int, reference: Bool) async -> Bool {
        let operation = prepare(workload, reference: reference)
        var succeeded = 0
        for _ in 0..<count { succeeded += await operation.run() > 0 ? 1 : 0 }
        return succeeded == count
    }

    /// Every workload's sides in alternating slices, round after round.
    static func measure(_ selected: [Workload], peer: PythonPeer?, seconds: Double) async -> [RoundRates] {
        let operations = selected.map { prepare($0) }
        let references = selected.map { prepare($0, reference: true) }
        let sides = selected.indices.map { index in
            let workload = selected[index], operation = operations[index], reference = references[index]
            return AsyncSides(
                ours: { seconds in await measureCPUAsync(batch: operation.batch, seconds: seconds) { await operation.run() } },
                bare: { seconds in measureCPU(batch: reference.batch, seconds: seconds) { reference.runBare() } },
                peer: workload.peerTarget == nil ? nil : peer.map { peer in { peer.measure(workload.name, seconds: $0) } }
            )
        }
        return await measureInRoundsAsync(sides, rounds: rounds, slices: slices, seconds: seconds)
    }

    /// The workload's prepared operation (its bare reference when `reference` is set), or exit 1.
    static func prepare(_ workload: Workload, reference: Bool = false) -> Operation {
        do {
            return reference ? try workload.reference : try workload.operation
        } catch {
            fail("\(workload.name): cannot prepare the request: \(error)", status: 1)
        }
    }

    /// The Python peer, given the request signed here to verify; `nil` (said) when missing.
    static func startPeer() -> PythonPeer? {
        let hmac = workloads.first { $0.algorithm == .hmacSHA256 }!
        guard let signed = try? hmac.signedNow,
              let peer = PythonPeer(signedHeaders: signed.headers.fields.map { ($0.name, $0.value) })
        else {
            say("  http-message-signatures: not available (python3 with http-message-signatures and cryptography: pip install -r .ci/requirements.txt); measured without the peer")
            return nil
        }
        return peer
    }

    /// The number of failed checks that both sides of every selected workload sign alike and
    /// accept each other.
    static func checkAgreement(_ selected: [Workload], peer: PythonPeer?) async -> Int {
        var disagreements = 0
        func check(_ agrees: Bool, _ line: String) {
            say("  \(line): \(agrees ? "yes" : "NO")")
            if !agrees { disagreements += 1 }
        }
        let date = Date(timeIntervalSince1970: TimeInterval(TypicalRequest.fixedCreated))
        for algorithm in [Workload.Algorithm.hmacSHA256, .ed25519] {
            guard let workload = selected.first(where: { $0.algorithm == algorithm }) else { continue }
            do {
                let fixed = try workload.fixedSigner.sign(TypicalRequest.request, at: date)
                let (base, signature) = try TypicalRequest.base(of: fixed)
                switch algorithm {
                case .hmacSHA256:
                    check(Array(SigningCore.HMAC<SigningCore.SHA256>(key: Keys.secret).authenticationCode(for: base)) == signature, "hmac-sha256: the signature is the bare HMAC-SHA256 of its base")
                    if let peer {
                        let ours = ["Content-Digest", "Signature-Input", "Signature"].map { fixed.headers[$0] ?? "(none)" }
                        let theirs = ["Content-Digest", "Signature-Input", "Signature"].map { peer.fixedFields[$0] ?? "(none)" }
                        check(ours == theirs, "hmac-sha256: same Content-Digest, Signature-Input and Signature bytes as http-message-signatures for a fixed nonce and created")
                        if ours != theirs { say("    ours:   \(ours)\n    theirs: \(theirs)") }
                        check(peer.verifiedAnswer == "verified", "hmac-sha256: http-message-signatures verifies the request signed here (\(peer.verifiedAnswer))")
                        check(peer.tamperedAnswer.hasPrefix("refused"), "hmac-sha256: http-message-signatures refuses it with its body changed")
                    }
                case .ed25519:
                    let bare = (try? Keys.ed25519Bare.signature(for: base)).map { Array($0) }
                    check(bare == signature, "ed25519: the signature is swift-crypto's Curve25519 signature of its base, byte for byte")
                    check(Keys.ed25519Bare.publicKey.isValidSignature(signature, for: base), "ed25519: swift-crypto verifies it")
                }
                let verifier = workload.verifier
                let signed = try workload.signedNow
                let accepted = (try? await verifier.verify(TypicalRequest.received(signed), now: Date())) != nil
                var tampered = signed
                tampered.body.append(0x20)
                let refused = (try? await verifier.verify(TypicalRequest.received(tampered), now: Date())) == nil
                check(accepted && refused, "\(algorithm == .hmacSHA256 ? "hmac-sha256" : "ed25519"): the verifier accepts the request signed now and refuses it with its body changed")
            } catch {
                check(false, "\(workload.name): signing the request failed (\(error))")
            }
        }
        return disagreements
    }

    /// Prints each workload's rates, ratios, costs and allocations, then the summary.
    static func report(_ selected: [Workload], rates: [RoundRates], peerRan: Bool) {
        let counter = AllocationCounter()
        var summary: [String] = []
        for (workload, rate) in zip(selected, rates) {
            say("\n[\(workload.name)] \(workload.summary)")
            let unit = workload.kind == .sign ? "signatures/s" : "verifications/s"
            func line(_ label: String, _ value: Double, _ unit: String, _ note: String = "") -> String {
                "  " + label.padding(toLength: 34, withPad: " ", startingAt: 0) + String(format: " %9.0f ", value) + unit + String(format: "  (%.2f µs each, median", 1e6 / value) + note + ")"
            }
            say(line("HTTPMessageSignatures:", median(rate.ours), unit))
            var row = workload.name.padding(toLength: 20, withPad: " ", startingAt: 0)
            if let target = workload.peerTarget {
                if rate.peer.count == rate.ours.count, !rate.peer.isEmpty {
                    let ratios = zip(rate.ours, rate.peer).map { $0 / $1 }
                    let verdict = "target ≥ \(Int(target))x: \(median(ratios) >= target ? "met" : "NOT met")"
                    say(line("http-message-signatures (Python):", median(rate.peer), unit))
                    say("  ratio per round:                   " + ratios.map(ratio).joined(separator: " "))
                    say("  ratio (median):                    \(ratio(median(ratios)))  (\(verdict))")
                    row += "  vs Python \(ratio(median(ratios)).leftPadded(to: 6)) (\(verdict))"
                } else {
                    say("  http-message-signatures: \(peerRan ? "the python3 peer stopped answering" : "not measured")")
                    row += "  vs Python      — (not measured)"
                }
            }
            let costs = zip(rate.bare, rate.ours).map { $0 / $1 }
            let cost = median(costs)
            let limit = workload.bareTarget == 1.5 ? "1.5" : String(Int(workload.bareTarget))
            let costVerdict = "target ≤ \(limit)x: \(cost <= workload.bareTarget ? "met" : "NOT met")"
            say(line("\(workload.bareName):", median(rate.bare), "ops/s", " over the same signature base"))
            say("  cost in bare operations per round: " + costs.map { String(format: "%.2fx", $0) }.joined(separator: " "))
            say("  cost (median):                     " + String(format: "%.2fx", cost) + "  (\(costVerdict))")
            row += "  cost " + String(format: "%.2fx", cost) + " (\(costVerdict))"
            if let counted = counter?.perOperation(workload.name, runs: workload.allocationRuns) {
                let runs = workload.allocationRuns
                say(String(format: "  heap allocations:                  %.1f per operation  (valgrind: %d allocs for %d operations, %d for %d)",
                           counted.perOperation, counted.small, runs.small, counted.large, runs.large))
                row += String(format: "  %.1f allocs/operation", counted.perOperation)
            } else {
                say("  heap allocations:                  not measured (valgrind or strip missing: apt-get install valgrind binutils)")
            }
            summary.append(row)
        }
        counter?.remove()
        say("\nSummary (ratio = HTTPMessageSignatures ÷ http-message-signatures; cost = one operation in bare primitives over the same base; medians of \(rounds) rounds)")
        for row in summary { say("  " + row) }
    }
}

extension String {
    func leftPadded(to length: Int) -> String { String(repeating: " ", count: max(0, length - count)) + self }
}
