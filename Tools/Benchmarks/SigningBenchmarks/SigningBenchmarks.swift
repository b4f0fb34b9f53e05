import Foundation

#if MockServers
/// `swift run -c release signing-benchmarks`: SigningCore against swift-crypto in one run.
///
/// Modes (the last two are what the first runs as child processes):
/// - no arguments: measure SigningCore and swift-crypto, re-run the reference with BoringSSL's
///   SHA extensions and SIMD disabled, count heap allocations under valgrind, print the tables;
/// - `--reference-only [NAME]`: print `name<TAB>calls-per-second` for swift-crypto only (all
///   workloads, or just NAME);
/// - `--allocation-probe NAME N`: run allocation probe NAME with N units of work.
@main
struct SigningBenchmarks {
    /// `OPENSSL_ia32cap` mask that hides SSSE3, AVX, AVX2, BMI1/2 and the SHA extensions from
    /// BoringSSL, leaving its best scalar code. BoringSSL reads it once, when it initialises,
    /// so the scalar reference runs in a child process.
    static let scalarCapabilities = "~0x1000020000000000:~0x20000128"

    static func main() throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        switch arguments.first {
        case "--reference-only":
            for workload in ReferenceWorkloads.all where arguments.count == 1 || arguments[1] == workload.name {
                print("\(workload.name)\t\(Harness.rate(of: workload))")
            }
        case "--allocation-probe":
            guard arguments.count == 3, let probe = SigningCoreWorkloads.allocationProbes.first(where: { $0.name == arguments[1] }),
                  let units = Int(arguments[2])
            else { fatalError("usage: signing-benchmarks --allocation-probe NAME UNITS") }
            Harness.consume(probe.run(units))
        case nil:
            try fullRun()
        default:
            FileHandle.standardError.write(Data("usage: signing-benchmarks [--reference-only [NAME] | --allocation-probe NAME UNITS]\n".utf8))
            exit(64)
        }
    }

    static func fullRun() throws {
        say("## Machine\n\n\(Harness.machine)\n")
        say("Measuring SigningCore, swift-crypto (native) and swift-crypto with "
            + "OPENSSL_ia32cap=\"\(scalarCapabilities)\" (scalar, in a child process), \(rounds) rounds …")
        var ours: [String: Double] = [:], native: [String: Double] = [:], scalar: [String: Double] = [:]
        for _ in 1...rounds {
            for (mine, reference) in zip(SigningCoreWorkloads.all, ReferenceWorkloads.all) {
                precondition(mine.name == reference.name)
                ours[mine.name] = max(ours[mine.name] ?? 0, Harness.rate(of: mine))
                native[reference.name] = max(native[reference.name] ?? 0, Harness.rate(of: reference))
                scalar[reference.name] = max(scalar[reference.name] ?? 0, try scalarRate(of: reference.name))
            }
        }

        say("\n## Throughput (best of \(rounds) rounds × \(Harness.samples) runs of ~\(Harness.sampleSeconds) s each)\n")
        say("| workload | SigningCore | swift-crypto native | ratio | swift-crypto scalar | ratio |")
        say("|---|---:|---:|---:|---:|---:|")
        for workload in SigningCoreWorkloads.all {
            let name = workload.name
            let format: (Double) -> String = workload.bytesPerCall > 0
                ? { String(format: "%.0f MB/s", $0 * Double(workload.bytesPerCall) / 1e6) }
                : { String(format: "%.0fk ops/s", $0 / 1e3) }
            let mine = ours[name] ?? 0, theirs = native[name] ?? 0, plain = scalar[name] ?? 0
            say("| \(name) | \(format(mine)) | \(format(theirs)) | \(String(format: "%.2fx", mine / theirs)) "
                + "| \(format(plain)) | \(String(format: "%.2fx", mine / plain)) |")
        }

        say("\n## Heap allocations (valgrind memcheck, difference between 1000 and 2000 units)\n")
        let allocations = try countAllocations()
        if allocations.isEmpty {
            say("valgrind or strip not found on PATH: allocation counts skipped (apt-get install valgrind binutils).")
        } else {
            say("| probe | unit | allocations per unit |")
            say("|---|---|---:|")
            for (name, perUnit) in allocations {
                let unit = name.hasSuffix("per-block") ? "block" : name.hasPrefix("hmac") ? "HMAC" : "hash call"
                say("| \(name) | \(unit) | \(String(format: "%.3f", perUnit)) |")
            }
        }

        say("\n## Targets\n")
        func verdict(_ label: String, _ value: Double, _ target: Double) {
            say("- \(label): \(String(format: "%.2fx", value)) (target ≥ \(String(format: "%.1fx", target))): \(value >= target ? "met" : "MISSED")")
        }
        for name in ["sha256/1MiB", "sha1/1MiB"] {
            verdict("\(name) vs scalar reference", (ours[name] ?? 0) / (scalar[name] ?? 1), 0.7)
        }
        for name in ["hmac-sha1", "hmac-sha256"] {
            let reused = ours["\(name)/300B/reused-key"] ?? 0, fresh = ours["\(name)/300B/fresh-key"] ?? 0
            let oneShot = native["\(name)/300B/fresh-key"] ?? 1, copiedState = native["\(name)/300B/reused-key"] ?? 1
            verdict("\(name)/300B reused key vs swift-crypto native one-shot HMAC", reused / oneShot, 1.0)
            verdict("\(name)/300B reused key vs swift-crypto native copied keyed state (stricter)", reused / copiedState, 1.0)
            verdict("\(name)/300B fresh key vs swift-crypto native one-shot HMAC", fresh / oneShot, 0.7)
        }
        if !allocations.isEmpty {
            let worst = allocations.map(\.perUnit).max() ?? 0
            say("- heap allocations per block / per HMAC: at most \(String(format: "%.3f", worst)) (target 0): \(worst < 0.001 ? "met" : "MISSED")")
        }
    }

    /// How often every workload is measured; the three implementations of a workload are
    /// measured back to back in each round, so a change in machine load hits all three alike.
    static let rounds = 3

    /// The scalar reference's calls per second for `name`, from a child process started with
    /// `OPENSSL_ia32cap` set (BoringSSL reads it once, when it initialises).
    static func scalarRate(of name: String) throws -> Double {
        let (status, output, errors) = try Harness.run(Harness.executable, ["--reference-only", name],
                                                       environment: ["OPENSSL_ia32cap": scalarCapabilities])
        let fields = output.split(separator: "\n").first?.split(separator: "\t") ?? []
        guard status == 0, fields.count == 2, let rate = Double(fields[1]) else {
            throw BenchmarkError("the scalar reference run for \(name) failed (\(status)): \(errors)")
        }
        return rate
    }

    /// Runs every allocation probe under valgrind at two sizes; returns allocations per unit.
    ///
    /// valgrind 3.19 cannot read the DWARF 5 debug info Swift emits, so it runs a copy of this
    /// executable with the debug info stripped (same code).
    static func countAllocations() throws -> [(name: String, perUnit: Double)] {
        guard let valgrind = Harness.which("valgrind"), let strip = Harness.which("strip") else { return [] }
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("signing-benchmarks-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Harness.executable, to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        let (stripped, _, stripErrors) = try Harness.run(strip, ["--strip-debug", copy.path])
        guard stripped == 0 else { throw BenchmarkError("strip --strip-debug failed: \(stripErrors)") }
        func total(_ name: String, _ units: Int) throws -> Int {
            let (_, _, errors) = try Harness.run(valgrind, ["--tool=memcheck", "--leak-check=no", copy.path,
                                                            "--allocation-probe", name, String(units)])
            guard let line = errors.split(separator: "\n").first(where: { $0.contains("total heap usage:") }),
                  let count = line.split(separator: ":").last?.split(separator: " ").first.flatMap({ Int($0.replacingOccurrences(of: ",", with: "")) })
            else { throw BenchmarkError("no heap summary from valgrind for \(name): \(errors.suffix(500))") }
            return count
        }
        return try SigningCoreWorkloads.allocationProbes.map { probe in
            (probe.name, Double(try total(probe.name, 2000) - total(probe.name, 1000)) / 1000)
        }
    }
}

#else
/// Without the `MockServers` trait there is no swift-crypto to compare against.
@main
struct SigningBenchmarks {
    static func main() {
        FileHandle.standardError.write(Data("signing-benchmarks needs the MockServers trait (it brings in swift-crypto as the reference)\n".utf8))
        exit(1)
    }
}
#endif

/// A benchmark run that could not complete.
struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Prints a line at once (unbuffered), so a report survives a later failure.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
