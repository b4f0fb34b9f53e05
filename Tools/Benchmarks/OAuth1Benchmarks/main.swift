// oauth1-benchmarks: OAuth1Client's signer against Python oauthlib's Client.sign on several
// typical request shapes (HMAC-SHA1, and RSA-SHA1 with a 2048-bit key), and its RSA-SHA1
// verification against oauthlib's `signature.verify_rsa_sha1`, in one run, plus heap allocations
// per operation (valgrind, when installed).
//
//   swift run -c release oauth1-benchmarks [--seconds S] [--workload NAME[,NAME…]]
//   oauth1-benchmarks --sign-only N [--workload NAME] [--reference] [--keyed-per-call]
//       (runs the workload, or its bare-HMAC reference, N times and exits; for valgrind)
//
// For every workload: the signature for a fixed nonce and timestamp must equal oauthlib's, or
// for a verification workload both sides must accept the signed request (exit 1 if not), then
// `rounds` rounds measure OAuth1Client and oauthlib for `seconds / 2` of thread CPU time each,
// in `slices` alternating slices, and the median of the per-round ratios is compared with the
// workload's target. HMAC workloads also time, in the same slices, the bare HMAC-SHA1 of the
// request's own base string (keyed state reused) and report what one operation costs in units
// of it (target: ≤ 3 for signing, ≤ 4 for verifying). With `--keyed-per-call`, a verification's
// reference keys its HMAC from the two secrets on every call, as any verifier must that keeps no
// prepared keys between requests (signing keeps its reference: OAuth1Signer keys once).
import BenchmarkHarness
import Foundation
import OAuth1Client
import OAuth1RSA
import SigningCore

let rounds = 5
/// Each round alternates the two sides this many times, so that both sample the same load
/// (another job on the sibling hyperthread slows either side by tens of percent for a while).
let slices = 10

let credentials = OAuth1Credentials(
    consumerKey: "xvz1evFS4wEEPTGEFPHBog", consumerSecret: "kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw",
    token: "370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb", tokenSecret: "LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE"
)

/// The RSA workloads' key: 2048 bits, new each run (RSASSA-PKCS1-v1_5 costs the same for every
/// key of a size), generated only when an RSA workload runs (a static member is initialised on
/// first use): its prime search varies from run to run and would blur the instruction counts
/// of the HMAC workloads.
enum RSAMaterial {
    static let key: OAuth1RSAPrivateKey = {
        do {
            return try OAuth1RSAPrivateKey.generate(bits: 2048)
        } catch {
            FileHandle.standardError.write(Data("cannot generate the RSA key: \(error)\n".utf8))
            exit(1)
        }
    }()
    static let signingCredentials = OAuth1Credentials(consumerKey: credentials.consumerKey, privateKey: key, token: credentials.token)
}

/// One request shape and what is measured on it: signing the production way (system clock,
/// fresh secure nonce), or verifying the request signed once with a fixed nonce and timestamp.
struct Workload {
    /// What one operation of the workload is.
    enum Kind {
        /// `OAuth1Signer.sign`, against oauthlib's `Client.sign`.
        case sign
        /// `OAuth1IncomingRequest` plus `verify(…)` (the secrets for HMAC, the public key for RSA)
        /// on the signed request: what a backend pays per request. Against oauthlib reading the
        /// same request (`_create_request`) plus `signature.verify_hmac_sha1` or `verify_rsa_sha1`.
        case verify
    }

    var name: String
    var summary: String
    let request: OAuth1Request
    let transmission: OAuth1Transmission
    var signatureMethod: OAuth1SignatureMethod = .hmacSHA1
    var kind: Kind = .sign
    /// The ratio OAuth1Client ÷ oauthlib to reach; `nil`: reported only.
    var target: Double? = 30
    /// For HMAC workloads, the most one operation may cost in units of the bare HMAC-SHA1 of
    /// the request's own base string (same key, same bytes; see ``bareHMAC`` for its keying): 3
    /// for signing, 4 for verifying. `nil` for RSA, whose private-key operation is the whole cost.
    var hmacTarget: Double? {
        guard signatureMethod == .hmacSHA1 else { return nil }
        return kind == .sign ? 3 : 4
    }
    /// Whether oauthlib is given the private key as PEM text, as its documentation shows (it then
    /// parses and validates the key at every signature), instead of a key loaded once.
    var peerLoadsPEM = false
    /// valgrind's two runs (operations), whose difference gives the allocations per operation;
    /// fewer for RSA, which is slow under valgrind.
    var allocationRuns = (small: 1_000, large: 3_000)

