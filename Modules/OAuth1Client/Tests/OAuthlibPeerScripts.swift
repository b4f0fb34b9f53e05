import TestSupport

/// The Python halves of the oauthlib differential tests (run by ``PythonPeer``).
enum OAuthlibPeerScripts {
    /// Signs each case with oauthlib's `Client.sign` (the shared loop of ``OAuthlibSigning``).
    static let sign = OAuthlibSigning.script(makeClient: """
        oauth1.Client(
                    case["consumer_key"], client_secret=case["consumer_secret"],
                    resource_owner_key=case.get("token"), resource_owner_secret=case.get("token_secret"),
                    callback_uri=case.get("callback"), verifier=case.get("verifier"),
                    signature_method=case["signature_method"], signature_type=signature_type,
                    nonce=case["nonce"], timestamp=case["timestamp"], realm=case.get("realm"))
        """)

    /// Verifies each case with oauthlib's `ResourceEndpoint` and a permissive `RequestValidator`
    /// that knows the case's secrets: only the signature and the request's form are judged.
    static let verify = "import sys, json\n" + OAuthlibSigning.permissiveValidator + #"""

class Validator(PermissiveValidator):
    allowed_signature_methods = ("HMAC-SHA1", "HMAC-SHA256", "HMAC-SHA512", "PLAINTEXT")
    def get_client_secret(self, key, request): return self.case["consumer_secret"]
    def get_access_token_secret(self, key, token, request): return self.case["token_secret"]

for line in sys.stdin:
    case = json.loads(line)
    endpoint = ResourceEndpoint(Validator(case))
    headers = {k: v for k, v in case["headers"].items()}
    try:
        valid, request = endpoint.validate_protected_resource_request(
            case["url"], http_method=case["method"], body=case["body"], headers=headers)
        detail = None
        if not valid:
            detail = str(request.validator_log) if request is not None else "rejected"
            try:
                r = endpoint._create_request(case["url"], case["method"], case["body"], headers)
                endpoint._check_mandatory_parameters(r)
            except Exception as error:
                detail = repr(error)
        print(json.dumps({"valid": bool(valid), "detail": detail}))
    except Exception as error:
        print(json.dumps({"valid": False, "detail": repr(error)}))
"""#
}
