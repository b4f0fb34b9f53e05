// afsigned-benchmarks: AFSignedVerifier against the reference PHP backend's verification (
// IntegrationTests/Peers/afsigned_reference.php, required by the peer tests too) run by php-cli, on version 2 and version 4
// requests, per request, in-process loops on both sides, plus heap allocations per operation
// (valgrind, when installed).
//
//   swift run -c release afsigned-benchmarks [--seconds S] [--workload NAME[,NAME…]]
//   afsigned-benchmarks --sign-only N [--workload NAME] [--reference]
//       (verifies the workload's request, or runs its bare-HMAC reference, N times and exits;
//       for valgrind)
//
// One operation is what a backend pays per request: on the Swift side, the request as the
// server received it (`ReceivedRequest`) read into an `AFSignedIncomingRequest`, then
// `AFSignedVerifier.verifySignatureWithKnownClients(_:now:)` (version, client id, timestamp window, string to
// sign, HMAC-SHA256, constant-time comparison); on the PHP side, the same raw method, target,
// headers and body parsed as PHP's SAPI and Slim 2 read them (`parse_str`, `array_merge`), then
// the reference backend's lines: version, client id and timestamp checks, `ksort`, `auth_*` dropped, the
// string built and `urldecode`d, `hash_hmac('sha256')`, comparison. The reference backend has no PHP for
// version 4 (release 4.x of the library has no backend example), so its PHP here is written
// from docs/../shared/protocols.md and ``AFSignedCanonicalForm``: the same checks with the
// values read from the `X-Auth-*` headers, `rawurlencode`d `key=value` pairs, arrays as JSON,
// keys sorted by their bytes, the path as sent.
//
// For every workload both sides must accept the signed request, build the same string to sign,
// and refuse it with one parameter added (exit 1 if not); then `rounds` rounds measure the two
// sides for `seconds / 2` of thread CPU time each, in `slices` alternating slices, and the
// median of the per-round ratios is compared with the target (30). The same slices time the
// bare HMAC-SHA256 of the request's own string to sign (keyed state reused) and report what one
// verification costs in units of it (informative).
import Foundation
import AFSignedClient
import BenchmarkHarness
import SignedHTTP
import SignedVerification
import SigningCore

let rounds = 5
/// Each round alternates the two sides this many times, so that both sample the same load
/// (another job on the sibling hyperthread slows either side by tens of percent for a while).
let slices = 10
/// The ratio AFSignedVerifier ÷ the reference PHP backend to reach.
let target = 30.0

let credentials = AFSignedCredentials(clientID: "ios-app-7f3a", clientSecret: "3b1f9c0e5a7d4e2b8c6f1a9d0e7b5c3a")
/// When the requests are signed: the start of the run, well inside both sides' 12-hour window.
let signedAt = Date()

/// One request shape, signed once with the library's signer, and verified in every operation.
struct Workload {
    var name: String
    var summary: String
    let version: AFSignedVersion
    /// The request before signing.
    let request: APIRequest
    /// valgrind's two runs (operations), whose difference gives the allocations per operation.
    var allocationRuns = (small: 1_000, large: 3_000)

    /// The verifier a backend would set up: this client, this version, no replay store (the
    /// reference backend has none; `verifySignature` never consults one).
    var verifier: AFSignedVerifier { AFSignedVerifier(credentials: [credentials], version: version) }

    /// The request as its server receives it, signed by `AFSignedSigner` (with the library's
    /// default nonce, which both sides ignore in the string to sign) at ``signedAt``.
    var received: ReceivedRequest {
        get throws {
            let signed = try AFSignedSigner(credentials: credentials, version: version).sign(request, at: signedAt)
            let components = URLComponents(url: signed.url, resolvingAgainstBaseURL: false)
            var headers: HeaderFields = ["Host": components?.host ?? "api.example.com"]
            for field in signed.headers.fields { headers.append(field.name, field.value) }
            let target = (components?.percentEncodedPath ?? "/") + (components?.percentEncodedQuery.map { "?" + $0 } ?? "")
            return ReceivedRequest(method: signed.method, target: target, headers: headers, body: signed.body, scheme: "https")
        }
    }

