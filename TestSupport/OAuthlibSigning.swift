/// The oauthlib half of the OAuth 1.0a signing differential tests, shared by OAuth1Client's
/// (HMAC, PLAINTEXT) and OAuth1RSA's (RSA-SHA*): each case signed with oauthlib's
/// `Client.sign`, then its base string recomputed with oauthlib's own parameter collection over
/// the signed request; one ``OAuthlibSigningResult`` per line.
public enum OAuthlibSigning {
    /// The script: `prelude` (imports and definitions the client needs), then a loop over JSON
    /// cases on standard input, each signed by the client `makeClient` (a Python expression of
    /// `case` and `signature_type`) builds.
    public static func script(prelude: String = "", makeClient: String) -> String {
        #"""
import sys, json
from urllib.parse import urlparse
from oauthlib import oauth1
from oauthlib.oauth1.rfc5849 import signature as sig
\#(prelude)
TYPES = {"header": oauth1.SIGNATURE_TYPE_AUTH_HEADER, "query": oauth1.SIGNATURE_TYPE_QUERY, "body": oauth1.SIGNATURE_TYPE_BODY}
for line in sys.stdin:
    case = json.loads(line)
    try:
        signature_type = TYPES[case["transmission"]]
        client = \#(makeClient)
        headers = {}
        if case.get("content_type"):
            headers["Content-Type"] = case["content_type"]
        uri, headers, body = client.sign(case["url"], http_method=case["method"], body=case.get("body"), headers=headers)
        content_type = headers.get("Content-Type")
        form = body if body is not None and content_type and "application/x-www-form-urlencoded" in content_type else None
        params = sig.collect_parameters(uri_query=urlparse(uri).query, body=form, headers=headers)
        base = sig.signature_base_string(case["method"], sig.base_string_uri(uri), sig.normalize_parameters(params))
        print(json.dumps({"url": uri, "authorization": headers.get("Authorization"), "content_type": content_type,
                          "body": body, "base_string": base, "error": None}))
    except Exception as error:
        print(json.dumps({"url": None, "authorization": None, "content_type": None, "body": None, "base_string": None,
                          "error": repr(error)}))
"""#
    }
}

extension OAuthlibSigning {
    /// The verifying half's `RequestValidator` base class, `PermissiveValidator(case)`: every
    /// client, token, nonce, realm and timestamp accepted, so that only the signature and the
    /// request's form are judged. A script subclasses it with its `allowed_signature_methods`
    /// and key look-ups (`get_client_secret`, `get_rsa_key`, …).
    public static let permissiveValidator = #"""
from oauthlib.oauth1 import RequestValidator, ResourceEndpoint

class PermissiveValidator(RequestValidator):
    enforce_ssl = False
    timestamp_lifetime = 10 ** 11
    dummy_client = "dummy"
    dummy_access_token = "dummy"
    def __init__(self, case):
        super().__init__()
        self.case = case
    def check_client_key(self, key): return True
    def check_access_token(self, token): return True
    def check_nonce(self, nonce): return True
    def check_realms(self, realms): return True
    def validate_client_key(self, key, request): return True
    def validate_access_token(self, key, token, request): return True
    def validate_timestamp_and_nonce(self, *args, **kwargs): return True
    def validate_realms(self, *args, **kwargs): return True
"""#
}

/// oauthlib's answer to a signing case: the signed request, its base string, or why it could
/// not sign.
public struct OAuthlibSigningResult: Codable, Sendable {
    public var url: String?
    public var authorization: String?
    public var contentType: String?
    public var body: String?
    public var baseString: String?
    public var error: String?

    enum CodingKeys: String, CodingKey {
        case url, authorization, body, error
        case contentType = "content_type", baseString = "base_string"
    }
}
