// oauth1-benchmarks: OAuth1Client's signer against Python oauthlib's Client.sign on several
// typical request shapes, in one run, plus heap allocations per signature (valgrind, when installed).
//
//   swift run -c release oauth1-benchmarks [--seconds S] [--workload NAME]
//   oauth1-benchmarks --sign-only N [--workload NAME]    (signs N times and exits; used under valgrind)
//
// For every workload: the signature for a fixed nonce and timestamp must equal oauthlib's
// (exit 1 if not), then `rounds` rounds measure OAuth1Client and oauthlib for `seconds / 2` of
// thread CPU time each, in `slices` alternating slices, and the median of the per-round
// ratios is compared with the target.
import Foundation
import OAuth1Client
import SigningCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let targetRatio = 30.0
let rounds = 5
/// Each round alternates the two sides this many times, so that both sample the same load
/// (another job on the sibling hyperthread slows either side by tens of percent for a while).
let slices = 10

let credentials = OAuth1Credentials(
    consumerKey: "xvz1evFS4wEEPTGEFPHBog", consumerSecret: "kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw",
    token: "370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb", tokenSecret: "LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE"
)

/// One request shape, signed the production way (system clock, fresh secure nonce, HMAC-SHA1).
struct Workload {
    let name: String
    let summary: String
    let request: OAuth1Request
    let transmission: OAuth1Transmission
    /// The production configuration: system clock, fresh secure nonce per request.
    var signer: OAuth1Signer { OAuth1Signer(credentials: credentials, transmission: transmission) }
    /// Fixed nonce and timestamp, for the comparison with oauthlib.
    var fixedSigner: OAuth1Signer {
        OAuth1Signer(credentials: credentials, transmission: transmission,
                     clock: { Date(timeIntervalSince1970: 1_318_622_958) }, nonce: { "kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg" })
    }
    /// What the oauthlib peer needs, taken from `request` itself so both sides sign the same bytes.
    var peerDescription: [String: Any] {
        [
            "method": request.method,
            "url": request.url.absoluteString,
            "body": request.body.isEmpty ? NSNull() as Any : String(decoding: request.body, as: UTF8.self) as Any,
            "headers": request.header("Content-Type").map { ["Content-Type": $0] } ?? [:],
            "signature_type": transmission == .query ? "QUERY" : "AUTH_HEADER",
        ]
    }
}

/// The request shapes, in the order they are run and reported. `post-form` is the shape of
/// earlier runs (docs/benchmarks.md), so it stays first and is the `--sign-only` default.
let workloads: [Workload] = [
    Workload(
        name: "post-form", summary: "POST, 3 query params + 3-field form body, Authorization header",
        request: OAuth1Request(
            method: "POST",
            url: URL(string: "https://api.example.com/1.1/statuses/update.json?include_entities=true&trim_user=false&count=20")!,
            form: [
                FormField("status", "Hello Ladies + Gentlemen, a signed OAuth request!"),
                FormField("lat", "37.7821120598956"),
                FormField("long", "-122.400612831116"),
            ]
        ),
        transmission: .header
    ),
    Workload(
        name: "get-query-utf8", summary: "GET, 6 query params (2 percent-encoded UTF-8, 1 with '+' and %20), Authorization header",
        request: OAuth1Request(
            method: "GET",
            url: URL(string: "https://api.example.com/1.1/search/tweets.json?q=caf%C3%A9&place=%E6%9D%B1%E4%BA%AC&text=New+York%20pizza&lang=en&count=50&include_entities=true")!
        ),
        transmission: .header
    ),
    Workload(
        name: "get-no-query", summary: "GET, no query, Authorization header",
        request: OAuth1Request(method: "GET", url: URL(string: "https://api.example.com/1.1/account/verify_credentials.json")!),
        transmission: .header
    ),
    Workload(
        name: "get-query-transmission", summary: "GET, 2 query params, protocol parameters sent in the query",
        request: OAuth1Request(method: "GET", url: URL(string: "https://api.example.com/1.1/statuses/home_timeline.json?count=200&since_id=1234567890")!),
        transmission: .query
    ),
]

// MARK: Command line

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil }
}
/// Prints a line at once, also into a pipe or `tee` (the run is long).
func say(_ line: String) {
    print(line)
    fflush(nil)
}
func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}