    /// The signed request with a parameter added to its query, which both sides must refuse.
    var tampered: ReceivedRequest {
        get throws {
            var changed = try received
            changed.target += (changed.query == nil ? "?" : "&") + "injected=1"
            return changed
        }
    }

    /// What the PHP peer needs: the raw request as its SAPI would hand it over (method, target,
    /// body; headers as `$_SERVER`'s `HTTP_*` and `CONTENT_TYPE` entries), and the tampered target.
    var peerDescription: [String: Any] {
        get throws {
            let request = try received
            var server: [String: String] = [:]
            for field in request.headers.fields {
                let name = field.name.uppercased().replacingOccurrences(of: "-", with: "_")
                server[name == "CONTENT_TYPE" ? name : "HTTP_" + name] = field.value
            }
            return [
                "version": version.rawValue,
                "method": request.method,
                "target": request.target,
                "tampered_target": try tampered.target,
                "body": String(decoding: request.body, as: UTF8.self),
                "server": server,
            ]
        }
    }
}

/// One operation of a workload, ready to repeat.
enum Operation {
    case verify(ReceivedRequest, AFSignedVerifier)
    case bareHMAC(HMAC<SHA256>, [UInt8])
}

let getURL = URL(string: "https://api.example.com/v1/users/search?q=caf%C3%A9%20cr%C3%A8me&city=%E6%9D%B1%E4%BA%AC&tags%5B%5D=a&tags%5B%5D=b&page=2&per_page=50")!
let postForm = APIRequest(
    method: "POST", url: URL(string: "https://api.example.com/v1/users?site_id=10")!,
    form: [
        FormField("name", "Zoë Ångström"),
        FormField("email", "zoe@example.com"),
        FormField("bio", "Hello Ladies + Gentlemen, 100% signed!"),
        FormField("roles[]", "admin"),
        FormField("roles[]", "editor"),
    ]
)
let getSummary = "GET, 6 query params (2 percent-encoded UTF-8, an array tags[]=a&tags[]=b)"
let postSummary = "POST, 1 query param + 5-field form body (UTF-8, '+' and '%', an array roles[])"

/// The request shapes, in the order they are run and reported (`v2-get-query` is the
/// `--sign-only` default).
let workloads: [Workload] = [
    Workload(name: "v2-get-query", summary: getSummary + ", auth_* in the query", version: .v2, request: APIRequest(url: getURL)),
    Workload(name: "v2-post-form", summary: postSummary + ", auth_* in the body", version: .v2, request: postForm),
    Workload(name: "v4-get-query", summary: getSummary + ", X-Auth-* headers (PHP written from the protocol, no seed PHP)", version: .v4, request: APIRequest(url: getURL)),
    Workload(name: "v4-post-form", summary: postSummary + ", X-Auth-* headers (PHP written from the protocol, no seed PHP)", version: .v4, request: postForm),
]

// MARK: Command line

/// `--workload a,b,…` or every workload; `--sign-only` runs the first.
let selected = selectedWorkloads(workloads, name: \.name)

/// The verifier's answer to `request` now: `verified`, or the reference backend's words for the refusal.
func answer(_ request: ReceivedRequest, _ verifier: AFSignedVerifier) -> String {
    do throws(AFSignedError) {
        _ = try verifier.verifySignatureWithKnownClients(AFSignedIncomingRequest(request), now: Date())
        return "verified"
    } catch {
        return error.providerMessage ?? error.message
    }
}

/// One operation: reading and verifying the request as a backend does per request, at the
/// system clock's time; returns a value so the work cannot be dropped (0 when it failed).
@inline(never) func runOnce(_ operation: Operation) -> Int {
    switch operation {
    case .verify(let request, let verifier):
        guard let incoming = try? AFSignedIncomingRequest(request),
              let verified = try? verifier.verifySignatureWithKnownClients(incoming, now: Date())
        else { return 0 }
        return verified.timestamp
    case .bareHMAC(let key, let bytes):
        return Int(key.authenticationCode(for: bytes)[0]) | 1
    }
}

/// The bytes the verifier signs for `request`: the reference's message.
func stringToSign(_ request: ReceivedRequest, _ version: AFSignedVersion) throws -> [UInt8] {
    let incoming = try AFSignedIncomingRequest(request)
    return try AFSignedCanonicalForm.bytes(version: version, method: incoming.method, path: incoming.path, query: incoming.query, body: incoming.body)
}

