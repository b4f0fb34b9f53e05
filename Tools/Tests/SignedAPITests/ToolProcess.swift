import Foundation
import Testing
import TestSupport

/// One run of a built executable of this package (`signed-api`, `mock-servers`) as a real
/// process: its exit status and what it wrote to standard output and standard error.
struct ToolProcess {
    var status: Int32
    var output: String
    var errorOutput: String

    /// Runs `name` with `arguments` until it exits; `environment` is added to ours (e.g.
    /// `COLUMNS` so that `--help` is not wrapped), without our `SIGNED_API_*` variables (a
    /// secret only where a test gives it), and `input` is its standard input (empty when `nil`).
    /// Input and outputs go through temporary files, so no pipe can fill while another is read.
    static func run(_ name: String, _ arguments: [String], environment: [String: String] = [:], input: String? = nil) throws -> ToolProcess {
        let binary = try #require(BuiltExecutable.url(name), Comment(rawValue: BuiltExecutable.missingMessage(name)))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("signed-api-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outputURL = directory.appendingPathComponent("stdout")
        let errorURL = directory.appendingPathComponent("stderr")
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SIGNED_API_") }.merging(environment) { _, new in new }
        if let input {
            let inputURL = directory.appendingPathComponent("stdin")
            try Data(input.utf8).write(to: inputURL)
            process.standardInput = try FileHandle(forReadingFrom: inputURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        try process.run()
        process.waitUntilExit()
        return ToolProcess(
            status: process.terminationStatus,
            output: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
            errorOutput: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self)
        )
    }
}