let selected: [Workload]
if let name = option("--workload") {
    guard let workload = workloads.first(where: { $0.name == name }) else {
        fail("unknown workload '\(name)'; one of: \(workloads.map(\.name).joined(separator: ", "))", status: 2)
    }
    selected = [workload]
} else {
    selected = workloads
}

/// One production-configuration signature; returns a value so the work cannot be dropped.
@inline(never) func signOnce(_ signer: OAuth1Signer, _ request: OAuth1Request) -> Int {
    (try? signer.sign(request).signature.utf8.count) ?? 0
}

if let count = option("--sign-only").flatMap(Int.init) {
    let workload = selected[0]
    let signer = workload.signer
    var total = 0
    for _ in 0..<count { total &+= signOnce(signer, workload.request) }
    exit(total > 0 ? 0 : 1)
}

let seconds = option("--seconds").flatMap(Double.init) ?? 2
let roundSeconds = seconds / 2

// MARK: oauthlib peer

let python = """
import json, sys, time
from urllib.parse import urlparse, parse_qsl, unquote
from oauthlib import oauth1
from oauthlib.oauth1.rfc5849.utils import parse_authorization_header
credentials, workloads = json.loads(sys.argv[1]), json.loads(sys.argv[2])
def client(workload, **extra):
    return oauth1.Client(credentials["consumer_key"], client_secret=credentials["consumer_secret"],
                         resource_owner_key=credentials["token"], resource_owner_secret=credentials["token_secret"],
                         signature_type=workload["signature_type"], **extra)
def sign(c, w):
    return c.sign(w["url"], http_method=w["method"], body=w["body"], headers=dict(w["headers"]))
def signature(uri, headers):
    if "Authorization" in headers:
        return unquote(dict(parse_authorization_header(headers["Authorization"]))["oauth_signature"])
    return dict(parse_qsl(urlparse(uri).query))["oauth_signature"]
fixed = {}
for name, w in workloads.items():
    uri, headers, _ = sign(client(w, nonce="kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg", timestamp="1318622958"), w)
    fixed[name] = signature(uri, headers)
print(json.dumps(fixed), flush=True)
clients = {name: client(w) for name, w in workloads.items()}
for line in sys.stdin:
    name, seconds = line.split()
    seconds, c, w = float(seconds), clients[name], workloads[name]
    count = 0
    start = time.thread_time()
    while time.thread_time() - start < seconds:
        for _ in range(10):
            sign(c, w)
        count += 10
    print(count, time.thread_time() - start, flush=True)
"""

/// oauthlib in a python3 process that measures one slice each time it is asked, so Swift
/// and Python slices interleave and see the same machine load.
final class PythonPeer {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer = Data()
    /// oauthlib's signature (decoded) per workload name, for the fixed nonce and timestamp.
    private(set) var fixedSignatures: [String: String] = [:]

    init?(workloads: [Workload]) {
        let credentialsJSON: [String: String] = [
            "consumer_key": credentials.consumerKey, "consumer_secret": credentials.consumerSecret,
            "token": credentials.token!, "token_secret": credentials.tokenSecret!,
        ]
        let workloadsJSON = Dictionary(uniqueKeysWithValues: workloads.map { ($0.name, $0.peerDescription) })
        guard let first = try? JSONSerialization.data(withJSONObject: credentialsJSON),
              let second = try? JSONSerialization.data(withJSONObject: workloadsJSON)
        else { return nil }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", python, String(decoding: first, as: UTF8.self), String(decoding: second, as: UTF8.self)]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        guard let line = readLine(), let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)),
              let signatures = object as? [String: String]
        else { return nil }
        fixedSignatures = signatures
    }

    /// The next line the peer prints; nil when it exits.
    private func readLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer = Data(buffer[buffer.index(after: newline)...])
                return line
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
        }
    }

    /// oauthlib's signatures and the thread CPU time they took, over about `seconds`.
    func measure(_ workload: Workload, seconds: Double) -> Sample? {
        input.fileHandleForWriting.write(Data("\(workload.name) \(seconds)\n".utf8))
        guard let words = readLine()?.split(separator: " "), words.count == 2,
              let count = Int(words[0]), let elapsed = Double(words[1])
        else { return nil }
        return Sample(count: count, seconds: elapsed)
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

// MARK: Measurements

/// Seconds of CPU time this thread has used. CPU time rather than wall time on both sides: on
/// a machine shared with other jobs, time spent descheduled is not the code's.
func threadCPUTime() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
}

