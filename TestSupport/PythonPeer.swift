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

    /// Whether `python3` exists and can import every one of `modules`.
    public static func hasModules(_ modules: [String]) -> Bool {
        guard executable != nil, let result = try? run(script: "import " + modules.joined(separator: ", "), input: Data()) else {
            return false
        }
        return result.status == 0
    }

    /// Runs `script` with `input` on standard input; returns the exit status, standard output
    /// and standard error. A run longer than ten minutes is killed and thrown as
    /// ``ChildProcess/TimedOut``.
    public static func run(script: String, input: Data) throws -> (status: Int32, output: Data, errors: String) {
        guard let executable else {
            throw PeerFailure(description: "python3 is not on PATH; install it (Debian: apt-get install python3, then pip install -r .ci/requirements.txt)")
        }
        let result = try ChildProcess.run(executable, ["-c", script], input: input, timeout: .seconds(600))
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
    public static func batch<Input: Encodable, Output: Decodable>(script: String, _ values: [Input], as _: Output.Type) throws -> [Output] {
        let encoder = JSONEncoder()
        var input = Data()
        for value in values {
            input.append(try encoder.encode(value))
            input.append(0x0A)
        }
        let result = try run(script: script, input: input)
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
