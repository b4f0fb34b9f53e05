import Foundation

/// A child process for integration tests: output captured to files, waited for without
/// blocking a thread, stopped by the test that started it.
final class ChildProcess: @unchecked Sendable {
    // @unchecked: `process` is configured before `run()` and only read afterwards; Foundation's
    // Process is thread-safe for terminate/terminationStatus after launch.
    private let process = Process()
    private let outputURL: URL
    private let errorURL: URL
    private let exited: AsyncStream<Int32>
    private let exitContinuation: AsyncStream<Int32>.Continuation

    /// Starts `executable` with `arguments`, and `environment` added to this process's, in
    /// `workingDirectory` (this process's when `nil`).
    init(_ executable: URL, _ arguments: [String], environment: [String: String] = [:], workingDirectory: URL? = nil) throws {
        let directory = FileManager.default.temporaryDirectory
        let id = UUID().uuidString
        outputURL = directory.appendingPathComponent("child-\(id).out")
        errorURL = directory.appendingPathComponent("child-\(id).err")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        (exited, exitContinuation) = AsyncStream.makeStream(of: Int32.self)
        process.executableURL = executable
        process.arguments = arguments
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
        }
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        let continuation = exitContinuation
        process.terminationHandler = { process in
            continuation.yield(process.terminationStatus)
            continuation.finish()
        }
        try process.run()
    }

    var output: String { (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "" }
    var errorOutput: String { (try? String(contentsOf: errorURL, encoding: .utf8)) ?? "" }
    var processIdentifier: Int32 { process.processIdentifier }

    /// Waits for the exit status, or kills the process and returns `nil` after `timeout`.
    func waitForExit(timeout: Duration = .seconds(120)) async -> Int32? {
        let exited = exited
        let status = await withTaskGroup(of: Int32?.self) { group in
            group.addTask {
                for await status in exited { return status }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        if status == nil, process.isRunning { kill(process.processIdentifier, SIGKILL) }
        return status
    }

    /// Sends `signal` to the process.
    func send(_ signal: Int32) {
        if process.isRunning { kill(process.processIdentifier, signal) }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: outputURL)
        try? FileManager.default.removeItem(at: errorURL)
    }
}