    var workloadCredentials: OAuth1Credentials { signatureMethod.key == .rsaKeyPair ? RSAMaterial.signingCredentials : credentials }
    /// The production configuration: system clock, fresh secure nonce per request.
    var signer: OAuth1Signer { OAuth1Signer(credentials: workloadCredentials, signatureMethod: signatureMethod, transmission: transmission) }
    /// Fixed nonce and timestamp, for the comparison with oauthlib.
    var fixedSigner: OAuth1Signer {
        OAuth1Signer(credentials: workloadCredentials, signatureMethod: signatureMethod, transmission: transmission,
                     clock: { Date(timeIntervalSince1970: 1_318_622_958) }, nonce: { "kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg" })
    }
    /// What one operation works on, prepared once.
    var operation: Operation {
        get throws {
            switch kind {
            case .sign: return .sign(signer, request)
            case .verify: return .verify(try fixedSigner.sign(request).request, verificationKey)
            }
        }
    }
    /// What the verification workload checks the signature with.
    var verificationKey: OAuth1VerificationKey {
        signatureMethod.key == .rsaKeyPair
            ? .publicKey(RSAMaterial.key.rsaPublic)
            : .secrets(consumerSecret: credentials.consumerSecret, tokenSecret: credentials.tokenSecret)
    }
    /// The reference of ``hmacTarget``: HMAC-SHA1 over the bytes of the request's base string
    /// (signed with the fixed nonce and timestamp, the same length as a production one), the
    /// keyed state prepared once from the same secrets as the signer's — or, for a verification
    /// run with `--keyed-per-call`, keyed from those secrets on every call.
    var bareHMAC: Operation? {
        get throws {
            guard hmacTarget != nil else { return nil }
            var key: [UInt8] = []
            PercentEncoding.append(credentials.consumerSecret, to: &key)
            key.append(UInt8(ascii: "&"))
            PercentEncoding.append(credentials.tokenSecret ?? "", to: &key)
            let baseString = Array(try fixedSigner.sign(request).baseString.utf8)
            return kind == .verify && keyedPerCall ? .bareHMACKeyedPerCall(key, baseString) : .bareHMAC(HMAC<SHA1>(key: key), baseString)
        }
    }
    /// What the oauthlib peer needs, taken from `request` itself (for a verification, from the
    /// request as signed) so both sides work on the same bytes.
    var peerDescription: [String: Any] {
        get throws {
            let shown = kind == .verify ? try fixedSigner.sign(request).request : request
            return [
                "method": shown.method,
                "url": shown.url.absoluteString,
                "body": shown.body.isEmpty ? NSNull() as Any : String(decoding: shown.body, as: UTF8.self) as Any,
                "headers": Dictionary(shown.headers.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }),
                "signature_type": transmission == .query ? "QUERY" : "AUTH_HEADER",
                "signature_method": signatureMethod.rawValue,
                "operation": kind == .sign ? "sign" : "verify",
                "pem_key": peerLoadsPEM,
            ]
        }
    }
}

/// One operation of a workload, ready to repeat.
enum Operation {
    case sign(OAuth1Signer, OAuth1Request)
    case verify(OAuth1Request, OAuth1VerificationKey)
    case bareHMAC(HMAC<SHA1>, [UInt8])
    /// The key's bytes and the base string: the HMAC keyed anew on every call.
    case bareHMACKeyedPerCall([UInt8], [UInt8])
}

/// Whether a verification's bare-HMAC reference keys its HMAC on every call (`--keyed-per-call`).
let keyedPerCall = CommandLine.arguments.contains("--keyed-per-call")

let postForm = OAuth1Request(
    method: "POST",
    url: URL(string: "https://api.example.com/1.1/statuses/update.json?include_entities=true&trim_user=false&count=20")!,
    form: [
        FormField("status", "Hello Ladies + Gentlemen, a signed OAuth request!"),
        FormField("lat", "37.7821120598956"),
        FormField("long", "-122.400612831116"),
    ]
)