/// Signatures made and the thread CPU time they took.
struct Sample {
    var count = 0
    var seconds = 0.0
    var rate: Double { Double(count) / seconds }
    static func += (total: inout Sample, sample: Sample) {
        total.count += sample.count
        total.seconds += sample.seconds
    }
}

/// OAuth1Client's signatures over about `seconds` of thread CPU time.
func measureSwift(_ workload: Workload, seconds: Double) -> Sample {
    let signer = workload.signer
    var count = 0
    let start = threadCPUTime()
    while threadCPUTime() - start < seconds {
        for _ in 0..<100 { count &+= signOnce(signer, workload.request) > 0 ? 1 : 0 }
    }
    return Sample(count: count, seconds: threadCPUTime() - start)
}

/// Heap allocations per signature: valgrind's heap summary of this executable signing 1000
/// and 3000 times; the difference divided by 2000 (start-up allocations cancel out).
/// valgrind 3.19 cannot read the DWARF 5 debug info Swift emits, so it runs a copy of this
/// executable with the debug info stripped (the code is the same).
struct AllocationCounter {
    let copy: String

    init?() {
        guard let executable = Bundle.main.executablePath else { return nil }
        copy = FileManager.default.temporaryDirectory.appendingPathComponent("oauth1-benchmarks-\(getpid())").path
        try? FileManager.default.removeItem(atPath: copy)
        guard (try? FileManager.default.copyItem(atPath: executable, toPath: copy)) != nil,
              Self.run("strip", ["--strip-debug", copy]) != nil
        else { return nil }
    }

    func remove() { try? FileManager.default.removeItem(atPath: copy) }

    func perSignature(_ workload: Workload) -> (perSignature: Double, small: Int, large: Int)? {
        guard let small = total(workload, 1_000), let large = total(workload, 3_000) else { return nil }
        return (Double(large - small) / 2_000, small, large)
    }

    private func total(_ workload: Workload, _ iterations: Int) -> Int? {
        let arguments = ["--tool=memcheck", "--leak-check=no", copy, "--sign-only", String(iterations), "--workload", workload.name]
        // "==123== total heap usage: 1,234 allocs, 1,200 frees, 56,789 bytes allocated"
        guard let errors = Self.run("valgrind", arguments),
              let line = errors.split(separator: "\n").first(where: { $0.contains("total heap usage") })
        else { return nil }
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(of: "usage:"), index + 1 < words.endIndex else { return nil }
        return Int(words[index + 1].replacingOccurrences(of: ",", with: ""))
    }

