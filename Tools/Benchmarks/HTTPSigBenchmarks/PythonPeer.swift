import BenchmarkHarness
import Foundation
import HTTPMessageSignatures

/// Python's `http-message-signatures` (PyPI, with `cryptography`) signing and verifying the
/// same request with the same hmac-sha256 secret, in a long-lived `python3` that times one
/// slice of a workload each time it is asked (BenchmarkHarness.PeerProcess), so Swift and
/// Python slices alternate and see the same machine load.
///
/// Signing is the library's `HTTPMessageSigner.sign` on a new request object each time (the
/// signer made once, `created` now, a fresh `secrets.token_urlsafe(24)` nonce: 32 characters,
/// as this package's; `Content-Digest` computed from `body=`). Verifying is
/// `HTTPMessageVerifier.verify(request, max_age=…, body=…)` on the request as signed here,
/// the verifier made once: signature, window and `Content-Digest` against the body.
final class PythonPeer {
    private let process: PeerProcess
    /// The fields Python added for the fixed nonce and time (`Content-Digest`,
    /// `Signature-Input`, `Signature`), and its answers to the signed and the tampered request.
    let fixedFields: [String: String]
    let verifiedAnswer: String
    let tamperedAnswer: String

    static let script = #"""
import sys, json, base64, secrets, datetime
import http_message_signatures as hms
from http_message_signatures import algorithms

config = json.loads(sys.argv[1])
secret = base64.b64decode(config["secret"])
body = base64.b64decode(config["body"])
keyid, components = config["keyid"], config["components"]
resolver = hms.MappingKeyResolver(public_keys={keyid: secret}, private_keys={keyid: secret})
signer = hms.HTTPMessageSigner(signature_algorithm=algorithms.HMAC_SHA256, key_resolver=resolver)
verifier = hms.HTTPMessageVerifier(signature_algorithm=algorithms.HMAC_SHA256, key_resolver=resolver)
max_age = datetime.timedelta(hours=1)

class Headers:
    """Field lines in order (the interface the library's signer and verifier use)."""
    def __init__(self, pairs):
        self.pairs = list(pairs)
    def items(self):
        return self.pairs
    def __iter__(self):
        return iter(dict.fromkeys(name for name, _ in self.pairs))
    def __contains__(self, name):
        return any(n.lower() == name.lower() for n, _ in self.pairs)
    def __setitem__(self, name, value):
        self.pairs = [(n, v) for n, v in self.pairs if n.lower() != name.lower()] + [(name, value)]
    def __delitem__(self, name):
        self.pairs = [(n, v) for n, v in self.pairs if n.lower() != name.lower()]

class Request:
    def __init__(self, pairs):
        self.method = config["method"]
        self.url = config["url"]
        self.headers = Headers(pairs)

unsigned = [tuple(pair) for pair in config["headers"]]
signed = [tuple(pair) for pair in config["signed_headers"]]

def sign(created=None, nonce=None):
    request = Request(unsigned)
    signer.sign(request, key_id=keyid, created=created, nonce=nonce if nonce is not None else secrets.token_urlsafe(24),
                label="sig1", include_alg=False, covered_component_ids=components, body=body)
    return request

def verify(content=body):
    return verifier.verify(Request(signed), max_age=max_age, body=content)

def answer(operation):
    try:
        operation()
        return "verified"
    except Exception as error:
        return "refused: " + repr(error)

utc = datetime.timezone.utc
fixed = sign(created=datetime.datetime.fromtimestamp(config["created"], tz=utc), nonce=config["nonce"])
print(json.dumps({
    "fields": {name: value for name, value in fixed.headers.items() if name in ("Content-Digest", "Signature-Input", "Signature")},
    "verified": answer(verify), "tampered": answer(lambda: verify(body + b" ")),
}), flush=True)

operations = {"hmac-sha256-sign": sign, "hmac-sha256-verify": verify}
"""# + PeerProcess.pythonSlices

    /// Starts the peer on the typical request, given the headers of the request signed here
    /// that it verifies; `nil` when python3 or the library is missing.
    init?(signedHeaders: [(name: String, value: String)]) {
        let config: [String: Any] = [
            "secret": Data(Keys.secret).base64EncodedString(),
            "body": Data(TypicalRequest.body).base64EncodedString(),
            "keyid": TypicalRequest.keyID,
            "components": TypicalRequest.components.map(\.name),
            "method": TypicalRequest.method,
            "url": TypicalRequest.url,
            "headers": [["Content-Type", TypicalRequest.contentType]],
            "signed_headers": signedHeaders.map { [$0.name, $0.value] },
            "created": TypicalRequest.fixedCreated,
            "nonce": TypicalRequest.fixedNonce,
        ]
        guard let json = try? JSONSerialization.data(withJSONObject: config),
              let process = PeerProcess(["python3", "-c", Self.script, String(decoding: json, as: UTF8.self)])
        else { return nil }
        guard let line = process.readLine(), let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let fields = object["fields"] as? [String: String], let verified = object["verified"] as? String, let tampered = object["tampered"] as? String
        else {
            process.stop()
            return nil
        }
        self.process = process
        fixedFields = fields
        verifiedAnswer = verified
        tamperedAnswer = tampered
    }

    /// The peer's operations of workload `name` and the CPU time they took, over about `seconds`.
    func measure(_ name: String, seconds: Double) -> Sample? {
        process.measure(name, seconds: seconds)
    }

    func stop() {
        process.stop()
    }
}
