/// The Python half of the differential tests against `http-message-signatures` (PyPI, pinned
/// in .ci/requirements.txt), run once per direction by `PythonPeer.batch`: one JSON case per
/// line in, one JSON answer per line out.
///
/// Each case is a request (method, URL, header lines in order, body in Base64), the key, the
/// time the verifier runs at (`now`: the library's clock is replaced, never the wall clock) and
/// a tampering of the request that must change what was signed. Header values travel as the
/// UTF-8 text this package holds; the script hands the library their bytes as Latin-1 text, the
/// library's own representation of field bytes (`_messages.py`, `_HeaderFields.from_raw`).
///
/// - `"op": "verify"`: the case carries `Signature-Input`/`Signature` (signed here); the library
///   verifies it and its tampered copy, and reports the signature base it built.
/// - `"op": "sign"`: the library signs the case, verifies its own signature and the tampered
///   copy, and returns the header lines it added and its signature base.
enum PeerScripts {
    static let script = #"""
import sys, json, base64, datetime as _datetime
import http_message_signatures as hms
from http_message_signatures import algorithms, signatures, InvalidSignature, HTTPMessageSignaturesException
from cryptography.hazmat.primitives.serialization import load_pem_private_key, load_pem_public_key

ALGORITHMS = {
    "hmac-sha256": algorithms.HMAC_SHA256, "ed25519": algorithms.ED25519,
    "ecdsa-p256-sha256": algorithms.ECDSA_P256_SHA256, "ecdsa-p384-sha384": algorithms.ECDSA_P384_SHA384,
    "rsa-pss-sha512": algorithms.RSA_PSS_SHA512, "rsa-v1_5-sha256": algorithms.RSA_V1_5_SHA256,
}

# The library reads the time through the `datetime` module it imported; each case sets it.
class FixedDateTime(_datetime.datetime):
    fixed = None
    @classmethod
    def now(cls, tz=None):
        return cls.fixed
class Clock:
    datetime = FixedDateTime
    timezone = _datetime.timezone
    timedelta = _datetime.timedelta
signatures.datetime = Clock

def to_latin1(text):
    return text.encode("utf-8").decode("latin-1")

def from_latin1(text):
    return text.encode("latin-1").decode("utf-8", "replace")

class Headers:
    """Field lines in order, repeated names kept (the library's `_Headers` interface)."""
    def __init__(self, pairs):
        self.pairs = [(name, value) for name, value in pairs]
    def items(self):
        return list(self.pairs)
    def __iter__(self):
        return iter(dict.fromkeys(name for name, _ in self.pairs))
    def __contains__(self, name):
        return any(n.lower() == name.lower() for n, _ in self.pairs)
    def __setitem__(self, name, value):
        self.pairs = [(n, v) for n, v in self.pairs if n.lower() != name.lower()] + [(name, value)]
    def __delitem__(self, name):
        self.pairs = [(n, v) for n, v in self.pairs if n.lower() != name.lower()]

class Request:
    def __init__(self, method, url, pairs):
        self.method = method
        self.url = url
        self.headers = Headers(pairs)

# Loaded once per PEM (loading an RSA private key checks it, which costs more than signing).
loaded_keys = {}

def key_material(case, public):
    if case["alg"] == "hmac-sha256":
        return base64.b64decode(case["secret"])
    pem = (case["public_pem"] if public else case["private_pem"]).encode()
    if (pem, public) not in loaded_keys:
        loaded_keys[(pem, public)] = load_pem_public_key(pem) if public else load_pem_private_key(pem, password=None)
    return loaded_keys[(pem, public)]

def resolver(case):
    keys = {case["keyid"]: key_material(case, True)}
    private = {case["keyid"]: key_material(case, False)}
    return hms.MappingKeyResolver(public_keys=keys, private_keys=private)

def tampered(method, url, pairs, body, tamper):
    kind = tamper["kind"]
    pairs = list(pairs)
    if kind == "method":
        method = tamper["value"]
    elif kind == "url":
        url = tamper["value"]
    elif kind == "body":
        body = base64.b64decode(tamper["value"])
    elif kind == "header":
        wanted, seen = tamper["name"].lower(), 0
        for index, (name, value) in enumerate(pairs):
            if name.lower() == wanted:
                if seen == tamper["index"]:
                    pairs[index] = (name, to_latin1(tamper["value"]))
                seen += 1
    return method, url, pairs, body

def verify(case, method, url, pairs, body):
    """(valid, error, base) for one request, at the case's `now`."""
    FixedDateTime.fixed = FixedDateTime.fromtimestamp(case["now"], tz=_datetime.timezone.utc)
    request = Request(method, url, pairs)
    verifier = hms.HTTPMessageVerifier(signature_algorithm=ALGORITHMS[case["alg"]], key_resolver=resolver(case))
    base = None
    try:
        inputs = verifier._parse_dict_header("Signature-Input", hms.structures.get_header_fields(request.headers))
        chosen = inputs[case["label"]]
        base, _, _ = verifier._build_signature_base(request, covered_component_ids=list(chosen), signature_params=chosen.params)
    except Exception as error:
        base = None
    try:
        verifier.verify(request, max_age=_datetime.timedelta(seconds=300), expect_tag=case.get("tag"), body=body)
        return True, None, base
    except (InvalidSignature, HTTPMessageSignaturesException) as error:
        cause = error.__cause__
        return False, repr(error) + (" caused by " + repr(cause) if cause is not None else ""), base

def answer_verify(case):
    pairs = [(name, to_latin1(value)) for name, value in case["headers"]]
    body = base64.b64decode(case["body"])
    valid, error, base = verify(case, case["method"], case["url"], pairs, body)
    t_valid, t_error, _ = verify(case, *tampered(case["method"], case["url"], pairs, body, case["tamper"]))
    return {"valid": valid, "error": error, "base": base, "tampered_valid": t_valid, "tampered_error": t_error}

def answer_sign(case):
    pairs = [(name, to_latin1(value)) for name, value in case["headers"]]
    body = base64.b64decode(case["body"])
    request = Request(case["method"], case["url"], pairs)
    signer = hms.HTTPMessageSigner(signature_algorithm=ALGORITHMS[case["alg"]], key_resolver=resolver(case))
    utc = _datetime.timezone.utc
    expires = case.get("expires")
    try:
        prepared = signer.prepare(
            request, key_id=case["keyid"], created=_datetime.datetime.fromtimestamp(case["created"], tz=utc),
            expires=_datetime.datetime.fromtimestamp(expires, tz=utc) if expires is not None else None,
            nonce=case.get("nonce"), label=case["label"], tag=case.get("tag"), include_alg=case["include_alg"],
            covered_component_ids=case["components"], body=body if case["digest"] != "none" else None,
            use_existing_digest=case["digest"] == "existing")
        signature = ALGORITHMS[case["alg"]](private_key=key_material(case, False)).sign(prepared.signature_base)
        signer.apply(request, prepared, signature, append_if_signature_exists=True)
    except Exception as error:
        return {"error": repr(error) + (" caused by " + repr(error.__cause__) if error.__cause__ is not None else "")}
    signed = request.headers.items()
    valid, error, _ = verify(case, case["method"], case["url"], signed, body)
    t_valid, t_error, _ = verify(case, *tampered(case["method"], case["url"], signed, body, case["tamper"]))
    return {
        "headers": [[name, from_latin1(value)] for name, value in signed],
        "base": prepared.signature_base.decode("ascii"),
        "valid": valid, "error": error, "tampered_valid": t_valid, "tampered_error": t_error,
    }

for line in sys.stdin:
    case = json.loads(line)
    try:
        result = answer_sign(case) if case["op"] == "sign" else answer_verify(case)
    except Exception as error:
        result = {"error": "peer script: " + repr(error), "valid": False, "tampered_valid": False}
    print(json.dumps(result), flush=False)
"""#
}
