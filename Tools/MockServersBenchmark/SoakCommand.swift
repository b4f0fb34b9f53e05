import ArgumentParser
import Foundation
import MockServerCatalog
import MockServerKit

/// A bounded soak of the mock Twitter provider: valid, replayed, tampered, oversized and
/// malformed requests over concurrent connections plus a few slowloris clients, every answer
/// checked against the one it should get; exits 1 when the mismatches exceed `--max-errors`.
struct SoakCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Soak the mock Twitter provider with valid and hostile traffic and check every answer (loopback only).",
        discussion: """
            Starts the catalogue's Twitter provider in-process on 127.0.0.1 (port 0), or targets a \
            running `mock-servers` with --target (loopback hosts only). Exits 1 when the mismatches \
            (answers other than expected, plus client failures) exceed --max-errors.
            """
    )

    @Option(help: "Seconds of load (1...300).")
    var duration: Int = 20

    @Option(name: .customLong("max-requests"), help: "Stop after this many mixed requests in all (1...10000000).")
    var maxRequests: Int = 1_000_000

    @Option(help: "Concurrent load connections (1...256).")
    var connections: Int = 16

    @Option(name: .customLong("slow-clients"), help: "Slowloris connections held open at once (0...64).")
    var slowClients: Int = 4

    @Option(help: "Weights of the mixed kinds, kind=weight (0...1000) separated by commas; kinds: valid, replay, tamper, oversized, malformed.")
    var mix: SoakMix = .standard

    @Option(help: "Seconds one answer may take before it counts as a timeout (1...60).")
    var timeout: Int = 10

    @Option(help: "Base URL of a running mock-servers Twitter provider, e.g. http://127.0.0.1:8401 (loopback only); default: start one in-process.")
    var target: String?

    @Option(help: "With --target: the server's process id, whose memory and file descriptors are reported.")
    var pid: Int32?

    @Option(help: "Seed of the kind sequence.")
    var seed: UInt64 = 1

    @Option(name: .customLong("max-errors"), help: "Mismatches allowed before the exit status is 1 (0...).")
    var maxErrors: Int = 0

    @Flag(help: "Print one JSON object instead of the table.")
    var json = false

    func validate() throws {
        guard (1...300).contains(duration) else { throw ValidationError("--duration must be 1...300") }
        guard (1...10_000_000).contains(maxRequests) else { throw ValidationError("--max-requests must be 1...10000000") }
        guard (1...256).contains(connections) else { throw ValidationError("--connections must be 1...256") }
        guard (0...64).contains(slowClients) else { throw ValidationError("--slow-clients must be 0...64") }
        guard (1...60).contains(timeout) else { throw ValidationError("--timeout must be 1...60") }
        guard maxErrors >= 0 else { throw ValidationError("--max-errors must be 0 or more") }
        if let target {
            do { _ = try LoopbackTarget(baseURL: target) } catch { throw ValidationError("--target: \(error.message)") }
        }
        if let pid {
            guard target != nil else { throw ValidationError("--pid goes with --target (in-process, this process is measured)") }
            guard pid > 0, ProcessStatus.read(pid: pid) != nil else { throw ValidationError("--pid: no process \(pid) in /proc") }
        }
    }

    func run() async throws {
        let provider = MockCatalogEntry.twitter.provider()
        let server: MockServer?
        let target: LoopbackTarget
        if let url = self.target {
            server = nil
            target = try LoopbackTarget(baseURL: url)
        } else {
            let started = try await MockServer.start(provider)
            server = started
            target = LoopbackTarget(loopbackPort: started.providers[0].baseURL.port!)
        }
        let measured: Int32? = server == nil ? pid : getpid()
        let requests = SoakRequests(authority: target.authority, credentials: provider.demoCredentials)

        let before = measured.flatMap { ProcessStatus.read(pid: $0) }
        let sampler = ResourceSampler(pid: measured)
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start + .seconds(duration)
        let slow = Task {
            await withTaskGroup(of: SoakTally.self, returning: SoakTally.self) { group in
                for _ in 0..<slowClients {
                    group.addTask { await SlowClient(target: target, requests: requests, deadline: deadline).run() }
                }
                return await group.reduce(into: SoakTally()) { $0.merge($1) }
            }
        }
        var tally = await withTaskGroup(of: SoakTally.self, returning: SoakTally.self) { group in
            for index in 0..<connections {
                let worker = SoakWorker(
                    target: target, requests: requests, mix: mix,
                    budget: maxRequests / connections + (index < maxRequests % connections ? 1 : 0),
                    deadline: deadline, timeout: .seconds(timeout), seed: seed &+ UInt64(index)
                )
                group.addTask { await worker.run() }
            }
            return await group.reduce(into: SoakTally()) { $0.merge($1) }
        }
        let seconds = (clock.now - start).seconds
        // The request budget may run out first: the slow clients end with the load.
        slow.cancel()
        tally.merge(await slow.value)
        // Let the server close what the soak left (its side of the sockets, timers).
        try await Task.sleep(for: .seconds(1))
        let peakDescriptors = await sampler.stop()
        let after = measured.flatMap { ProcessStatus.read(pid: $0) }
        await server?.stop()

        let report = makeReport(tally, seconds: seconds, pid: measured, before: before, after: after, peakDescriptors: peakDescriptors)
        print(json ? try report.json() : report.table)
        if !report.passed { throw ExitCode(1) }
    }

    private func makeReport(
        _ tally: SoakTally, seconds: Double, pid: Int32?, before: ProcessStatus?, after: ProcessStatus?, peakDescriptors: Int?
    ) -> SoakReport {
        var kinds: [String: SoakReport.Kind] = [:]
        for kind in SoakKind.allCases {
            kinds[kind.rawValue] = SoakReport.Kind(
                expected: kind.expectation,
                count: tally.count(kind),
                mismatches: tally.mismatches(kind),
                outcomes: Dictionary(uniqueKeysWithValues: (tally.outcomes[kind] ?? [:]).map { ($0.key.description, $0.value) })
            )
        }
        let requests = SoakKind.mixed.reduce(0) { $0 + tally.count($1) }
        var memory: SoakReport.Readings?
        var descriptors: SoakReport.Readings?
        if let before, let after {
            memory = .init(start: before.residentKilobytes, peak: after.peakResidentKilobytes, end: after.residentKilobytes)
            if let start = before.openFileDescriptors, let end = after.openFileDescriptors {
                descriptors = .init(start: start, peak: max(start, end, peakDescriptors ?? 0), end: end)
            }
        }
        let mismatches = tally.totalMismatches
        return SoakReport(
            target: self.target ?? "in-process",
            pid: pid,
            seconds: seconds,
            connections: connections,
            slowClients: slowClients,
            mix: mix.description,
            maxRequests: maxRequests,
            kinds: kinds,
            requests: requests,
            requestsPerSecond: Double(requests) / seconds,
            validRequestsPerSecond: Double(tally.count(.valid)) / seconds,
            validP50Milliseconds: tally.validLatencies.percentileMilliseconds(0.50),
            validP99Milliseconds: tally.validLatencies.percentileMilliseconds(0.99),
            clientFailures: tally.clientFailures,
            mismatches: mismatches,
            maxErrors: maxErrors,
            passed: mismatches <= maxErrors,
            residentKilobytes: memory,
            openFileDescriptors: descriptors
        )
    }
}