/// The four HMAC-SHA1 request shapes, each signed and verified.
let hmacShapes: [Workload] = [
    Workload(name: "post-form", summary: "POST, 3 query params + 3-field form body, Authorization header", request: postForm, transmission: .header),
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

/// The request shapes, in the order they are run and reported: the HMAC shapes signed
/// (`post-form` is the shape of earlier runs, docs/benchmarks.md, so it stays first and is the
/// `--sign-only` default), then verified (`NAME-verify`), then RSA.
let workloads: [Workload] = hmacShapes + hmacShapes.map { shape in
    var verify = shape
    verify.name += "-verify"
    verify.summary += ", read and verified (OAuth1IncomingRequest + verify(.secrets))"
    verify.kind = .verify
    return verify
} + [
    Workload(
        name: "rsa-sha1-sign", summary: "post-form's request signed with RSA-SHA1, 2048-bit key (signer.sign)",
        request: postForm, transmission: .header, signatureMethod: .rsaSHA1, target: 3, allocationRuns: (100, 300)
    ),
    Workload(
        name: "rsa-sha1-sign-pem", summary: "rsa-sha1-sign, with oauthlib given the key as PEM text (Client(rsa_key=PEM), as its documentation shows)",
        request: postForm, transmission: .header, signatureMethod: .rsaSHA1, target: 3, peerLoadsPEM: true, allocationRuns: (100, 300)
    ),
    Workload(
        name: "rsa-sha1-verify",
        summary: "post-form's request signed with RSA-SHA1, 2048-bit key, read and verified (OAuth1IncomingRequest + verify(.publicKey))",
        request: postForm, transmission: .header, signatureMethod: .rsaSHA1, kind: .verify, target: nil, allocationRuns: (100, 300)
    ),
]

// MARK: Command line

/// `--workload a,b,…` or every workload; `--sign-only` runs the first.
let selected = selectedWorkloads(workloads, name: \.name)

/// One operation: a production-configuration signature, or reading and verifying a signed
/// request; returns a value so the work cannot be dropped (0 when it failed).
@inline(never) func runOnce(_ operation: Operation) -> Int {
    switch operation {
    case .sign(let signer, let request):
        return (try? signer.sign(request).signature.utf8.count) ?? 0
    case .verify(let request, let key):
        let incoming = try? OAuth1IncomingRequest(
            method: request.method, url: request.url, authorizationHeader: request.headers["Authorization"],
            contentType: request.headers["Content-Type"], body: request.body
        )
        return incoming?.verify(key) == true ? 1 : 0
    case .bareHMAC(let key, let bytes):
        return Int(key.authenticationCode(for: bytes)[0]) | 1
    case .bareHMACKeyedPerCall(let key, let bytes):
        return key.withUnsafeBytes { Int(HMAC<SHA1>(keyBuffer: $0).authenticationCode(for: bytes)[0]) | 1 }
    }
}

/// The workload's prepared operation (its bare-HMAC reference when `reference` is set), or
/// exit 1 naming why it cannot be.
func prepare(_ workload: Workload, reference: Bool = false) -> Operation {
    do {
        if reference {
            guard let operation = try workload.bareHMAC else { fail("\(workload.name) has no bare-HMAC reference (RSA)", status: 2) }
            return operation
        }
        return try workload.operation
    } catch {
        fail("\(workload.name): OAuth1Client cannot sign the request: \(error)", status: 1)
    }
}

if let count = option("--sign-only").flatMap(Int.init) {
    let operation = prepare(selected[0], reference: CommandLine.arguments.contains("--reference"))
    var total = 0
    for _ in 0..<count { total &+= runOnce(operation) }
    exit(total > 0 ? 0 : 1)
}

let seconds = option("--seconds").flatMap(Double.init) ?? 2
let roundSeconds = seconds / 2

// MARK: oauthlib peer

let python = """
import json, sys, time
from urllib.parse import urlparse, parse_qsl, unquote
from oauthlib import oauth1
from oauthlib.oauth1.rfc5849 import signature as sig
from oauthlib.oauth1.rfc5849.endpoints.base import BaseEndpoint
from oauthlib.oauth1.rfc5849.utils import parse_authorization_header
credentials, workloads = json.loads(sys.argv[1]), json.loads(sys.argv[2])
keys = {}
if any(w["signature_method"] == "RSA-SHA1" for w in workloads.values()):
    from jwt.algorithms import RSAAlgorithm
    # oauthlib hands rsa_key (and the verifier's key) to PyJWT's prepare_key at every call; PEM
    # text is parsed, and a private key validated, each time (tens of ms for 2048 bits), so
    # oauthlib gets keys loaded once by that same function (whose hash plays no part in
    # loading), its fastest use, except in the workload that measures the PEM text (pem_key).
    rsa = RSAAlgorithm(RSAAlgorithm.SHA256)
    keys = {"private": rsa.prepare_key(credentials["rsa_private_key"]), "public": rsa.prepare_key(credentials["rsa_public_key"])}
def client(workload, **extra):
    if workload["signature_method"] == "RSA-SHA1":
        return oauth1.Client(credentials["consumer_key"], resource_owner_key=credentials["token"],
                             signature_method=oauth1.SIGNATURE_RSA_SHA1,
                             rsa_key=credentials["rsa_private_key"] if workload["pem_key"] else keys["private"],
                             signature_type=workload["signature_type"], **extra)
    return oauth1.Client(credentials["consumer_key"], client_secret=credentials["consumer_secret"],
                         resource_owner_key=credentials["token"], resource_owner_secret=credentials["token_secret"],
                         signature_type=workload["signature_type"], **extra)
def sign(c, w):
    return c.sign(w["url"], http_method=w["method"], body=w["body"], headers=dict(w["headers"]))
endpoint = BaseEndpoint(None)
def verify(w):
    request = endpoint._create_request(w["url"], w["method"], w["body"], dict(w["headers"]))
    if w["signature_method"] == "RSA-SHA1":
        return sig.verify_rsa_sha1(request, keys["public"])
    return sig.verify_hmac_sha1(request, credentials["consumer_secret"], credentials["token_secret"])
def signature(uri, headers):
    if "Authorization" in headers:
        return unquote(dict(parse_authorization_header(headers["Authorization"]))["oauth_signature"])
    return dict(parse_qsl(urlparse(uri).query))["oauth_signature"]
fixed = {}
for name, w in workloads.items():
    if w["operation"] == "verify":
        fixed[name] = "verified" if verify(w) else "refused"
    else:
        uri, headers, _ = sign(client(w, nonce="kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg", timestamp="1318622958"), w)
        fixed[name] = signature(uri, headers)
print(json.dumps(fixed), flush=True)
operations = {name: (lambda w=w: verify(w)) if w["operation"] == "verify" else (lambda c=client(w), w=w: sign(c, w))
              for name, w in workloads.items()}
""" + PeerProcess.pythonSlices

/// oauthlib in a python3 process that measures one slice each time it is asked, so Swift
/// and Python slices interleave and see the same machine load.
final class PythonPeer {
    private let process: PeerProcess
    /// oauthlib's signature (decoded) per signing workload's name, for the fixed nonce and
    /// timestamp; `verified` or `refused` per verification workload's.
    let fixedSignatures: [String: String]

    init?(workloads: [Workload]) {
        var credentialsJSON: [String: String] = [
            "consumer_key": credentials.consumerKey, "consumer_secret": credentials.consumerSecret,
            "token": credentials.token!, "token_secret": credentials.tokenSecret!,
        ]
        if workloads.contains(where: { $0.signatureMethod.key == .rsaKeyPair }) {
            credentialsJSON["rsa_private_key"] = RSAMaterial.key.pemRepresentation
            credentialsJSON["rsa_public_key"] = RSAMaterial.key.rsaPublic.pemRepresentation
        }
        guard let workloadsJSON = try? Dictionary(uniqueKeysWithValues: workloads.map { ($0.name, try $0.peerDescription) }),
              let first = try? JSONSerialization.data(withJSONObject: credentialsJSON),
              let second = try? JSONSerialization.data(withJSONObject: workloadsJSON),
              let process = PeerProcess(["python3", "-c", python, String(decoding: first, as: UTF8.self), String(decoding: second, as: UTF8.self)])
        else { return nil }
        guard let line = process.readLine(), let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)),
              let signatures = object as? [String: String]
        else {
            process.stop()
            return nil
        }
        self.process = process
        fixedSignatures = signatures
    }

    /// oauthlib's operations and the thread CPU time they took, over about `seconds`.
    func measure(_ workload: Workload, seconds: Double) -> Sample? {
        process.measure(workload.name, seconds: seconds)
    }

    func stop() {
        process.stop()
    }
}