/// The workload's prepared operation (its bare-HMAC reference when `reference` is set), or
/// exit 1 naming why it cannot be.
func prepare(_ workload: Workload, reference: Bool = false) -> Operation {
    do {
        let request = try workload.received
        if reference {
            return .bareHMAC(HMAC<SHA256>(key: Array(credentials.clientSecret.utf8)), try stringToSign(request, workload.version))
        }
        return .verify(request, workload.verifier)
    } catch {
        fail("\(workload.name): AFSignedSigner cannot sign the request: \(error)", status: 1)
    }
}

if let count = option("--sign-only").flatMap(Int.init) {
    let operation = prepare(selected[0], reference: CommandLine.arguments.contains("--reference"))
    var total = 0
    for _ in 0..<count { total &+= runOnce(operation) > 0 ? 1 : 0 }
    exit(total == count ? 0 : 1)
}

let seconds = option("--seconds").flatMap(Double.init) ?? 2
let roundSeconds = seconds / 2

// MARK: PHP peer

/// The reference backend's PHP, the one copy the peer tests also run.
let referencePHP = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../IntegrationTests/Peers/afsigned_reference.php").standardizedFileURL

let php = #"""
<?php
// The reference backend's verification (IntegrationTests/Peers/afsigned_reference.php, the one
// copy of its lines, whose path is argv[2]), per request, on raw requests given as JSON in
// argv[1]; then, for each line "NAME SECONDS" on stdin, verifies NAME's request for about
// SECONDS of CPU time and prints "COUNT SECONDS".
require $argv[2];
$config = json_decode($argv[1], true);
$client_id = $config['client_id'];
$client_secret = $config['client_secret'];

// What PHP's SAPI does before a script runs: $_GET from the query, $_POST from a form body.
function received($request, $target) {
    $parts = explode('?', $target, 2);
    parse_str($parts[1] ?? '', $get);
    $post = array();
    if (stripos($request['server']['CONTENT_TYPE'] ?? '', 'application/x-www-form-urlencoded') === 0) {
        parse_str($request['body'], $post);
    }
    return array($parts[0], $get, $post);
}

// Version 2: the reference backend's own function on the request as PHP receives it.
function verify_v2($request, $target, $client_id, $client_secret) {
    list($path, $get, $post) = received($request, $target);
    return afsigned_verify_v2($request['method'], $path, $get, $post, $client_id, $client_secret);
}

// Version 4 (no seed PHP; written from the protocol): an array value as compact JSON, a list
// (keys 0, 1, … in order) as an array, any other array as an object with its keys sorted by
// their bytes, at every level; '/' and non-ASCII text unescaped.
function v4_json_value($value) {
    foreach ($value as $key => $item) {
        if (is_array($item)) {
            $value[$key] = v4_json_value($item);
        }
    }
    if (array_is_list($value)) {
        return $value;
    }
    ksort($value, SORT_STRING);
    return (object)$value;
}

function v4_json($value) {
    return json_encode(v4_json_value($value), JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_LINE_TERMINATORS);
}

// Version 4: the same checks on the X-Auth-* headers; `rawurlencode`d key=value pairs sorted
// by the keys' bytes, the path as sent, nothing decoded.
function verify_v4($request, $target, $client_id, $client_secret) {
    $server = $request['server'];
    $auth_version = $server['HTTP_X_AUTH_VERSION'] ?? null;
    $auth_client_id = $server['HTTP_X_AUTH_CLIENT_ID'] ?? null;
    $auth_signature = $server['HTTP_X_AUTH_SIGNATURE'] ?? null;
    $auth_timestamp = $server['HTTP_X_AUTH_TIMESTAMP'] ?? null;

    if ($auth_version != "4") {
        throw new Exception('Incorrect client version');
    }

    if ($auth_client_id != $client_id) {
        throw new Exception('Incorrect client id');
    }

    if ($auth_timestamp <= time() - (60*60*12) || $auth_timestamp >= time() + 60*60*12) {
        throw new Exception('Incorrect auth timestamp');
    }

    list($path, $get, $post) = received($request, $target);
    $params = array_merge($get, $post);
    foreach ($params as $key => $value) {
        if (substr($key, 0, 5)=='auth_') {
            unset($params[$key]);
        }
    }
    ksort($params, SORT_STRING);

    $pieces = array();
    foreach ($params as $key => $value) {
        $pieces[] = rawurlencode((string)$key) . '=' . rawurlencode(is_array($value) ? v4_json($value) : $value);
    }

    $signatureString = $request['method'] . "\n" . $path . "\n" . implode('&', $pieces);
    $checksum = hash_hmac('sha256', $signatureString, $client_secret);

    if (!is_string($auth_signature) || !hash_equals($checksum, strtolower($auth_signature))) {
        throw new Exception('Incorrect auth signature ' . $signatureString);
    }
    return $signatureString;
}

