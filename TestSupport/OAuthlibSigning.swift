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