// MARK: Measurements

/// OAuth1Client's operations over about `seconds` of thread CPU time.
func measureSwift(_ operation: Operation, seconds: Double) -> Sample {
    // Operations between clock readings: about 0.1-1 ms of work.
    let batch = switch operation {
    case .sign(let signer, _): signer.signatureMethod.key == .rsaKeyPair ? 1 : 100
    case .verify: 10
    case .bareHMAC, .bareHMACKeyedPerCall: 200
    }
    return measureCPU(batch: batch, seconds: seconds) { runOnce(operation) }
}

/// Whether an operation's cost in bare HMACs stays within `target`: "target ≤ 3x: met".
func hmacVerdict(_ cost: Double, _ target: Double?) -> String {
    target.map { "target ≤ \(Int($0))x: \(cost <= $0 ? "met" : "NOT met")" } ?? "no target"
}
/// The length of the base string a bare-HMAC reference hashes.
func baseStringLength(_ operation: Operation) -> Int {
    switch operation {
    case .bareHMAC(_, let bytes), .bareHMACKeyedPerCall(_, let bytes): bytes.count
    default: 0
    }
}
/// Whether `value` reaches `target`: "target ≥ 30x: met", or "no target" for a reported-only workload.
func verdict(_ value: Double, _ target: Double?) -> String {
    target.map { "target ≥ \(Int($0))x: \(value >= $0 ? "met" : "NOT met")" } ?? "no target"
}

