import Foundation

/// Timing, child processes and machine facts for the benchmark.
enum Harness {
    /// Runs per measurement, and the length of each run in seconds.
    static let samples = 5
    static let sampleSeconds = 0.1

    /// Calls per second of `workload`: the best of ``samples`` runs of about ``sampleSeconds``
    /// each (the best, because other processes on a shared machine only ever slow a run down).
    static func rate(of workload: Workload) -> Double {
        var calls = 1
        while true {
            let elapsed = time(workload, calls)
            if elapsed >= 0.03 {
                calls = max(1, Int(Double(calls) * sampleSeconds / elapsed))
                break
            }
            calls *= 4
        }
        var best = 0.0
        for _ in 0..<samples { best = max(best, Double(calls) / time(workload, calls)) }
        return best
    }

    /// Seconds of CPU time this thread spends on `calls` calls. CPU time rather than wall time:
    /// on a machine shared with other jobs, time spent descheduled is not the code's.
    private static func time(_ workload: Workload, _ calls: Int) -> Double {
        let start = threadCPUTime()
        consume(workload.run(calls))
        return threadCPUTime() - start
    }

    private static func threadCPUTime() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
    }

    nonisolated(unsafe) private static var sink: UInt8 = 0
    @inline(never) static func consume(_ value: UInt8) { sink &+= value }

    /// This executable, for re-running it in another mode.
    static let executable: URL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])

    /// Runs `executable arguments` with extra environment; returns (status, stdout, stderr).
    /// Standard error goes through a temporary file, so neither stream can fill up and block.
    static func run(_ executable: URL, _ arguments: [String], environment extra: [String: String] = [:]) throws -> (Int32, String, String) {
        let errorURL = FileManager.default.temporaryDirectory.appendingPathComponent("signing-benchmarks-\(UUID().uuidString).stderr")
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorURL) }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorURL)
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errorText = (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), errorText)
    }

    /// An executable on `PATH`.
    static func which(_ name: String) -> URL? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// The CPU model and whether it has the SHA extensions, from /proc/cpuinfo (Linux).
    static var machine: String {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" } ?? "unknown CPU"
        let flags = Set(cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") }?.split(separator: " ").map(String.init) ?? [])
        let features = ["sha_ni", "avx2", "avx512f"].filter(flags.contains).joined(separator: ", ")
        return "\(model), \(ProcessInfo.processInfo.activeProcessorCount) logical CPUs, flags: \(features.isEmpty ? "none of sha_ni/avx2/avx512f" : features)"
    }
}
