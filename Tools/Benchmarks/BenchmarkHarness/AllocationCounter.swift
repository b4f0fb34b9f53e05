import Foundation

/// Heap allocations per operation: valgrind's heap summary of the running executable repeating
/// a workload `small` and `large` times (`--sign-only N --workload NAME`), the difference
/// divided by `large - small` (start-up allocations cancel out).
///
/// valgrind 3.19 cannot read the DWARF 5 debug info Swift emits, so it runs a copy of the
/// executable with the debug info stripped (the code is the same).
public struct AllocationCounter {
    private let copy: String

    /// A stripped copy of this executable in the temporary directory; `nil` when it cannot be
    /// made (no `strip`).
    public init?() {
        guard let executable = Bundle.main.executablePath else { return nil }
        copy = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(URL(fileURLWithPath: executable).lastPathComponent)-\(getpid())").path
        try? FileManager.default.removeItem(atPath: copy)
        guard (try? FileManager.default.copyItem(atPath: executable, toPath: copy)) != nil,
              Self.run("strip", ["--strip-debug", copy]) != nil
        else { return nil }
    }

    /// Deletes the stripped copy.
    public func remove() { try? FileManager.default.removeItem(atPath: copy) }

    /// Allocations per operation of `workload`, and valgrind's totals for the two runs; `nil`
    /// when valgrind is missing or failed.
    public func perOperation(_ workload: String, runs: (small: Int, large: Int)) -> (perOperation: Double, small: Int, large: Int)? {
        guard let small = total(workload, runs.small), let large = total(workload, runs.large) else { return nil }
        return (Double(large - small) / Double(runs.large - runs.small), small, large)
    }

    private func total(_ workload: String, _ iterations: Int) -> Int? {
        let arguments = ["--tool=memcheck", "--leak-check=no", copy, "--sign-only", String(iterations), "--workload", workload]
        // "==123== total heap usage: 1,234 allocs, 1,200 frees, 56,789 bytes allocated"
        guard let errors = Self.run("valgrind", arguments),
              let line = errors.split(separator: "\n").first(where: { $0.contains("total heap usage") })
        else { return nil }
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(of: "usage:"), index + 1 < words.endIndex else { return nil }
        return Int(words[index + 1].replacingOccurrences(of: ",", with: ""))
    }

    /// Runs `executable arguments` from `PATH`; its standard error when it exits with status 0.
    private static func run(_ executable: String, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        do { try process.run() } catch { return nil }
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }
}
