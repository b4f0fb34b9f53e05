import TestSupport

/// Python's standard library (`hashlib`, `hmac`, `urllib.parse`) as an independent peer: one
/// `python3` process per test, fed a whole batch of requests as JSON lines on standard input,
/// answering one JSON line per request.
enum StandardLibraryPeer {
    /// Whether peer tests run: with python3 present, and always under CI (where they then fail
    /// if it is missing).
    static var isEnabled: Bool { PythonPeer.executable != nil || TestEnvironment.isCI }

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
    static func run<Value: Decodable>(_ requests: [Request], as _: Value.Type) async throws -> [Value] {
        try await PythonPeer.batch(script: script, requests, as: Reply<Value>.self).map(\.result)
    }
}
