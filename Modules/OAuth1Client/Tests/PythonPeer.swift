import Foundation

/// Runs a Python script once over a batch of JSON lines (one request per line, one answer
/// per line), for differential tests against oauthlib.
enum PythonPeer {
    /// Whether `CI=true`: then a missing peer fails the test instead of skipping it.
    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// Whether `python3` can import the given modules.
    static func hasModules(_ modules: [String]) -> Bool {
        guard let result = try? run(script: "import " + modules.joined(separator: ", "), input: Data()) else { return false }
        return result.status == 0
    }

    /// Whether oauthlib (the peer) is installed.
    static let hasOAuthlib = hasModules(["oauthlib"])

    /// Runs `script` with `input` on standard input; returns the exit status and standard output.
    static func run(script: String, input: Data) throws -> (status: Int32, output: Data, errors: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oauth1-peer-\(UUID().uuidString)")
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
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", scriptURL.path]
        process.standardInput = try FileHandle(forReadingFrom: inputURL)
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, try Data(contentsOf: outputURL), String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
    }

    /// Encodes `values` as JSON lines, runs the script, decodes one answer per line.
    static func batch<Input: Encodable, Output: Decodable>(script: String, _ values: [Input], as _: Output.Type) throws -> [Output] {
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
        return try result.output.split(separator: 0x0A).map { try decoder.decode(Output.self, from: Data($0)) }
    }

    struct PeerFailure: Error, CustomStringConvertible {
        var description: String
    }
}

/// SplitMix64: a small seeded generator, so every run draws the same random requests.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
