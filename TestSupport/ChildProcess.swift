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
/// Every wait is `async`: the child's exit is awaited by `waitpid` on a thread of its own and
/// its output read by threads of their own, so a test waiting for a child never blocks one of
/// the cooperative pool's threads (as many as there are cores), on which every other test runs.
///
/// Every test that launches a process goes through this type: `run` for a command that
/// finishes, `init` for one that serves while the test talks to it.
public final class ChildProcess: @unchecked Sendable {
    // @unchecked: `pid` is set once; everything the child changes lives in `state`, behind
    // its lock.

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

    private let pid: pid_t
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
        var variables: [String: String]?
        if !environment.isEmpty || !removingEnvironmentPrefixes.isEmpty {
            variables = ProcessInfo.processInfo.environment
                .filter { variable in !removingEnvironmentPrefixes.contains { variable.key.hasPrefix($0) } }
                .merging(environment) { _, added in added }
        }
        let inputData = input
        let (pid, output, errors) = try Self.launching.withLock { () throws -> (pid_t, (read: Int32, write: Int32), (read: Int32, write: Int32)) in
            let input = try Self.inputDescriptor(inputData)
            defer { close(input) }
            let output = try Self.makePipe()
            let errors = try Self.makePipe()
            do {
                let pid = try Self.spawn(
                    executable.path, arguments: arguments, environment: variables, workingDirectory: workingDirectory?.path,
                    standardInput: input, standardOutput: output.write, standardError: errors.write
                )
                return (pid, output, errors)
            } catch {
                for descriptor in [output.read, output.write, errors.read, errors.write] { close(descriptor) }
                throw error
            }
        }
        self.pid = pid
        close(output.write)
        close(errors.write)
        state.drain(FileHandle(fileDescriptor: output.read, closeOnDealloc: true), into: .output)
        state.drain(FileHandle(fileDescriptor: errors.read, closeOnDealloc: true), into: .errors)
        let state = state
        Thread.detachNewThread {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            // The low 7 bits: 0 for an exit (its code in the next byte), else the signal.
            let signal = status & 0x7f
            state.exited(status: signal == 0 ? (status >> 8) & 0xff : signal, bySignal: signal != 0)
        }
    }

    /// Runs `executable` until it exits (or `timeout` passes: then it is killed and
    /// ``TimedOut`` thrown); the parameters are ``init(_:_:environment:removingEnvironmentPrefixes:workingDirectory:input:)``'s.
    /// The calling task is suspended while the child runs, so no thread of the cooperative
    /// pool waits for it.
    public static func run(
        _ executable: URL,
        _ arguments: [String] = [],
        environment: [String: String] = [:],
        removingEnvironmentPrefixes: [String] = [],
        workingDirectory: URL? = nil,
        input: Data? = nil,
        timeout: Duration = .seconds(120)
    ) async throws -> Result {
        let child = try ChildProcess(
            executable, arguments, environment: environment, removingEnvironmentPrefixes: removingEnvironmentPrefixes,
            workingDirectory: workingDirectory, input: input
        )
        guard let status = await child.waitForExit(timeout: timeout) else {
            try Task.checkCancellation()
            throw TimedOut(description: "\(child.commandLine) did not exit within \(timeout) and was killed; stderr: \(child.errorOutput)")
        }
        return Result(status: status, outputData: child.outputData, errorOutput: child.errorOutput)
    }

    /// The child's process identifier.
    public var processIdentifier: Int32 { pid }
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
        if pid > 0, isRunning { kill(pid, signal) }
    }

    /// Returns once standard output satisfies `condition`: `false` when the child exited,
    /// `timeout` passed or the task was cancelled first.
    public func waitForOutput(timeout: Duration = .seconds(60), until condition: @escaping @Sendable (String) -> Bool) async -> Bool {
        await state.wait(timeout: timeout) { condition(String(decoding: $0.output, as: UTF8.self)) || $0.status != nil }
        return condition(output)
    }

    /// Returns the child's exit status once it exited and its output was read to the end; kills
    /// it (SIGKILL) and returns `nil` when `timeout` passes (or the task is cancelled) first.
    public func waitForExit(timeout: Duration = .seconds(120)) async -> Int32? {
        await state.wait(timeout: timeout) { $0.status != nil }
        guard let status = state.current({ $0.status }) else {
            send(SIGKILL)
            return nil
        }
        // The output pipes close with the child (or with a grandchild that kept them).
        await state.wait(timeout: .seconds(5)) { $0.outputEnded && $0.errorsEnded }
        return status
    }

    /// Kills the child (SIGKILL: a test process may ignore SIGTERM, and its child inherits
    /// that) and returns at once; the child's own thread reaps it. For a `defer` or a
    /// synchronous caller; `await stop()` also waits until it is gone.
    public func stop() {
        send(SIGKILL)
    }

    /// Kills the child (SIGKILL) and returns once it is gone (at most ten seconds).
    public func stop() async {
        guard pid > 0, isRunning else { return }
        send(SIGKILL)
        await state.wait(timeout: .seconds(10)) { $0.status != nil }
    }

    deinit {
        stop()
    }

    /// `input` as a readable descriptor: a temporary file, unlinked once open, so no pipe can
    /// fill; `/dev/null` without input. The caller closes it.
    private static func inputDescriptor(_ input: Data?) throws -> Int32 {
        guard let input else { return try check(open("/dev/null", O_RDONLY | O_CLOEXEC), "open /dev/null") }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("child-input-\(UUID().uuidString)")
        try input.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try check(open(url.path, O_RDONLY | O_CLOEXEC), "open \(url.path)")
    }

    /// A pipe whose ends close on `exec`, so no other child inherits them (an inherited write
    /// end would keep a reader waiting for an end that never comes). Made under ``launching``,
    /// like every spawn, so no child starts between `pipe` and `fcntl`.
    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var descriptors: [Int32] = [-1, -1]
        _ = try check(pipe(&descriptors), "pipe")
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return (descriptors[0], descriptors[1])
    }

    /// Held while descriptors for a child are made and the child is spawned.
    private static let launching = NSLock()

    /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29 and later), which the Swift module
    /// does not declare.
    private static let addChdir = symbol("posix_spawn_file_actions_addchdir_np", as: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32).self)

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), likewise undeclared.
    private static let addCloseFrom = symbol("posix_spawn_file_actions_addclosefrom_np", as: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)

    /// The C function called `name`, if the C library has it.
    private static func symbol<Function>(_ name: String, as type: Function.Type) -> Function? {
        #if canImport(Darwin)
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
        let everywhere = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
        #endif
        return dlsym(everywhere, name).map { unsafeBitCast($0, to: type) }
    }

    /// This process's open descriptors (read from `/dev/fd` by name, with `FileManager`), for a
    /// C library without `addclosefrom`.
    private static func openDescriptors() -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/fd")) ?? []).compactMap { Int32($0) }
    }

    private static func check(_ result: Int32, _ what: String) throws -> Int32 {
        guard result >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO, userInfo: [NSLocalizedDescriptionKey: what]) }
        return result
    }

    /// Starts the child with `posix_spawn`, not Foundation's `Process`: on Linux, `Process.run()`
    /// reads 256 bytes of every `/proc/self/fd` entry and now and then reads past the end of
    /// its buffer and crashes the whole test process (swift-corelibs-foundation #5472, seen
    /// twice in full runs of this suite). The standard streams are the given descriptors; every
    /// other descriptor of this process is close-on-exec (ours here, and NIO's sockets).
    private static func spawn(
        _ path: String, arguments: [String], environment: [String: String]?, workingDirectory: String?,
        standardInput: Int32, standardOutput: Int32, standardError: Int32
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
        posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
        posix_spawn_file_actions_adddup2(&actions, standardError, 2)
        // The child gets the three standard streams and nothing else: a descriptor of this
        // process it kept (a lock file, a socket, another child's pipe) would outlive the test
        // that opened it.
        if let addCloseFrom = Self.addCloseFrom {
            _ = addCloseFrom(&actions, 3)
        } else {
            for descriptor in openDescriptors() where descriptor > 2 { posix_spawn_file_actions_addclose(&actions, descriptor) }
        }
        if let workingDirectory {
            guard let addChdir = Self.addChdir else {
                throw POSIXError(.ENOSYS, userInfo: [NSLocalizedDescriptionKey: "this C library cannot start a child in another directory (glibc 2.29 or later can)"])
            }
            let result = addChdir(&actions, workingDirectory)
            guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO, userInfo: [NSLocalizedDescriptionKey: "chdir \(workingDirectory)"]) }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts with no signal blocked and default handlers (a test process may
        // block SIGTERM for its own handling; the child must still obey it).
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { for variable in envp ?? [] { free(variable) } }
        var pid: pid_t = 0
        let result = envp.map { envp in posix_spawn(&pid, path, &actions, &attributes, argv, envp) }
            ?? posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        guard result == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO, userInfo: [NSLocalizedDescriptionKey: "cannot start \(path)"])
        }
        return pid
    }
}
