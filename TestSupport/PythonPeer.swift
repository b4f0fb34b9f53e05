public import Foundation

/// Python 3 as an independent peer: runs a script once over a batch of JSON lines (one request
/// per line on standard input, one answer per line on standard output).
public enum PythonPeer {
    /// A peer run that did not produce answers, with what to do about it.
    public struct PeerFailure: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String

        /// A failure described by `description`.
        public init(description: String) { self.description = description }
    }

    /// `python3` from `PATH`, if there is one.
    public static let executable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").lazy
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent("python3") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Whether `python3` exists and can import every one of `modules`; asked of python3 once
    /// per list of modules, then remembered. For a trait:
    /// `.enabled("…") { await PythonPeer.hasModules(["oauthlib"]) || TestEnvironment.isCI }`.
    public static func hasModules(_ modules: [String]) async -> Bool {
        await probes.answer(for: modules) {
            // Not through the peer slots: a probe is quick, and a trait waits for it.
            guard let executable, let result = try? await ChildProcess.run(executable, ["-c", "import " + modules.joined(separator: ", ")], timeout: .seconds(60)) else {
                return false
            }
            return result.status == 0
        }
    }

    /// The answers of ``hasModules(_:)`` so far, each asked once however many tests ask.
    private static let probes = Probes()

    private final class Probes: @unchecked Sendable {
        // @unchecked: `answers` is only touched under `lock`.
        private let lock = NSLock()
        private var answers: [[String]: Task<Bool, Never>] = [:]

        func answer(for modules: [String], probe: @escaping @Sendable () async -> Bool) async -> Bool {
            let task = lock.withLock {
                if let known = answers[modules] { return known }
                let task = Task { await probe() }
                answers[modules] = task
                return task
            }
            return await task.value
        }
    }

    /// Runs `script` with `input` on standard input; returns the exit status, standard output
    /// and standard error. A run longer than ten minutes is killed and thrown as
    /// ``ChildProcess/TimedOut``.
    public static func run(script: String, input: Data) async throws -> (status: Int32, output: Data, errors: String) {
        guard let executable else {
            throw PeerFailure(description: "python3 is not on PATH; install it (Debian: apt-get install python3, then pip install -r .ci/requirements.txt)")
        }
        let result = try await ChildProcess.run(executable, ["-c", script], input: input, timeout: .seconds(600))
        return (result.status, result.outputData, result.errorOutput)
    }

    /// Starts `script` (with `arguments`) as a server that prints the loopback port it listens
    /// on as its first line; returns the running server (killed when the caller lets go of it)
    /// and the port.
    ///
    /// - Throws: ``PeerFailure`` when python3 is missing or no port line came within a minute
    ///   (its standard error is quoted).
    public static func serve(script: String, arguments: [String] = []) async throws -> (server: ChildProcess, port: Int) {
        guard let executable else {
            throw PeerFailure(description: "python3 is not on PATH; install it (Debian: apt-get install python3)")
        }
        let server = try ChildProcess(executable, ["-c", script] + arguments)
        _ = await server.waitForOutput { $0.contains("\n") }
        let line = server.output.prefix { $0 != "\n" }
        guard let port = Int(line.trimmingCharacters(in: .whitespaces)) else {
            throw PeerFailure(description: "the python3 server printed no port (output: \(server.output); stderr: \(server.errorOutput.suffix(2000)))")
        }
        return (server, port)
    }

    /// Encodes `values` as JSON lines, runs `script` over them, and decodes one answer per line.
    ///
    /// - Throws: ``PeerFailure`` when python3 is missing, exits non-zero (its standard error is
    ///   quoted) or answers a different number of lines than it was asked.
    public static func batch<Input: Encodable, Output: Decodable>(script: String, _ values: [Input], as _: Output.Type) async throws -> [Output] {
        let encoder = JSONEncoder()
        var input = Data()
        for value in values {
            input.append(try encoder.encode(value))
            input.append(0x0A)
        }
        let result = try await run(script: script, input: input)
        guard result.status == 0 else {
            throw PeerFailure(description: "python3 exited with \(result.status): \(result.errors.suffix(2000))")
        }
        let decoder = JSONDecoder()
        let answers = try result.output.split(separator: 0x0A).map { try decoder.decode(Output.self, from: Data($0)) }
        guard answers.count == values.count else {
            throw PeerFailure(description: "python3 answered \(answers.count) of \(values.count) requests")
        }
        return answers
    }
}
