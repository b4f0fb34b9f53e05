import ArgumentParser
import Foundation
import MockServerCatalog
import MockServerKit

/// A bounded soak of the mock providers, all at once: valid, replayed, tampered, invalid,
/// oversized and malformed requests over concurrent connections plus slowloris clients, every
/// answer checked against the one its provider must give; exits 1 when the mismatches exceed
/// `--max-errors`.
struct SoakCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Soak the mock providers with valid and hostile traffic and check every answer (loopback only).",
        discussion: """
            Starts the catalogue's providers (--providers, default all) in-process on 127.0.0.1, \
            or launches the standalone mock-servers given by --server (and stops it at the end), \
            with the soak's options: 30 s timestamp windows, AFSigned nonces required, the Books \
            key required. --target soaks a running Twitter provider instead (loopback hosts \
            only). Exits 1 when the mismatches (answers other than expected, plus client \
            failures) exceed --max-errors.
            """
    )

    @Option(help: "Seconds of load (1...900).")
    var duration: Int = 20

    @Option(name: .customLong("max-requests"), help: "Stop after this many mixed requests in all (1...10000000).")
    var maxRequests: Int = 1_000_000

    @Option(help: "Concurrent load connections in all, shared round-robin by the providers (1...256).")
    var connections: Int = 24

    @Option(name: .customLong("slow-clients"), help: "Slowloris connections held open at once, shared round-robin by the providers (0...1024).")
    var slowClients: Int = 12

    @Option(help: "Weights of the mixed kinds, kind=weight (0...1000) separated by commas; kinds: valid, replay, tamper, invalid, oversized, malformed.")
    var mix: SoakMix = .standard

    @Option(help: "Seconds one answer may take before it counts as a timeout (1...60).")
    var timeout: Int = 10

    @Option(help: "Providers to soak, separated by commas (default: every provider of the catalogue).")
    var providers: String?

    @Option(help: "Path of a built mock-servers executable to launch with the soak's options and measure (default: the providers in-process).")
    var server: String?

    @Option(help: "Base URL of a running mock-servers Twitter provider, e.g. http://127.0.0.1:8401 (loopback only); soaks that one provider.")
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
        guard (1...900).contains(duration) else { throw ValidationError("--duration must be 1...900") }
        guard (1...10_000_000).contains(maxRequests) else { throw ValidationError("--max-requests must be 1...10000000") }
        guard (1...256).contains(connections) else { throw ValidationError("--connections must be 1...256") }
        guard (0...1024).contains(slowClients) else { throw ValidationError("--slow-clients must be 0...1024") }
        guard !providerNames.isEmpty else { throw ValidationError("--providers names no provider; the providers are \(MockProviderCatalog.names.joined(separator: ", "))") }
        for name in providerNames where MockProviderCatalog.entry(named: name) == nil {
            throw ValidationError("--providers: no provider named \(name); the providers are \(MockProviderCatalog.names.joined(separator: ", "))")
        }
        if target != nil, server != nil || providers != nil { throw ValidationError("--target soaks one running Twitter provider; it goes without --server and --providers") }
        if let server, !FileManager.default.isExecutableFile(atPath: server) { throw ValidationError("--server: \(server) is not an executable file") }
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

    /// The providers named by `--providers` (each once, spaces trimmed), or all of them.
    private var providerNames: [String] {
        guard let providers else { return MockProviderCatalog.names }
        var names: [String] = []
        for name in providers.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty && !names.contains(name) {
            names.append(name)
        }
        return names
    }

    func run() async throws {
        let servers: SoakServers = if let target {
            try SoakServers.twitter(at: target, pid: pid)
        } else if let server {
            try await SoakServers.standalone(executable: server, names: providerNames)
        } else {
            try await SoakServers.inProcess(providerNames)
        }
        let traffic: [SoakTraffic]
        do {
            traffic = try await servers.traffic()
        } catch {
            try await servers.stop()
            throw error
        }

        let measured = servers.pid
        let before = measured.flatMap { ProcessStatus.read(pid: $0) }
        let sampler = ResourceSampler(pid: measured)
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start + .seconds(duration)
        let slow = Task {
            await withTaskGroup(of: SoakTally.self, returning: SoakTally.self) { group in
                for index in 0..<slowClients {
                    let client = SlowClient(traffic: traffic[index % traffic.count], deadline: deadline)
                    group.addTask { await client.run() }
                }
                return await group.reduce(into: SoakTally()) { $0.merge($1) }
            }
        }
        var tally = await withTaskGroup(of: SoakTally.self, returning: SoakTally.self) { group in
            for index in 0..<connections {
                let worker = SoakWorker(
                    traffic: traffic[index % traffic.count], mix: mix,
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
        try await Task.sleep(for: .seconds(2))
        let readings = await sampler.stop()
        let after = measured.flatMap { ProcessStatus.read(pid: $0) }
        try await servers.stop()

        let report = makeReport(
            tally, traffic: traffic, seconds: seconds, pid: measured, before: before, after: after, readings: readings
        )
        print(json ? try report.json() : report.table)
        if !report.passed { throw ExitCode(1) }
    }

    private func makeReport(
        _ tally: SoakTally, traffic: [SoakTraffic], seconds: Double, pid: Int32?,
        before: ProcessStatus?, after: ProcessStatus?, readings: ResourceSampler.Readings
    ) -> SoakReport {
        var providers: [String: SoakReport.Provider] = [:]
        var kinds: [String: SoakReport.Kind] = [:]
        for share in traffic {
            var lines: [String: SoakReport.Kind] = [:]
            for kind in SoakKind.allCases {
                let key = SoakTally.Key(provider: share.provider, kind: kind)
                let outcomes = Dictionary(uniqueKeysWithValues: (tally.outcomes[key] ?? [:]).map { ($0.key.description, $0.value) })
                let line = SoakReport.Kind(
                    expected: share.expectations[kind]?.description ?? "",
                    count: tally.count(kind, provider: share.provider),
                    mismatches: tally.mismatches[key] ?? 0,
                    outcomes: outcomes
                )
                lines[kind.rawValue] = line
                var total = kinds[kind.rawValue] ?? SoakReport.Kind(expected: "per provider", count: 0, mismatches: 0, outcomes: [:])
                total.count += line.count
                total.mismatches += line.mismatches
                total.outcomes.merge(outcomes, uniquingKeysWith: +)
                kinds[kind.rawValue] = total
            }
            let latencies = tally.validLatencies[share.provider] ?? []
            providers[share.provider] = SoakReport.Provider(
                kinds: lines,
                requests: SoakKind.mixed.reduce(0) { $0 + tally.count($1, provider: share.provider) },
                validP50Milliseconds: latencies.percentileMilliseconds(0.50),
                validP99Milliseconds: latencies.percentileMilliseconds(0.99)
            )
        }
        let requests = SoakKind.mixed.reduce(0) { $0 + tally.count($1) }
        var memory: SoakReport.Readings?
        var descriptors: SoakReport.Readings?
        if let before, let after {
            memory = .init(start: before.residentKilobytes, peak: after.peakResidentKilobytes, end: after.residentKilobytes)
            if let start = before.openFileDescriptors, let end = after.openFileDescriptors {
                descriptors = .init(start: start, peak: max(start, end, readings.peakDescriptors ?? 0), end: end)
            }
        }
        let mismatches = tally.totalMismatches
        let allValid = tally.allValidLatencies
        return SoakReport(
            target: target ?? (server == nil ? "in-process" : "standalone"),
            pid: pid,
            seconds: seconds,
            connections: connections,
            slowClients: slowClients,
            mix: mix.description,
            maxRequests: maxRequests,
            kinds: kinds,
            providers: providers,
            requests: requests,
            requestsPerSecond: Double(requests) / seconds,
            validRequestsPerSecond: Double(tally.count(.valid)) / seconds,
            validP50Milliseconds: allValid.percentileMilliseconds(0.50),
            validP99Milliseconds: allValid.percentileMilliseconds(0.99),
            serverErrors: tally.serverErrors,
            clientFailures: tally.clientFailures,
            mismatches: mismatches,
            maxErrors: maxErrors,
            passed: mismatches <= maxErrors,
            residentKilobytes: memory,
            openFileDescriptors: descriptors,
            series: readings.series
        )
    }
}