// MARK: Run

say("OAuth1Client against oauthlib: Client.sign (HMAC-SHA1; RSA-SHA1 2048-bit), system clock, fresh secure nonce per signature; RSA-SHA1 verification")
say("\(selected.count) workload(s); per workload \(rounds) rounds of \(roundSeconds) s thread CPU time per side in \(slices) alternating slices; ratio = median of rounds")

// 1. Same answer as oauthlib for a fixed nonce and timestamp (a benchmark of a wrong signer is worthless).
let peer = PythonPeer(workloads: selected)
let operations = Dictionary(uniqueKeysWithValues: selected.map { ($0.name, prepare($0)) })
var fixedAnswers: [String: String] = [:]
for workload in selected {
    do {
        switch workload.kind {
        case .sign: fixedAnswers[workload.name] = try workload.fixedSigner.sign(workload.request).signature
        case .verify: fixedAnswers[workload.name] = runOnce(operations[workload.name]!) == 1 ? "verified" : "refused"
        }
    } catch {
        fail("\(workload.name): OAuth1Client cannot sign the request: \(error)", status: 1)
    }
}
if let peer {
    var mismatches = 0
    for workload in selected {
        let ours = fixedAnswers[workload.name]!, theirs = peer.fixedSignatures[workload.name] ?? "(none)"
        let agrees = ours == theirs && ours != "refused"
        let question = workload.kind == .sign ? "same signature as oauthlib for fixed nonce/timestamp" : "both verify the signed request"
        say("  \(workload.name): \(question): \(agrees ? "yes" : "NO (ours \(ours), oauthlib \(theirs))")")
        if !agrees { mismatches += 1 }
    }
    if mismatches > 0 {
        peer.stop()
        fail("\(mismatches) workload(s) disagree with oauthlib; not benchmarking a wrong signer or verifier", status: 1)
    }
} else {
    say("  oauthlib: not available (python3 with oauthlib missing: pip install -r .ci/requirements.txt); OAuth1Client measured alone")
}

// 2. Throughput: every workload's Swift, bare-HMAC and oauthlib sides in alternating slices, round
// after round (BenchmarkHarness.measureInRounds).
let references = Dictionary(uniqueKeysWithValues: selected.compactMap { workload in
    workload.hmacTarget.map { _ in (workload.name, prepare(workload, reference: true)) }
})
let sides = selected.map { workload in
    Sides(
        ours: { measureSwift(operations[workload.name]!, seconds: $0) },
        bare: references[workload.name].map { reference in { measureSwift(reference, seconds: $0) } },
        peer: peer.map { peer in { peer.measure(workload, seconds: $0) } }
    )
}
let rates = Dictionary(uniqueKeysWithValues: zip(selected.map(\.name), measureInRounds(sides, rounds: rounds, slices: slices, seconds: roundSeconds)))
peer?.stop()