    /// Runs `executable arguments` from `PATH`; its standard error when it exits with status 0.
    private static func run(_ executable: String, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        do { try process.run() } catch { return nil }
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
func ratio(_ value: Double) -> String { String(format: "%.1fx", value) }

// MARK: Run

say("OAuth1Client signer against oauthlib Client.sign: HMAC-SHA1, system clock, fresh secure nonce per signature")
say("\(selected.count) workload(s); per workload \(rounds) rounds of \(roundSeconds) s thread CPU time per side in \(slices) alternating slices; target ≥ \(Int(targetRatio))x (median of rounds)")

// 1. Same answer as oauthlib for a fixed nonce and timestamp (a benchmark of a wrong signer is worthless).
let peer = PythonPeer(workloads: selected)
var fixedSignatures: [String: String] = [:]
for workload in selected {
    do {
        fixedSignatures[workload.name] = try workload.fixedSigner.sign(workload.request).signature
    } catch {
        fail("\(workload.name): OAuth1Client cannot sign the request: \(error)", status: 1)
    }
}
if let peer {
    var mismatches = 0
    for workload in selected {
        let ours = fixedSignatures[workload.name]!, theirs = peer.fixedSignatures[workload.name] ?? "(none)"
        let agrees = ours == theirs
        say("  \(workload.name): same signature as oauthlib for fixed nonce/timestamp: \(agrees ? "yes" : "NO (ours \(ours), oauthlib \(theirs))")")
        if !agrees { mismatches += 1 }
    }
    if mismatches > 0 {
        peer.stop()
        fail("\(mismatches) workload(s) sign differently from oauthlib; not benchmarking a wrong signer", status: 1)
    }
} else {
    say("  oauthlib: not available (python3 with oauthlib missing: pip install -r .ci/requirements.txt); OAuth1Client measured alone")
}

// 2. Throughput: per round, every workload once, its Swift and oauthlib slices alternating, so
// both sides of a ratio see the same machine load and each workload's rounds are spread over
// the whole run.
for workload in selected {
    let signer = workload.signer
    for _ in 0..<20_000 { _ = signOnce(signer, workload.request) }
    _ = peer?.measure(workload, seconds: 0.2)
}
var swiftRates: [String: [Double]] = [:]
var pythonRates: [String: [Double]] = [:]
for _ in 0..<rounds {
    for workload in selected {
        var ours = Sample(), theirs = Sample(), peerAnswered = peer != nil
        for _ in 0..<slices {
            ours += measureSwift(workload, seconds: roundSeconds / Double(slices))
            guard peerAnswered, let sample = peer?.measure(workload, seconds: roundSeconds / Double(slices)) else {
                peerAnswered = false
                continue
            }
            theirs += sample
        }
        swiftRates[workload.name, default: []].append(ours.rate)
        if peerAnswered { pythonRates[workload.name, default: []].append(theirs.rate) }
    }
}
peer?.stop()

// 3. Allocations, then the report.
let counter = AllocationCounter()
var summary: [(name: String, ratio: Double?, allocations: Double?)] = []
for workload in selected {
    say("\n[\(workload.name)] \(workload.summary)")
    let ours = swiftRates[workload.name]!
    say(String(format: "  OAuth1Client:         %8.0f signatures/s  (%.2f µs each, median)", median(ours), 1e6 / median(ours)))
    var medianRatio: Double?
    if let theirs = pythonRates[workload.name], theirs.count == ours.count {
        let ratios = zip(ours, theirs).map { $0 / $1 }
        medianRatio = median(ratios)
        say(String(format: "  oauthlib Client.sign: %8.0f signatures/s  (%.2f µs each, median)", median(theirs), 1e6 / median(theirs)))
        say("  ratio per round:      " + ratios.map(ratio).joined(separator: " "))
        say("  ratio (median):       \(ratio(median(ratios)))  (target ≥ \(Int(targetRatio))x: \(median(ratios) >= targetRatio ? "met" : "NOT met"))")
    } else if peer != nil {
        say("  oauthlib: the python3 peer stopped answering")
    }
    var allocations: Double?
    if let counted = counter?.perSignature(workload) {
        allocations = counted.perSignature
        say(String(format: "  heap allocations:     %.1f per signature  (valgrind: %d allocs for 1000 signatures, %d for 3000; target ≤ ~20)",
                     counted.perSignature, counted.small, counted.large))
    } else {
        say("  heap allocations:     not measured (valgrind or strip missing: apt-get install valgrind binutils)")
    }
    summary.append((workload.name, medianRatio, allocations))
}
counter?.remove()

say("\nSummary (ratio = OAuth1Client ÷ oauthlib Client.sign, median of \(rounds) rounds; target ≥ \(Int(targetRatio))x)")
let width = selected.map(\.name.count).max() ?? 0
for row in summary {
    let name = row.name.padding(toLength: width, withPad: " ", startingAt: 0)
    let ratioText = row.ratio.map(ratio) ?? "—"
    let allocationText = row.allocations.map { String(format: "%.1f allocs/signature", $0) } ?? "allocations not measured"
    let verdict = row.ratio.map { $0 >= targetRatio ? "met" : "NOT met" } ?? "not compared"
    say("  \(name)  \(ratioText.leftPadded(to: 6))  \(verdict.padding(toLength: 12, withPad: " ", startingAt: 0))  \(allocationText)")
}

extension String {
    func leftPadded(to length: Int) -> String { String(repeating: " ", count: max(0, length - count)) + self }
}
