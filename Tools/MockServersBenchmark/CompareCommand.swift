import ArgumentParser
import Foundation
import Hummingbird
import MockServerCatalog
import MockServerKit
import SignedVerification
import OAuth1Client
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if PostgresReplayStore
import PostgresReplayStore
#endif

/// Load benchmark for the mock servers, loopback only and bounded in time: requests per second
/// and latency of a signed `verify_credentials` call (signature verified, nonce recorded,
/// journaled) against a bare Hummingbird route returning a constant, and against a bare route
/// sent the same signed requests and answering the same bytes (what the transport alone
/// costs), in one run.
struct CompareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare a signed OAuth 1.0a route of the mock servers with a bare Hummingbird route."
    )

    @Option(help: "Seconds per measured run (1...120).")
    var duration: Int = 10

    @Option(help: "Concurrent keep-alive connections (1...256).")
    var connections: Int = 32

    @Option(help: "Seconds of warm-up before each run (0...30).")
    var warmup: Int = 2

    @Option(name: .customLong("max-rate"), help: "Signed requests prepared per second of run time (1000...200000).")
    var requestsPerSecondCap: Int = 20_000

    @Option(help: "Rounds of bare then signed runs (1...9); the ratio reported is the median of the rounds' ratios.")
    var runs: Int = 1

    @Option(name: .customLong("replay-store"), help: "Also run the signed route with its nonces in this PostgreSQL database (postgres://USER@HOST:PORT/DB), as `mock-servers --replay-store` does.")
    var replayStore: String?

    @Option(name: .customLong("reference-delay"), help: "Also run the signed route on a memory store that answers each call this many milliseconds late (0.01...100): what a shared store with that round trip allows at best.")
    var referenceDelay: Double?

    func validate() throws {
        guard (1...120).contains(duration) else { throw ValidationError("--duration must be 1...120") }
        guard (1...256).contains(connections) else { throw ValidationError("--connections must be 1...256") }
        guard (0...30).contains(warmup) else { throw ValidationError("--warmup must be 0...30") }
        guard (1000...200_000).contains(requestsPerSecondCap) else { throw ValidationError("--max-rate must be 1000...200000") }
        guard (1...9).contains(runs) else { throw ValidationError("--runs must be 1...9") }
        if let referenceDelay, !(0.01...100).contains(referenceDelay) { throw ValidationError("--reference-delay must be 0.01...100 (milliseconds)") }
    }

    func run() async throws {
        #if PostgresReplayStore
        if let replayStore {
            let store = try PostgresReplayStore(url: replayStore)
            try await store.withRunning { store in
                try await store.createSchema()
                try await measure(postgres: store)
            }
            return
        }
        #else
        if replayStore != nil { throw ValidationError("--replay-store needs the PostgresReplayStore package trait") }
        #endif
        try await measure(postgres: nil)
    }

    /// The bare route, the signed route on its memory store, and (given `postgres`) the signed
    /// route with its nonces in PostgreSQL, one after the other in this run.
    private func measure(postgres: (any ReplayStore)?) async throws {
        let signed = try await MockServer.start(
            MockCatalogEntry.twitter.provider(),
            configuration: MockServerConfiguration(journalCapacity: 1000)
        )
        var stored: MockServer?
        if let postgres {
            stored = try await MockServer.start(MockCatalogEntry.twitter.provider(), configuration: MockServerConfiguration(journalCapacity: 1000), replayStore: postgres)
        }
        var delayed: MockServer?
        // The stores compared with the memory store, in the order of their runs.
        var otherStores: [String] = postgres == nil ? [] : ["PostgreSQL store"]
        if let referenceDelay {
            otherStores.append(String(format: "memory store answering %g ms late", referenceDelay))
            let store = DelayedReplayStore(delay: .nanoseconds(Int64(referenceDelay * 1_000_000)))
            delayed = try await MockServer.start(MockCatalogEntry.twitter.provider(), configuration: MockServerConfiguration(journalCapacity: 1000), replayStore: store)
        }
        let credentials = signed.providers[0].credentials
        let signer = OAuth1Signer(credentials: OAuth1Credentials(
            consumerKey: credentials["consumerKey"]!,
            consumerSecret: credentials["consumerSecret"]!,
            token: credentials["accessToken"],
            tokenSecret: credentials["accessTokenSecret"]
        ))
        let signedURL = URL(string: signed.baseURL.absoluteString + "/1.1/account/verify_credentials.json")!
        let authority = "\(signed.baseURL.host!):\(signed.baseURL.port!)"

        // Both servers verify the same URL (the authority each is sent is the first one's), so
        // one set of requests serves either.
        func signedRequests(_ count: Int) throws -> [PreparedRequest] {
            try (0..<count).map { _ in
                let headers = try signer.sign(OAuth1Request(url: signedURL)).request.headers
                return PreparedRequest(target: "/1.1/account/verify_credentials.json", headers: headers.map { ($0.name, $0.value) })
            }
        }
        // The signed route's answer, which the bare route also sends for the same requests.
        var probe = URLRequest(url: signedURL)
        for header in try signer.sign(OAuth1Request(url: signedURL)).request.headers { probe.setValue(header.value, forHTTPHeaderField: header.name) }
        let (answer, response) = try await URLSession.shared.data(for: probe)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw ValidationError("the mock refused the signed probe request") }
        let bare = try await BareServer.start(answers: [Array(answer)])
        let bareTarget = LoadTarget(
            port: bare.port, authority: "127.0.0.1:\(bare.port)",
            requests: [PreparedRequest(target: "/constant", headers: [])], repeats: true
        )
        let sameBytesTarget = LoadTarget(
            port: bare.port, authority: "127.0.0.1:\(bare.port)",
            requests: try signedRequests(1).map { PreparedRequest(target: "/answer/0", headers: $0.headers) }, repeats: true
        )
        // Each round signs its own requests (fresh nonces: the replay check is real), so the
        // rounds never reuse one.
        func signedTargets(port: Int) throws -> (warm: LoadTarget, measured: LoadTarget) {
            (LoadTarget(port: port, authority: authority, requests: try signedRequests(requestsPerSecondCap * warmup), repeats: false),
             LoadTarget(port: port, authority: authority, requests: try signedRequests(requestsPerSecondCap * duration), repeats: false))
        }

        print("loopback, \(connections) connections, \(duration) s per run after \(warmup) s warm-up, \(runs) round(s); signed requests prepared in advance (\(requestsPerSecondCap * duration) per run)")
        var results: [(String, LoadResult)] = []
        var ratios: [Double] = []
        var sameBytesRatios: [Double] = []
        var rssBefore = 0
        for round in 1...runs {
            if runs > 1 { print("round \(round):") }
            // Every target of the round is prepared before its first run, so the bare route runs
            // with the same heap as the signed ones (the first bare run after start-up was up to
            // 1.5x faster than one after a signed run, a ratio of the process, not of the routes).
            var runsOfRound: [(String, (warm: LoadTarget, measured: LoadTarget))] = [
                ("bare Hummingbird constant", (bareTarget, bareTarget)),
                ("bare Hummingbird, the signed requests and their answer", (sameBytesTarget, sameBytesTarget)),
                ("signed verify_credentials", try signedTargets(port: signed.baseURL.port!)),
            ]
            if let stored {
                runsOfRound.append(("signed verify_credentials, nonces in PostgreSQL", try signedTargets(port: stored.baseURL.port!)))
            }
            if let delayed, let name = otherStores.last {
                runsOfRound.append(("signed verify_credentials, " + name, try signedTargets(port: delayed.baseURL.port!)))
            }
            results = []
            for (name, (warm, target)) in runsOfRound {
                if warmup > 0 { _ = try await LoadGenerator.run(warm, connections: connections, seconds: warmup) }
                if rssBefore == 0 { rssBefore = ProcessStatus.read()?.residentKilobytes ?? 0 }
                let result = try await LoadGenerator.run(target, connections: connections, seconds: duration)
                results.append((name, result))
                print(result.line(name))
                if !target.repeats, result.requests >= target.requests.count - connections {
                    print("note: the prepared signed requests ran out; raise --max-rate for a full-length run")
                }
            }
            let ratio = results[2].1.requestsPerSecond / max(results[0].1.requestsPerSecond, 1)
            let sameBytes = results[2].1.requestsPerSecond / max(results[1].1.requestsPerSecond, 1)
            ratios.append(ratio)
            sameBytesRatios.append(sameBytes)
            print(String(format: "signed / bare throughput: %.2fx; signed / bare with the same bytes: %.2fx", ratio, sameBytes))
        }
        let rssAfter = ProcessStatus.read()?.residentKilobytes ?? 0
        if runs > 1 {
            print("signed / bare throughput per round: " + ratios.map { String(format: "%.2fx", $0) }.joined(separator: " ")
                + String(format: "; median %.2fx", ratios.sorted()[ratios.count / 2]))
            print("signed / bare with the same bytes per round: " + sameBytesRatios.map { String(format: "%.2fx", $0) }.joined(separator: " ")
                + String(format: "; median %.2fx", sameBytesRatios.sorted()[sameBytesRatios.count / 2]))
        }
        let memory = results[2].1
        for (label, (_, other)) in zip(otherStores, results.dropFirst(3)) {
            print(label + String(
                format: " / memory store throughput: %.2fx; latency added p50 %.2f ms, p99 %.2f ms",
                other.requestsPerSecond / max(memory.requestsPerSecond, 1),
                other.latencies.percentileMilliseconds(0.50) - memory.latencies.percentileMilliseconds(0.50),
                other.latencies.percentileMilliseconds(0.99) - memory.latencies.percentileMilliseconds(0.99)
            ))
        }
        print("resident memory: \(rssBefore) KiB before, \(rssAfter) KiB after")
        await stored?.stop()
        await delayed?.stop()
        await signed.stop()
        await bare.stop()
    }
}
