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
    /// and standard error. Files, not pipes, carry the data, so large batches cannot deadlock.
    public static func run(script: String, input: Data) throws -> (status: Int32, output: Data, errors: String) {
        guard let executable else {
            throw PeerFailure(description: "python3 is not on PATH; install it (Debian: apt-get install python3, then pip install -r .ci/requirements.txt)")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("python-peer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let scriptURL = directory.appendingPathComponent("peer.py")
        let inputURL = directory.appendingPathComponent("input.jsonl")
        let outputURL = directory.appendingPathComponent("output.jsonl")
        let errorURL = directory.appendingPathComponent("errors.txt")
        try Data(script.utf8).write(to: scriptURL)
        try input.write(to: inputURL)
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        let process = Process()
        process.executableURL = executable
        process.arguments = [scriptURL.path]
        process.standardInput = try FileHandle(forReadingFrom: inputURL)
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, try Data(contentsOf: outputURL), String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
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
