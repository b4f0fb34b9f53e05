import Foundation

/// Python's standard library (`hashlib`, `hmac`, `urllib.parse`) as an independent peer: one
/// `python3` process per test, fed a whole batch of requests as JSON lines on standard input,
/// answering one JSON line per request.
enum PythonPeer {
    /// CI sets `CI=true`: there a missing peer is a failure, not a skip.
    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// `python3` from `PATH`, if there is one.
    static let executable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").lazy
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent("python3") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Whether peer tests run: with python3 present, and always under CI (where they then fail
    /// if it is missing).
    static var isEnabled: Bool { executable != nil || isCI }

    /// One request line. `op` selects what Python computes; the other fields are its inputs
    /// (bytes as hex, text as JSON strings).
    struct Request: Encodable {
        var op: String
        var alg: String? = nil
        var key: String? = nil
        var msg: String? = nil
        var text: String? = nil
        var fields: [[String]]? = nil
    }

    private struct Reply<Value: Decodable>: Decodable {
        var result: Value
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The peer program: answers each JSON line with `{"result": …}`.
    static let script = #"""
    import sys, json, hashlib, hmac, urllib.parse
    for line in sys.stdin:
        r = json.loads(line)
        op = r["op"]
        if op == "hash":
            out = hashlib.new(r["alg"], bytes.fromhex(r["msg"])).hexdigest()
        elif op == "hmac":
            out = hmac.new(bytes.fromhex(r["key"]), bytes.fromhex(r["msg"]), r["alg"]).hexdigest()
        elif op == "quote":
            out = urllib.parse.quote(r["text"], safe="~")
        elif op == "parse":
            out = [list(p) for p in urllib.parse.parse_qsl(r["text"], keep_blank_values=True)]
        elif op == "urlencode":
            out = urllib.parse.urlencode([tuple(f) for f in r["fields"]])
        else:
            raise ValueError("unknown op " + op)
        sys.stdout.write(json.dumps({"result": out}) + "\n")
    """#

    /// Sends `requests` to one python3 process and returns its answers, in order.
    static func run<Value: Decodable>(_ requests: [Request], as _: Value.Type) throws -> [Value] {
        guard let executable else {
            throw Failure(description: "python3 is not on PATH but CI=true: install python3 (Debian: apt-get install python3)")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("signingcore-peer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let encoder = JSONEncoder()
        var input = Data()
        for request in requests {
            input.append(try encoder.encode(request))
            input.append(UInt8(ascii: "\n"))
        }
        let inputURL = directory.appendingPathComponent("requests.jsonl")
        let errorURL = directory.appendingPathComponent("stderr.txt")
        try input.write(to: inputURL)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)

        let process = Process()
        process.executableURL = executable
        process.arguments = ["-c", script]
        process.standardInput = try FileHandle(forReadingFrom: inputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let error = (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
            throw Failure(description: "python3 exited with \(process.terminationStatus): \(error)")
        }
        let decoder = JSONDecoder()
        let replies = try data.split(separator: UInt8(ascii: "\n")).map { try decoder.decode(Reply<Value>.self, from: Data($0)).result }
        guard replies.count == requests.count else {
            throw Failure(description: "python3 answered \(replies.count) of \(requests.count) requests")
        }
        return replies
    }
}
