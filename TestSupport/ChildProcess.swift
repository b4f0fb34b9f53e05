public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process for tests: started with a chosen environment and standard input, its
/// standard output and standard error captured as they arrive, waited for with a bound, and
/// killed (SIGKILL) on that bound and when the last reference to it goes, so a test that fails
/// half-way never leaves a process running. Hold it until the test is done with the process
/// (a `defer { child.stop() }` does both).
///
/// Every test that launches a process goes through this type: `run` for a command that
/// finishes, `init` for one that serves while the test talks to it.
public final class ChildProcess: @unchecked Sendable {
    // @unchecked: `process` is configured before `run()` and afterwards only signalled and
    // read; everything the child changes lives in `state`, behind its lock.

    /// What a finished command did.
    public struct Result: Sendable {
        /// The exit status (the signal's number when a signal ended it).
        public var status: Int32
        /// Every byte written to standard output.
        public var outputData: Data
        /// Standard error, as text.
        public var errorOutput: String

        /// Standard output, as text.
        public var output: String { String(decoding: outputData, as: UTF8.self) }
    }

    /// A command that did not finish in time (and was killed), with its standard error.
    public struct TimedOut: Error, CustomStringConvertible {
        /// The command line and what it wrote to standard error.
        public var description: String
    }

    private let process = Process()
    private let state = ChildProcessState()
    private let commandLine: String

    /// Starts `executable` with `arguments`.
    ///
    /// - Parameters:
    ///   - environment: variables added to this process's environment (replacing any of the
    ///     same name).
    ///   - removingEnvironmentPrefixes: this process's variables whose names start with one of
    ///     these are not passed on (e.g. `SIGNED_API_`, so a secret reaches the child only
    ///     where the test gives it).
    ///   - workingDirectory: where the child starts; this process's when `nil`.
    ///   - input: the child's standard input; empty (`/dev/null`) when `nil`.
    public init(
        _ executable: URL,
        _ arguments: [String] = [],
        environment: [String: String] = [:],
        removingEnvironmentPrefixes: [String] = [],
        workingDirectory: URL? = nil,
        input: Data? = nil
    ) throws {
        commandLine = ([executable.path] + arguments).joined(separator: " ")
        process.executableURL = executable
        process.arguments = arguments
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        if !environment.isEmpty || !removingEnvironmentPrefixes.isEmpty {
            process.environment = ProcessInfo.processInfo.environment
                .filter { variable in !removingEnvironmentPrefixes.contains { variable.key.hasPrefix($0) } }
                .merging(environment) { _, added in added }
        }
        process.standardInput = try Self.inputHandle(input)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let state = state
        process.terminationHandler = { process in
            state.exited(status: process.terminationStatus, bySignal: process.terminationReason == .uncaughtSignal)
        }
        try process.run()
        state.drain(output.fileHandleForReading, into: .output)
        state.drain(errors.fileHandleForReading, into: .errors)
    }

    /// Runs `executable` until it exits (or `timeout` passes: then it is killed and
    /// ``TimedOut`` thrown); the parameters are ``init(_:_:environment:removingEnvironmentPrefixes:workingDirectory:input:)``'s.
    public static func run(
        _ executable: URL,
        _ arguments: [String] = [],
        environment: [String: String] = [:],
        removingEnvironmentPrefixes: [String] = [],
        workingDirectory: URL? = nil,
        input: Data? = nil,
        timeout: Duration = .seconds(120)
    ) throws -> Result {
        let child = try ChildProcess(
            executable, arguments, environment: environment, removingEnvironmentPrefixes: removingEnvironmentPrefixes,
            workingDirectory: workingDirectory, input: input
        )
        guard let status = child.waitForExit(timeout: timeout) else {
            throw TimedOut(description: "\(child.commandLine) did not exit within \(timeout) and was killed; stderr: \(child.errorOutput)")
        }
        return Result(status: status, outputData: child.outputData, errorOutput: child.errorOutput)
    }

    /// The child's process identifier.
    public var processIdentifier: Int32 { process.processIdentifier }
    /// Whether the child has not exited yet.
    public var isRunning: Bool { state.current { $0.status == nil } }
    /// Whether a signal (rather than `exit`) ended the child; `false` while it runs.
    public var endedBySignal: Bool { state.current { $0.bySignal } }
    /// Standard output so far.
    public var outputData: Data { state.current { $0.output } }
    /// Standard output so far, as text.
    public var output: String { String(decoding: outputData, as: UTF8.self) }
    /// Standard error so far, as text.
    public var errorOutput: String { String(decoding: state.current { $0.errors }, as: UTF8.self) }

    /// Sends `signal` to the child, if it was started and still runs. (Never to identifier 0,
    /// which `kill` reads as the whole process group: a child that failed to start has it.)
    public func send(_ signal: Int32) {
        let pid = process.processIdentifier
        if pid > 0, isRunning { kill(pid, signal) }
    }

    /// Blocks until standard output satisfies `condition`; `false` when the child exited or
    /// `timeout` passed first.
    public func waitForOutput(timeout: Duration = .seconds(60), until condition: @escaping @Sendable (String) -> Bool) -> Bool {
        state.wait(timeout: timeout) { condition(String(decoding: $0.output, as: UTF8.self)) || $0.status != nil }
        return condition(output)
    }

    /// ``waitForOutput(timeout:until:)`` without holding a task's thread.
    public func waitForOutput(timeout: Duration = .seconds(60), until condition: @escaping @Sendable (String) -> Bool) async -> Bool {
        await Self.detached { self.waitForOutput(timeout: timeout, until: condition) }
    }

    /// Blocks until the child exits and returns its status, or kills it (SIGKILL) and returns
    /// `nil` after `timeout`.
    public func waitForExit(timeout: Duration = .seconds(120)) -> Int32? {
        state.wait(timeout: timeout) { $0.status != nil }
        guard let status = state.current({ $0.status }) else {
            stop()
            return nil
        }
        state.wait(timeout: .seconds(5)) { $0.outputEnded && $0.errorsEnded }
        return status
    }

    /// ``waitForExit(timeout:)`` without holding a task's thread.
    public func waitForExit(timeout: Duration = .seconds(120)) async -> Int32? {
        await Self.detached { self.waitForExit(timeout: timeout) }
    }

    /// Kills the child (SIGKILL: a test process may ignore SIGTERM, and its child inherits
    /// that) and waits for it to be gone.
    public func stop() {
        guard process.processIdentifier > 0, isRunning else { return }
        send(SIGKILL)
        state.wait(timeout: .seconds(10)) { $0.status != nil }
    }

    deinit {
        stop()
    }

    /// Runs `body` on a thread of its own and returns its value: blocking waits, off the
    /// cooperative pool.
    private static func detached<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: body()) }
        }
    }

    /// `input` as a readable handle: a temporary file, unlinked once open, so no pipe can fill.
    private static func inputHandle(_ input: Data?) throws -> FileHandle {
        guard let input else { return FileHandle.nullDevice }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("child-input-\(UUID().uuidString)")
        try input.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try FileHandle(forReadingFrom: url)
    }
}