function verify($request, $target, $client_id, $client_secret) {
    return $request['version'] === '2'
        ? verify_v2($request, $target, $client_id, $client_secret)
        : verify_v4($request, $target, $client_id, $client_secret);
}

function answer($request, $target, $client_id, $client_secret) {
    try {
        return array('verified', base64_encode(verify($request, $target, $client_id, $client_secret)));
    } catch (Exception $e) {
        return array($e->getMessage(), '');
    }
}

function cpu_time() {
    $usage = getrusage();
    return $usage['ru_utime.tv_sec'] + $usage['ru_stime.tv_sec'] + ($usage['ru_utime.tv_usec'] + $usage['ru_stime.tv_usec']) * 1e-6;
}

$status = function_exists('opcache_get_status') ? opcache_get_status(false) : false;
$answers = array();
foreach ($config['workloads'] as $name => $request) {
    list($signed, $string) = answer($request, $request['target'], $client_id, $client_secret);
    list($tampered) = answer($request, $request['tampered_target'], $client_id, $client_secret);
    $answers[$name] = array('signed' => $signed, 'string' => $string, 'tampered' => $tampered);
}
echo json_encode(array(
    'php' => PHP_VERSION,
    'opcache' => $status !== false && $status['opcache_enabled'],
    'jit' => $status !== false && ($status['jit']['on'] ?? false),
    'answers' => $answers,
), JSON_INVALID_UTF8_SUBSTITUTE), "\n";