// 3. Allocations, then the report.
let counter = AllocationCounter()
var summary: [(name: String, ratio: Double?, target: Double?, hmacCost: Double?, hmacTarget: Double?, allocations: Double?)] = []
for workload in selected {
    say("\n[\(workload.name)] \(workload.summary)")
    let ours = rates[workload.name]!.ours
    let unit = workload.kind == .sign ? "signatures/s" : "verifications/s"
    let reference = workload.kind == .sign ? "oauthlib Client.sign:" : workload.hmacTarget == nil ? "oauthlib verify_rsa_sha1:" : "oauthlib verify_hmac_sha1:"
    say("  " + "OAuth1Client:".padding(toLength: 26, withPad: " ", startingAt: 0) + String(format: " %8.0f ", median(ours)) + unit + String(format: "  (%.2f µs each, median)", 1e6 / median(ours)))
    var medianRatio: Double?
    let theirs = rates[workload.name]!.peer
    if theirs.count == ours.count {
        let ratios = zip(ours, theirs).map { $0 / $1 }
        medianRatio = median(ratios)
        say("  " + reference.padding(toLength: 26, withPad: " ", startingAt: 0) + String(format: " %8.0f ", median(theirs)) + unit + String(format: "  (%.2f µs each, median)", 1e6 / median(theirs)))
        say("  ratio per round:          " + ratios.map(ratio).joined(separator: " "))
        say("  ratio (median):           \(ratio(median(ratios)))  (\(verdict(median(ratios), workload.target)))")
    } else if peer != nil {
        say("  oauthlib: the python3 peer stopped answering")
    }
    var hmacCost: Double?
    let bare = rates[workload.name]!.bare
    if bare.count == ours.count {
        let costs = zip(bare, ours).map { $0 / $1 }
        hmacCost = median(costs)
        let keying = workload.kind == .verify && keyedPerCall ? ", keyed per call" : ""
        say("  " + "bare HMAC-SHA1:".padding(toLength: 26, withPad: " ", startingAt: 0) + String(format: " %8.0f ", median(bare)) + "HMACs/s"
            + String(format: "  (%.2f µs each over the %d-byte base string", 1e6 / median(bare), references[workload.name].map(baseStringLength) ?? 0) + keying + ", median)")
        say("  cost in bare HMACs:       " + costs.map(ratio).joined(separator: " ")
            + "  median \(ratio(median(costs)))  (\(hmacVerdict(median(costs), workload.hmacTarget)))")
    }
    var allocations: Double?
    if let counted = counter?.perOperation(workload.name, runs: workload.allocationRuns) {
        allocations = counted.perOperation
        let runs = workload.allocationRuns
        say(String(format: "  heap allocations:         %.1f per operation  (valgrind: %d allocs for %d operations, %d for %d",
                   counted.perOperation, counted.small, runs.small, counted.large, runs.large) + (workload.signatureMethod == .hmacSHA1 ? "; target ≤ ~20)" : ")"))
    } else {
        say("  heap allocations:     not measured (valgrind or strip missing: apt-get install valgrind binutils)")
    }
    summary.append((workload.name, medianRatio, workload.target, hmacCost, workload.hmacTarget, allocations))
}
counter?.remove()

say("\nSummary (ratio = OAuth1Client ÷ oauthlib; cost = one operation in bare HMAC-SHA1s of its base string"
    + (keyedPerCall ? ", a verification's keyed per call" : "") + "; medians of \(rounds) rounds)")
let width = selected.map(\.name.count).max() ?? 0
for row in summary {
    let name = row.name.padding(toLength: width, withPad: " ", startingAt: 0)
    let ratioText = row.ratio.map(ratio) ?? "—"
    let allocationText = row.allocations.map { String(format: "%.1f allocs/operation", $0) } ?? "allocations not measured"
    let verdictText = row.ratio.map { verdict($0, row.target) } ?? "not compared"
    let costText = row.hmacCost.map { "cost \(ratio($0)) (\(hmacVerdict($0, row.hmacTarget)))" } ?? ""
    say("  \(name)  \(ratioText.leftPadded(to: 6))  \(verdictText.padding(toLength: 22, withPad: " ", startingAt: 0))  \(costText.padding(toLength: 32, withPad: " ", startingAt: 0))  \(allocationText)")
}

extension String {
    func leftPadded(to length: Int) -> String { String(repeating: " ", count: max(0, length - count)) + self }
}
