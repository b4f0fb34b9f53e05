// oauth1-benchmarks: OAuth1Client's signer against Python oauthlib's Client.sign on the same
// typical request, in one run, plus heap allocations per signature (valgrind, when installed).
//
//   swift run -c release oauth1-benchmarks [--seconds S]
//   oauth1-benchmarks --sign-only N    (signs N times and exits; used under valgrind)
import Foundation
import OAuth1Client
import SigningCore

/// The typical request: a URL with 3 query parameters, a 3-field form body, header output.
let url = URL(string: "https://api.example.com/1.1/statuses/update.json?include_entities=true&trim_user=false&count=20")!
let form = [
    FormField("status", "Hello Ladies + Gentlemen, a signed OAuth request!"),
    FormField("lat", "37.7821120598956"),
    FormField("long", "-122.400612831116"),
]
let request = OAuth1Request(method: "POST", url: url, form: form)
let credentials = OAuth1Credentials(
    consumerKey: "xvz1evFS4wEEPTGEFPHBog", consumerSecret: "kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw",
    token: "370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb", tokenSecret: "LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE"
)
/// The production configuration: system clock, fresh secure nonce per request.
let signer = OAuth1Signer(credentials: credentials)

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil }
}

@inline(never) func signOnce() -> Int {
    (try? signer.sign(request).signature.utf8.count) ?? 0
}

if let count = option("--sign-only").flatMap(Int.init) {
    var total = 0
    for _ in 0..<count { total &+= signOnce() }
    exit(total > 0 ? 0 : 1)
}

let seconds = option("--seconds").flatMap(Double.init) ?? 2

// 1. Same answer as oauthlib for fixed nonce and timestamp (a benchmark of a wrong signer is worthless).
let fixed = OAuth1Signer(credentials: credentials, clock: { Date(timeIntervalSince1970: 1_318_622_958) }, nonce: { "kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg" })
let fixedSignature = try fixed.sign(request).signature

let python = """
import sys, time
from oauthlib import oauth1
url = "\(url.absoluteString)"
body = "\(FormEncoding.serialize(form))"
headers = {"Content-Type": "application/x-www-form-urlencoded"}
def client(**extra):
    return oauth1.Client("\(credentials.consumerKey)", client_secret="\(credentials.consumerSecret)",
                         resource_owner_key="\(credentials.token!)", resource_owner_secret="\(credentials.tokenSecret!)", **extra)
fixed = client(nonce="kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg", timestamp="1318622958")
_, signed, _ = fixed.sign(url, http_method="POST", body=body, headers=headers)
print(signed["Authorization"], flush=True)
c = client()
for line in sys.stdin:
    seconds = float(line)
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(100):
            c.sign(url, http_method="POST", body=body, headers=headers)
        count += 100
    print(count / (time.perf_counter() - start), flush=True)
"""

/// oauthlib in a python3 process that measures one round each time it is asked, so Swift
/// and Python rounds interleave and see the same machine load.
final class PythonPeer {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer = Data()

    init?() {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", python]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
    }

    /// The next line the peer prints; nil when it exits.
    func readLine() -> String? {
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

    /// oauthlib's signatures per second over `seconds`.
    func measure(seconds: Double) -> Double? {
        input.fileHandleForWriting.write(Data("\(seconds)\n".utf8))
        return readLine().flatMap(Double.init)
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

func runProcess(_ executable: String, _ arguments: [String]) -> (status: Int32, output: String, errors: String)? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [executable] + arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    do { try process.run() } catch { return nil }
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    let errData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}

// 2. Throughput: rounds of Swift and oauthlib alternate, so both see the same machine load;
// the ratio reported is the median of the per-round ratios.
func swiftRate(seconds: Double) -> Double {
    let clock = ContinuousClock()
    var count = 0
    let start = clock.now
    while clock.now - start < .seconds(seconds) {
        for _ in 0..<1_000 { count &+= signOnce() > 0 ? 1 : 0 }
    }
    let elapsed = clock.now - start
    return Double(count) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
}
for _ in 0..<20_000 { _ = signOnce() }
let rounds = 5
let roundSeconds = seconds / 2
print("OAuth1Client signer: typical request (3 query params, 3-field form, header output, HMAC-SHA1), \(rounds) alternating rounds of \(roundSeconds) s")
if let peer = PythonPeer(), let header = peer.readLine() {
    let agrees = header.contains("oauth_signature=\"\(PercentEncoding.encode(fixedSignature))\"")
    var ratios: [Double] = []
    var swiftRates: [Double] = []
    var pythonRates: [Double] = []
    for _ in 0..<rounds {
        let ours = swiftRate(seconds: roundSeconds)
        guard let theirs = peer.measure(seconds: roundSeconds) else { break }
        swiftRates.append(ours)
        pythonRates.append(theirs)
        ratios.append(ours / theirs)
    }
    peer.stop()
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    if ratios.isEmpty {
        print("  oauthlib: the python3 peer stopped answering")
    } else {
        let ours = median(swiftRates), theirs = median(pythonRates)
        print(String(format: "  OAuth1Client:         %8.0f signatures/s  (%.2f µs each, median)", ours, 1e6 / ours))
        print(String(format: "  oauthlib Client.sign: %8.0f signatures/s  (%.2f µs each, median)", theirs, 1e6 / theirs))
        print("  ratio per round:      " + ratios.map { String(format: "%.1fx", $0) }.joined(separator: " "))
        print(String(format: "  ratio (median):       %8.1fx  (target ≥ 30x)", median(ratios)))
    }
    print("  same signature as oauthlib for fixed nonce/timestamp: \(agrees ? "yes" : "NO")")
    if !agrees { exit(1) }
} else {
    print(String(format: "  OAuth1Client:         %8.0f signatures/s", swiftRate(seconds: seconds)))
    print("  oauthlib: not measured (python3 with oauthlib missing: pip install oauthlib)")
}

// 4. Heap allocations per signature: valgrind's heap summary at two iteration counts.
func totalAllocations(_ iterations: Int) -> Int? {
    guard let result = runProcess("valgrind", ["--tool=memcheck", "--leak-check=no", arguments[0], "--sign-only", String(iterations)]),
          let line = result.errors.split(separator: "\n").first(where: { $0.contains("total heap usage") })
    else { return nil }
    // "==123== total heap usage: 1,234 allocs, 1,200 frees, 56,789 bytes allocated"
    let words = line.split(separator: " ")
    guard let index = words.firstIndex(of: "usage:"), index + 1 < words.endIndex else { return nil }
    return Int(words[index + 1].replacingOccurrences(of: ",", with: ""))
}
if let small = totalAllocations(1_000), let large = totalAllocations(3_000) {
    print(String(format: "  heap allocations: %.1f per signature  (valgrind: %d allocs for 1000 signatures, %d for 3000; target ≤ ~20)",
                 Double(large - small) / 2_000, small, large))
} else {
    print("  heap allocations: not measured (valgrind missing: apt-get install valgrind)")
}
