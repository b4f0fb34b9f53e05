import TestSupport

/// The Python halves of the oauthlib RSA differential tests (run by `PythonPeer`, one process
/// per batch). Each script gets the test's keys as `KEYS`, a JSON list of
/// `{"private": PEM, "public": PEM}` (``RSAPeerKeys/json(_:)``), and cases by index into it.
enum OAuthlibRSAPeerScripts {
    /// What both scripts share: the keys, and `oauth_body_hash` with the method's own hash.
    private static func prelude(keys: String) -> String {
        #"""
import sys, json, base64, hashlib
from urllib.parse import urlparse
from jwt.algorithms import RSAAlgorithm
from oauthlib import oauth1
from oauthlib.oauth1.rfc5849 import signature as sig

KEYS = json.loads(r'''\#(keys)''')
HASHES = {"RSA-SHA1": "sha1", "RSA-SHA256": "sha256", "RSA-SHA512": "sha512"}

def body_hash(method, body):
    return base64.b64encode(hashlib.new(HASHES[method], body.encode("utf-8")).digest()).decode("ascii")

"""#
    }

    /// Signs each case with oauthlib's `Client.sign` (`RSA-SHA*`, `rsa_key`; the shared loop of
    /// ``OAuthlibSigning``).
    static func sign(keys: String) -> String {
        OAuthlibSigning.script(prelude: prelude(keys: keys) + #"""
class MethodHashClient(oauth1.Client):
    # oauthlib always hashes oauth_body_hash with SHA-1, whatever the signature method. The body
    # hash extension (and OAuth1Client) hash it with the method's hash (SHA-256 for RSA-SHA256,
    # SHA-512 for RSA-SHA512), so this client puts the method's hash of the same bytes in its place.
    def get_oauth_params(self, request):
        return [(name, body_hash(self.signature_method, request.body) if name == "oauth_body_hash" else value)
                for name, value in super().get_oauth_params(request)]

# oauthlib hands rsa_key to PyJWT's RSAAlgorithm.prepare_key at every signature, and that takes a
# loaded key as it is: each PEM is loaded once, by that same function, since loading (and
# validating) a 4096-bit private key costs about 0.3 s.
loaded = {}
def private_key(index):
    if index not in loaded:
        loaded[index] = RSAAlgorithm(RSAAlgorithm.SHA256).prepare_key(KEYS[index]["private"])
    return loaded[index]

"""#, makeClient: """
        (oauth1.Client if case["sha1_body_hash"] else MethodHashClient)(
                    case["consumer_key"], resource_owner_key=case.get("token"),
                    callback_uri=case.get("callback"), verifier=case.get("verifier"),
                    signature_method=case["signature_method"], signature_type=signature_type,
                    rsa_key=private_key(case["key"]), nonce=case["nonce"], timestamp=case["timestamp"], realm=case.get("realm"))
        """)
    }

    /// Verifies each request with oauthlib's `ResourceEndpoint` (which checks `RSA-SHA*` with
    /// `signature.verify_rsa_sha1/256/512` and the key `get_rsa_key` gives) and a permissive
    /// `RequestValidator`: only the signature and the request's form are judged. oauthlib does
    /// not check `oauth_body_hash`, so this script does, with the method's hash.
    static func verify(keys: String) -> String {
        prelude(keys: keys) + OAuthlibSigning.permissiveValidator + #"""

class Validator(PermissiveValidator):
    allowed_signature_methods = ("RSA-SHA1", "RSA-SHA256", "RSA-SHA512")
    def get_rsa_key(self, key, request): return KEYS[self.case["key"]]["public"]

for line in sys.stdin:
    case = json.loads(line)
    request = case["request"]
    headers = {}
    if request.get("authorization"):
        headers["Authorization"] = request["authorization"]
    if request.get("content_type"):
        headers["Content-Type"] = request["content_type"]
    try:
        valid, checked = ResourceEndpoint(Validator(case)).validate_protected_resource_request(
            request["url"], http_method=request["method"], body=request["body"], headers=headers)
        detail = None if valid else "signature: " + str(checked.validator_log if checked is not None else "rejected")
        if valid:
            received = checked.oauth_params.get("oauth_body_hash")
            if received is not None and received != body_hash(checked.signature_method, request["body"]):
                valid, detail = False, "oauth_body_hash does not match the body"
        print(json.dumps({"valid": bool(valid), "detail": detail}))
    except Exception as error:
        print(json.dumps({"valid": False, "detail": repr(error)}))
"""#
    }
}