while (($line = fgets(STDIN)) !== false) {
    list($name, $seconds) = explode(' ', trim($line));
    $request = $config['workloads'][$name];
    $target = $request['target'];
    $count = 0;
    $start = cpu_time();
    while (cpu_time() - $start < (float)$seconds) {
        for ($i = 0; $i < 20; $i++) {
            if (strlen(verify($request, $target, $client_id, $client_secret)) > 0) {
                $count++;
            }
        }
    }
    echo $count, ' ', cpu_time() - $start, "\n";
}
"""#

/// The PHP verification in a php-cli process (OPcache on, as the reference backend's `php -S` and a
/// production server run it; the JIT at PHP's default, off) that measures one slice each time
/// it is asked, so Swift and PHP slices interleave and see the same machine load.
final class PHPPeer {
    /// What the peer answered for a workload's signed and tampered requests.
    struct Answers {
        var signed: String
        /// The string it signed for the signed request, base64 (empty when refused).
        var string: String
        var tampered: String
    }

    private let process: PeerProcess
    private let script: URL
    /// Its answers per workload's name.
    private(set) var answers: [String: Answers] = [:]
    /// `PHP 8.2.x, OPcache on, JIT off`.
    private(set) var description = ""

    /// The peer, or `nil` when php-cli cannot run (`missing` says whether it is not installed).
    init?(workloads: [Workload], missing: inout Bool) {
        script = FileManager.default.temporaryDirectory.appendingPathComponent("afsigned-benchmarks-\(ProcessInfo.processInfo.processIdentifier).php")
        guard (try? Data(php.utf8).write(to: script)) != nil,
              let described = try? Dictionary(uniqueKeysWithValues: workloads.map { ($0.name, try $0.peerDescription) }),
              let config = try? JSONSerialization.data(withJSONObject: [
                  "client_id": credentials.clientID, "client_secret": credentials.clientSecret, "workloads": described,
              ] as [String: Any]),
              let process = PeerProcess(["php", "-d", "opcache.enable_cli=1", script.path, String(decoding: config, as: UTF8.self), referencePHP.path])
        else { return nil }
        self.process = process
        guard let line = process.readLine(), let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let version = object["php"] as? String, let replies = object["answers"] as? [String: [String: String]]
        else {
            // env exits 127 when it finds no php.
            missing = process.stop() == 127
            try? FileManager.default.removeItem(at: script)
            return nil
        }
        description = "PHP \(version), OPcache \(object["opcache"] as? Bool == true ? "on" : "off"), JIT \(object["jit"] as? Bool == true ? "on" : "off")"
        for (name, reply) in replies {
            answers[name] = Answers(signed: reply["signed"] ?? "", string: reply["string"] ?? "", tampered: reply["tampered"] ?? "")
        }
    }

    /// The PHP verifications and the CPU time they took, over about `seconds`.
    func measure(_ workload: Workload, seconds: Double) -> Sample? {
        process.measure(workload.name, seconds: seconds)
    }

    func stop() {
        process.stop()
        try? FileManager.default.removeItem(at: script)
    }
}

// MARK: Measurements

/// The Swift side's operations over about `seconds` of thread CPU time.
func measureSwift(_ operation: Operation, seconds: Double) -> Sample {
    // Operations between clock readings: about 0.1 ms of work.
    let batch = switch operation {
    case .verify: 20
    case .bareHMAC: 200
    }
    return measureCPU(batch: batch, seconds: seconds) { runOnce(operation) }
}

/// The length of the string to sign a bare-HMAC reference hashes.
func stringLength(_ operation: Operation) -> Int {
    if case .bareHMAC(_, let bytes) = operation { return bytes.count }
    return 0
}
/// Whether `value` reaches the target: "target ≥ 30x: met".
func verdict(_ value: Double) -> String { "target ≥ \(Int(target))x: \(value >= target ? "met" : "NOT met")" }

// MARK: Run

say("AFSignedVerifier against the reference PHP backend verification (php-cli): ReceivedRequest → AFSignedIncomingRequest + verifySignature(now:), per request")
say("\(selected.count) workload(s); per workload \(rounds) rounds of \(roundSeconds) s thread CPU time per side in \(slices) alternating slices; ratio = median of rounds")

// 1. Both sides accept the signed request with the same string to sign and refuse it tampered
// (a benchmark of a wrong verifier is worthless).
var phpMissing = false
let peer = PHPPeer(workloads: selected, missing: &phpMissing)
let operations = Dictionary(uniqueKeysWithValues: selected.map { ($0.name, prepare($0)) })
if let peer {
    say("  peer: \(peer.description); version 4's PHP is written from the protocol (the reference backend has none)")
    var mismatches = 0
    for workload in selected {
        let signed: ReceivedRequest, tampered: ReceivedRequest, string: [UInt8]
        do {
            (signed, tampered) = (try workload.received, try workload.tampered)
            string = try stringToSign(signed, workload.version)
        } catch {
            fail("\(workload.name): AFSignedSigner cannot sign the request: \(error)", status: 1)
        }
        let theirs = peer.answers[workload.name] ?? PHPPeer.Answers(signed: "(none)", string: "", tampered: "(none)")
        let ours = (signed: answer(signed, workload.verifier), tampered: answer(tampered, workload.verifier))
        let accepts = ours.signed == "verified" && theirs.signed == "verified"
        let sameString = theirs.string == Data(string).base64EncodedString()
        let refuses = ours.tampered != "verified" && theirs.tampered.hasPrefix(ours.tampered)
        say("  \(workload.name): both verify the signed request: \(accepts ? "yes" : "NO (ours \(ours.signed), PHP \(theirs.signed))"); "
            + "same string to sign: \(sameString ? "yes" : "NO")"
            + "; both refuse it with a parameter added: \(refuses ? "yes (\(ours.tampered))" : "NO (ours \(ours.tampered), PHP \(theirs.tampered.prefix(60)))")")
        if !(accepts && sameString && refuses) { mismatches += 1 }
    }
    if mismatches > 0 {
        peer.stop()
        fail("\(mismatches) workload(s) disagree with the reference PHP backend; not benchmarking a wrong verifier", status: 1)
    }
} else if phpMissing {
    say("  php-cli not found; Swift side measured alone (apt-get install php-cli)")
} else {
    say("  php-cli did not start the peer script; Swift side measured alone")
}

// 2. Throughput: every workload's Swift, bare-HMAC and PHP sides in alternating slices, round
// after round (BenchmarkHarness.measureInRounds).
let references = Dictionary(uniqueKeysWithValues: selected.map { ($0.name, prepare($0, reference: true)) })
let sides = selected.map { workload in
    Sides(
        ours: { measureSwift(operations[workload.name]!, seconds: $0) },
        bare: { measureSwift(references[workload.name]!, seconds: $0) },
        peer: peer.map { peer in { peer.measure(workload, seconds: $0) } }
    )
}
let rates = Dictionary(uniqueKeysWithValues: zip(selected.map(\.name), measureInRounds(sides, rounds: rounds, slices: slices, seconds: roundSeconds)))
peer?.stop()

// 3. Allocations, then the report.
let counter = AllocationCounter()
var summary: [(name: String, ratio: Double?, hmacCost: Double, allocations: Double?)] = []
for workload in selected {
    say("\n[\(workload.name)] \(workload.summary)")
    let ours = rates[workload.name]!.ours
    say("  " + "AFSignedVerifier:".padding(toLength: 25, withPad: " ", startingAt: 0) + String(format: " %8.0f verifications/s  (%.2f µs each, median)", median(ours), 1e6 / median(ours)))
    var medianRatio: Double?
    let theirs = rates[workload.name]!.peer
    if theirs.count == ours.count {
        let ratios = zip(ours, theirs).map { $0 / $1 }
        medianRatio = median(ratios)
        let label = workload.version == .v2 ? "reference PHP backend (php-cli):" : "v4 PHP (php-cli):"
        say("  " + label.padding(toLength: 25, withPad: " ", startingAt: 0) + String(format: " %8.0f verifications/s  (%.2f µs each, median)", median(theirs), 1e6 / median(theirs)))
        say("  ratio per round:          " + ratios.map(ratio).joined(separator: " "))
        say("  ratio (median):           \(ratio(median(ratios)))  (\(verdict(median(ratios))))")
    } else if peer != nil {
        say("  PHP: the php-cli peer stopped answering")
    }
    let bare = rates[workload.name]!.bare
    let costs = zip(bare, ours).map { $0 / $1 }
    say("  " + "bare HMAC-SHA256:".padding(toLength: 25, withPad: " ", startingAt: 0) + String(format: " %8.0f HMACs/s", median(bare))
        + String(format: "  (%.2f µs each over the %d-byte string to sign, median)", 1e6 / median(bare), stringLength(references[workload.name]!)))
    say("  cost in bare HMACs:       " + costs.map(ratio).joined(separator: " ") + "  median \(ratio(median(costs)))  (informative)")
    var allocations: Double?
    if let counted = counter?.perOperation(workload.name, runs: workload.allocationRuns) {
        allocations = counted.perOperation
        let runs = workload.allocationRuns
        say(String(format: "  heap allocations:         %.1f per operation  (valgrind: %d allocs for %d operations, %d for %d)",
                   counted.perOperation, counted.small, runs.small, counted.large, runs.large))
    } else {
        say("  heap allocations:     not measured (valgrind or strip missing: apt-get install valgrind binutils)")
    }
    summary.append((workload.name, medianRatio, median(costs), allocations))
}
counter?.remove()

say("\nSummary (ratio = AFSignedVerifier ÷ PHP; cost = one verification in bare HMAC-SHA256s of its string to sign; medians of \(rounds) rounds)")
let width = selected.map(\.name.count).max() ?? 0
for row in summary {
    let name = row.name.padding(toLength: width, withPad: " ", startingAt: 0)
    let ratioText = row.ratio.map(ratio) ?? "—"
    let allocationText = row.allocations.map { String(format: "%.1f allocs/operation", $0) } ?? "allocations not measured"
    let verdictText = row.ratio.map(verdict) ?? "not compared"
    say("  \(name)  \(ratioText.leftPadded(to: 6))  \(verdictText.padding(toLength: 22, withPad: " ", startingAt: 0))  \("cost \(ratio(row.hmacCost))".padding(toLength: 12, withPad: " ", startingAt: 0))  \(allocationText)")
}

extension String {
    func leftPadded(to length: Int) -> String { String(repeating: " ", count: max(0, length - count)) + self }
}
