"""Independent peer for the `httpsig` mock: Python's `http-message-signatures` (RFC 9421) as
the client of a running `mock-servers --only httpsig`, with the demo keys of the ready file.

- Signs `GET /api/items?q=…` and `POST /api/items` (a JSON body covered through
  `content-digest`) with every algorithm: accepted, and each answer's own signature (by
  `serverPublicKey`: `@status`, `content-digest`, `"@method";req`, `"@target-uri";req`) verified
  by the library, which also refuses it as the answer to another request.
- Each refusal of the default policy with its status, problem `code`, `WWW-Authenticate` and
  `X-Mock-Reason`: changed after signing (the mock's `X-Signature-Base` must be the base the
  library builds for the request as it arrived), replayed with a nonce, expired, `created`
  outside the window or missing, wrong and unknown keys, `alg` disagreeing with the key, an
  uncovered body, each required component left out.
- As a Web Bot Auth agent: reads the key directory (its media type, each JWK's RFC 7638
  thumbprint, the directory's own signatures verified with the keys it lists), then signs with
  the directory's Ed25519 key (tag `web-bot-auth`, `Signature-Agent`, `@authority`,
  `created`/`expires`): accepted; too long an `expires`, or a rule of the profile broken: refused.

Usage: python3 httpsig_peer.py READY_FILE. Prints one line per check; exits 1 on the first
failure."""

import base64
import copy
import datetime
import hashlib
import json
import urllib.parse
import uuid

import http_sf
import requests
import http_message_signatures as hms
from http_message_signatures import InvalidSignature, algorithms
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat, load_pem_private_key, load_pem_public_key

from peer_common import check, ready_file

# The library's algorithm class and the ready file's credential prefix of each algorithm.
ALGORITHMS = {
    "hmac-sha256": (algorithms.HMAC_SHA256, "hmac"),
    "ed25519": (algorithms.ED25519, "ed25519"),
    "ecdsa-p256-sha256": (algorithms.ECDSA_P256_SHA256, "ecdsaP256"),
    "ecdsa-p384-sha384": (algorithms.ECDSA_P384_SHA384, "ecdsaP384"),
    "rsa-pss-sha512": (algorithms.RSA_PSS_SHA512, "rsaPss"),
    "rsa-v1_5-sha256": (algorithms.RSA_V1_5_SHA256, "rsaV15"),
}
# What the mock's answers are signed over, and the tags of Web Bot Auth and of the directory.
RESPONSE_COMPONENTS = ("@status", "content-digest", '"@method";req', '"@target-uri";req')
WEB_BOT_AUTH = "web-bot-auth"
DIRECTORY_TAG = "http-message-signatures-directory"
DIRECTORY_PATH = "/.well-known/http-message-signatures-directory"
DIRECTORY_MEDIA_TYPE = "application/http-message-signatures-directory+json"
AGENT = "https://peer-agent.example/.well-known/http-message-signatures-directory"
JSON_BODY = {"name": "Rooibos from the Python peer \u2615"}
QUERY_TEXT = "caf\u00e9 & \u2603 + 100% ~*'()"


class Peer:
    """The mock's base URL, its demo keys as the library loads them, and one HTTP session."""

    def __init__(self, info):
        self.base = info["baseURL"]
        creds = info["credentials"]
        self.keys = {}  # algorithm -> (keyid, private key or secret, public key or secret)
        for name, (_, prefix) in ALGORITHMS.items():
            if name == "hmac-sha256":
                secret = base64.b64decode(creds["hmacSecret"])
                self.keys[name] = (creds["hmacKeyId"], secret, secret)
            else:
                private = load_pem_private_key(creds[prefix + "PrivateKey"].encode(), password=None)
                self.keys[name] = (creds[prefix + "KeyId"], private, private.public_key())
        self.server_keyid = creds["serverKeyId"]
        self.server_key = load_pem_public_key(creds["serverPublicKey"].encode())
        self.session = requests.Session()
        self.session.trust_env = False  # no proxy from the environment between the peer and 127.0.0.1

    def prepare(self, method, path, params=None, body=None):
        """A request as requests prepares it (`body` a JSON value, sent as application/json)."""
        return requests.Request(method, self.base + path, params=params, json=body).prepare()

    def sign(self, request, alg, components, keyid=None, key=None, signer_class=hms.HTTPMessageSigner, body=None, **options):
        """Signs `request` in place with the demo key of `alg` (or `key` under `keyid`), label
        `sig1`, a fresh nonce unless `options` says otherwise; returns the prepared signature."""
        algorithm = ALGORITHMS[alg][0]
        demo_keyid, private, _ = self.keys[alg]
        keyid = keyid or demo_keyid
        resolver = hms.MappingKeyResolver(public_keys={}, private_keys={keyid: key if key is not None else private})
        signer = signer_class(signature_algorithm=algorithm, key_resolver=resolver)
        options.setdefault("nonce", uuid.uuid4().hex)
        options.setdefault("label", "sig1")
        prepared = signer.prepare(request, key_id=keyid, covered_component_ids=components, body=body, **options)
        signature = algorithm(private_key=resolver.resolve_private_key(keyid)).sign(prepared.signature_base)
        signer.apply(request, prepared, signature)
        return prepared

    def send(self, request):
        return self.session.send(request, allow_redirects=False)

    def verify_answer(self, response, what):
        """The library verifies the answer's signature by the server's key, binding it to the
        request it answers and to its content; then refuses it as the answer to another request."""
        verifier = hms.HTTPMessageVerifier(
            signature_algorithm=algorithms.ED25519,
            key_resolver=hms.MappingKeyResolver(public_keys={self.server_keyid: self.server_key}, private_keys={}))
        try:
            results = verifier.verify(response, require_components=RESPONSE_COMPONENTS, body=response.content)
            valid = len(results) == 1 and results[0].parameters.get("keyid") == self.server_keyid and results[0].body == response.content
        except InvalidSignature as error:
            valid = False
            what += " (%r, caused by %r)" % (error, error.__cause__)
        check(valid, what + ": the answer's signature verifies with serverPublicKey (@status, content-digest, @method;req, @target-uri;req)")
        other = copy.copy(response)
        other.request = self.prepare("GET", "/api/items", params={"q": "another request"})
        try:
            verifier.verify(other, require_components=RESPONSE_COMPONENTS, body=response.content)
            bound = False
        except InvalidSignature:
            bound = True
        check(bound, what + ": the same answer does not verify as the answer to another request (@target-uri;req)")


def now():
    return datetime.datetime.now(datetime.timezone.utc)


def reason(response):
    """`X-Mock-Reason`, decoded (printable ASCII as sent, other bytes as %XX)."""
    return urllib.parse.unquote(response.headers.get("X-Mock-Reason", ""))


def refused(response, status, code, words, what):
    """`response` is the mock's refusal: `status`, the problem body's `code`, `X-Mock-Reason`
    beginning with the code's words and containing `words`, and for a 401 `WWW-Authenticate:
    Signature … error="code"`."""
    try:
        body = response.json()
    except ValueError:
        body = {}
    words_of_code = code.replace("_", " ")
    ok = (response.status_code == status and body.get("code") == code
          and response.headers.get("Content-Type", "").startswith("application/problem+json")
          and reason(response).lower().startswith(words_of_code.lower() + ": ") and words in reason(response))
    if status == 401:
        challenge = response.headers.get("WWW-Authenticate", "")
        ok = ok and challenge.startswith("Signature ") and ('error="%s"' % code) in challenge
    check(ok, "%s: refused %d %s (got %d %s; X-Mock-Reason: %s)" % (what, status, code, response.status_code, body.get("code"), reason(response)))


def default_components(request):
    components = ["@method", "@authority", "@path"]
    if "?" in request.url:
        components.append("@query")
    return components


def every_algorithm(peer):
    for alg in ALGORITHMS:
        # requests percent-encodes the query as forms do (UTF-8, space as +); @query is signed as sent.
        request = peer.prepare("GET", "/api/items", params={"q": "tea", "note": QUERY_TEXT})
        peer.sign(request, alg, default_components(request))
        reply = peer.send(request)
        page = reply.json() if reply.status_code == 200 else {}
        check(reply.status_code == 200 and page.get("total") == 1 and page["signature"]["algorithm"] == alg
              and page["signature"]["keyid"] == peer.keys[alg][0] and page["signature"]["nonce"] is True,
              "%s: GET %s accepted (%d %s)" % (alg, request.path_url, reply.status_code, reason(reply)))
        peer.verify_answer(reply, "%s: GET /api/items?q=tea&note=…" % alg)

        request = peer.prepare("POST", "/api/items", body=JSON_BODY)
        prepared = peer.sign(request, alg, ["@method", "@authority", "@path"], body=request.body)
        covered = b'"content-digest": sha-256=:' in prepared.signature_base
        reply = peer.send(request)
        item = reply.json() if reply.status_code == 201 else {}
        check(covered and reply.status_code == 201 and item.get("name") == JSON_BODY["name"] and item.get("created_by") == peer.keys[alg][0]
              and reply.headers.get("Location") == "/api/items/%s" % item.get("id"),
              "%s: POST /api/items with a JSON body covered through content-digest accepted (%d %s)" % (alg, reply.status_code, reason(reply)))
        peer.verify_answer(reply, "%s: POST /api/items" % alg)


def server_base(response):
    return urllib.parse.unquote(response.headers.get("X-Signature-Base", ""))


def tampered(peer):
    # The query changed after signing: the mock's base is the one the library builds for the
    # request as it arrived (same parameters), which differs from the signed one in @query only.
    request = peer.prepare("GET", "/api/items", params={"q": "tea"})
    components = default_components(request)
    signed = peer.sign(request, "ed25519", components)
    params = http_sf.parse(request.headers["Signature-Input"].encode(), tltype="dictionary")["sig1"][1]
    request.url = request.url.replace("q=tea", "q=coffee")
    reply = peer.send(request)
    refused(reply, 401, "signature_invalid", "signature", "the query changed after signing")
    arrived = copy.deepcopy(request)
    del arrived.headers["Signature-Input"], arrived.headers["Signature"]
    rebuilt = hms.HTTPMessageSigner(signature_algorithm=algorithms.ED25519).prepare(
        arrived, key_id=params["keyid"], created=datetime.datetime.fromtimestamp(params["created"], datetime.timezone.utc),
        nonce=params["nonce"], label="sig1", covered_component_ids=components).signature_base.decode()
    ours, theirs = signed.signature_base.decode().split("\n"), server_base(reply).split("\n")
    differing = [line for line, other in zip(ours, theirs) if line != other]
    check(server_base(reply) == rebuilt and len(ours) == len(theirs) and differing == ['"@query": ?q=tea'],
          "the query changed after signing: X-Signature-Base is the library's base of the request as it arrived, the @query line differs (%r)" % server_base(reply))

    # The body changed after signing, its Content-Digest left as signed.
    request = peer.prepare("POST", "/api/items", body=JSON_BODY)
    peer.sign(request, "ed25519", ["@method", "@authority", "@path"], body=request.body)
    request.body = json.dumps({"name": "Assam"}).encode()
    request.headers["Content-Length"] = str(len(request.body))
    refused(peer.send(request), 401, "content_digest_mismatch", "Content-Digest", "the body changed after signing")

    # The body and its Content-Digest changed after signing.
    request = peer.prepare("POST", "/api/items", body=JSON_BODY)
    peer.sign(request, "ecdsa-p256-sha256", ["@method", "@authority", "@path"], body=request.body)
    request.body = json.dumps({"name": "Assam"}).encode()
    request.headers["Content-Length"] = str(len(request.body))
    request.headers["Content-Digest"] = hms.ContentDigest.create(request.body)
    reply = peer.send(request)
    refused(reply, 401, "signature_invalid", "signature", "the body and its Content-Digest changed after signing")
    check('"content-digest": ' + request.headers["Content-Digest"] in server_base(reply), "X-Signature-Base shows the Content-Digest received")

    # The method changed after signing.
    request = peer.prepare("GET", "/api/items")
    peer.sign(request, "rsa-pss-sha512", default_components(request))
    request.method = "POST"
    reply = peer.send(request)
    refused(reply, 401, "signature_invalid", "signature", "the method changed after signing (GET to POST)")
    check(server_base(reply).startswith('"@method": POST\n'), "X-Signature-Base shows the method received")


def replayed(peer):
    for alg in ("hmac-sha256", "ed25519"):
        request = peer.prepare("GET", "/api/items", params={"q": "tea"})
        nonce = "peer-" + uuid.uuid4().hex
        peer.sign(request, alg, default_components(request), nonce=nonce)
        first = peer.send(request)
        check(first.status_code == 200, "%s: a request with nonce %s accepted once" % (alg, nonce))
        refused(peer.send(request), 401, "nonce_used", 'nonce "%s" was already used' % nonce, "%s: the same request replayed" % alg)
    # A new request with a nonce already used is a replay too, whatever else it signs.
    request = peer.prepare("POST", "/api/items", body=JSON_BODY)
    nonce = "peer-" + uuid.uuid4().hex
    peer.sign(request, "ed25519", ["@method", "@authority", "@path"], body=request.body, nonce=nonce)
    check(peer.send(request).status_code == 201, "POST with nonce %s accepted" % nonce)
    again = peer.prepare("POST", "/api/items", body={"name": "another"})
    peer.sign(again, "ed25519", ["@method", "@authority", "@path"], body=again.body, nonce=nonce)
    refused(peer.send(again), 401, "nonce_used", nonce, "a new POST signed with the same nonce")


class NoCreatedSigner(hms.HTTPMessageSigner):
    """The library always writes `created`; this signer leaves it out of the parameters."""

    def _build_signature_base(self, message, *, covered_component_ids, signature_params, component_resolver=None):
        signature_params.pop("created", None)
        return super()._build_signature_base(message, covered_component_ids=covered_component_ids,
                                             signature_params=signature_params, component_resolver=component_resolver)


def windows(peer):
    def signed_get(alg, **options):
        request = peer.prepare("GET", "/api/items", params={"q": "tea"})
        prepared = peer.sign(request, alg, default_components(request), **options)
        return request, prepared

    # Within the window (300 s) but past its expires by more than the skew (60 s).
    request, _ = signed_get("ed25519", created=now() - datetime.timedelta(seconds=200), expires=now() - datetime.timedelta(seconds=150))
    refused(peer.send(request), 401, "signature_expired", "expired at", "expires 150 s ago")
    request, _ = signed_get("hmac-sha256", created=now() - datetime.timedelta(seconds=3600))
    refused(peer.send(request), 401, "timestamp_refused", "created", "created an hour ago (window 300 s)")
    request, _ = signed_get("ecdsa-p384-sha384", created=now() + datetime.timedelta(seconds=3600))
    refused(peer.send(request), 401, "created_in_future", "created", "created an hour ahead (skew 60 s)")
    request, prepared = signed_get("ed25519", signer_class=NoCreatedSigner)
    check(b"created=" not in prepared.signature_base, "the signature without created has none")
    refused(peer.send(request), 401, "timestamp_refused", "created", "no created")


def keys(peer):
    request = peer.prepare("GET", "/api/items")
    peer.sign(request, "ed25519", default_components(request), key=ed25519.Ed25519PrivateKey.generate())
    reply = peer.send(request)
    refused(reply, 401, "signature_invalid", "signature", "another Ed25519 key under ed25519KeyId")
    check(server_base(reply).startswith('"@method": GET\n"@authority": ') and '"@signature-params": ' in server_base(reply),
          "a wrong key's refusal shows the signature base in X-Signature-Base")
    request = peer.prepare("GET", "/api/items")
    peer.sign(request, "hmac-sha256", default_components(request), key=b"not the demo secret, 32 bytes..")
    refused(peer.send(request), 401, "signature_invalid", "signature", "a wrong HMAC secret under hmacKeyId")
    request = peer.prepare("GET", "/api/items")
    peer.sign(request, "rsa-v1_5-sha256", default_components(request), key=rsa.generate_private_key(public_exponent=65537, key_size=2048))
    refused(peer.send(request), 401, "signature_invalid", "signature", "another RSA key under rsaV15KeyId")
    request = peer.prepare("GET", "/api/items")
    peer.sign(request, "ed25519", default_components(request), keyid="nobody-knows-this-key")
    refused(peer.send(request), 401, "unknown_key", "nobody-knows-this-key", "an unknown keyid")
    # The Ed25519 key signs under the P-256 key's keyid, alg=ed25519: the key decides.
    request = peer.prepare("GET", "/api/items")
    peer.sign(request, "ed25519", default_components(request), keyid=peer.keys["ecdsa-p256-sha256"][0])
    refused(peer.send(request), 401, "algorithm_mismatch", "ed25519", "alg=ed25519 with the ecdsa-p256-sha256 key's keyid")


def coverage(peer):
    # An unsigned request: refused, with Accept-Signature (RFC 9421 §5.1) naming what to cover;
    # signed as it asks (§5.2), accepted.
    reply = peer.send(peer.prepare("GET", "/api/items", params={"q": "tea"}))
    refused(reply, 401, "missing_signature", "no Signature-Input", "an unsigned request")
    label, (members, asked) = next(iter(http_sf.parse(reply.headers.get("Accept-Signature", "").encode(), tltype="dictionary").items()))
    wanted = [http_sf.ser((name, parameters)) if parameters else name for name, parameters in members]
    check(asked == {"created": True} and wanted == ["@method", "@authority", "@path", "@query"],
          "an unsigned request's Accept-Signature asks for @method @authority @path @query and created (%s)" % reply.headers.get("Accept-Signature"))
    request = peer.prepare("GET", "/api/items", params={"q": "tea"})
    peer.sign(request, "ecdsa-p256-sha256", wanted, label=label)
    reply = peer.send(request)
    check(reply.status_code == 200, "signed as Accept-Signature asks (label %s): accepted (%d %s)" % (label, reply.status_code, reason(reply)))

    # The same for a POST with a body: Accept-Signature asks for content-digest, not @query.
    reply = peer.send(peer.prepare("POST", "/api/items", body=JSON_BODY))
    refused(reply, 401, "missing_signature", "no Signature-Input", "an unsigned POST")
    label, (members, asked) = next(iter(http_sf.parse(reply.headers.get("Accept-Signature", "").encode(), tltype="dictionary").items()))
    wanted = [http_sf.ser((name, parameters)) if parameters else name for name, parameters in members]
    check(asked == {"created": True} and wanted == ["@method", "@authority", "@path", "content-digest"],
          "an unsigned POST's Accept-Signature asks for @method @authority @path content-digest and created (%s)" % reply.headers.get("Accept-Signature"))
    request = peer.prepare("POST", "/api/items", body=JSON_BODY)
    request.headers["Content-Digest"] = hms.ContentDigest.create(request.body)
    peer.sign(request, "rsa-pss-sha512", wanted, label=label, use_existing_digest=True)
    reply = peer.send(request)
    check(reply.status_code == 201, "a POST signed as Accept-Signature asks (label %s): accepted (%d %s)" % (label, reply.status_code, reason(reply)))

    # A body sent but not covered: the Content-Digest sent yet left out of the signature, then no digest at all.
    request = peer.prepare("POST", "/api/items", body=JSON_BODY)
    request.headers["Content-Digest"] = hms.ContentDigest.create(request.body)
    peer.sign(request, "ed25519", ["@method", "@authority", "@path"], use_existing_digest=True)
    refused(peer.send(request), 401, "missing_required_component", "content-digest", "a body whose Content-Digest is sent but not covered")
    request = peer.prepare("POST", "/api/items", body=JSON_BODY)
    peer.sign(request, "hmac-sha256", ["@method", "@authority", "@path"])
    refused(peer.send(request), 401, "missing_required_component", "content-digest", "a body without Content-Digest")
    # Each component the default policy requires, left out.
    for missing in ("@method", "@authority", "@path", "@query"):
        request = peer.prepare("GET", "/api/items", params={"q": "tea"})
        peer.sign(request, "ed25519", [c for c in default_components(request) if c != missing])
        refused(peer.send(request), 401, "missing_required_component", missing, "%s not covered" % missing)
    # @target-uri stands for @authority, @path and @query.
    request = peer.prepare("GET", "/api/items", params={"q": "tea"})
    peer.sign(request, "ed25519", ["@method", "@target-uri"])
    reply = peer.send(request)
    check(reply.status_code == 200, "@method and @target-uri cover what the policy requires (%d %s)" % (reply.status_code, reason(reply)))


def thumbprint(jwk):
    """RFC 7638: SHA-256 of the required members, sorted, no whitespace; base64url without padding."""
    required = {"OKP": ("crv", "kty", "x"), "EC": ("crv", "kty", "x", "y"), "RSA": ("e", "kty", "n")}[jwk["kty"]]
    canonical = json.dumps({name: jwk[name] for name in required}, sort_keys=True, separators=(",", ":"))
    return base64.urlsafe_b64encode(hashlib.sha256(canonical.encode()).digest()).rstrip(b"=").decode()


def b64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def public_key(jwk):
    """The JWK as a cryptography public key (RFC 8037 OKP, RFC 7518 EC and RSA)."""
    if jwk["kty"] == "OKP" and jwk["crv"] == "Ed25519":
        return ed25519.Ed25519PublicKey.from_public_bytes(b64url(jwk["x"]))
    if jwk["kty"] == "EC":
        curve = {"P-256": ec.SECP256R1(), "P-384": ec.SECP384R1()}[jwk["crv"]]
        return ec.EllipticCurvePublicNumbers(int.from_bytes(b64url(jwk["x"]), "big"), int.from_bytes(b64url(jwk["y"]), "big"), curve).public_key()
    if jwk["kty"] == "RSA":
        return rsa.RSAPublicNumbers(int.from_bytes(b64url(jwk["e"]), "big"), int.from_bytes(b64url(jwk["n"]), "big")).public_key()
    raise ValueError("unexpected JWK " + jwk["kty"])


def raw(key):
    return key.public_bytes(Encoding.DER, PublicFormat.SubjectPublicKeyInfo)


def directory(peer):
    """Reads the key directory and verifies its signatures; returns the Ed25519 JWK's kid."""
    reply = peer.session.get(peer.base + DIRECTORY_PATH)
    check(reply.status_code == 200 and reply.headers.get("Content-Type", "").split(";")[0].strip() == DIRECTORY_MEDIA_TYPE,
          "directory: 200 as %s (got %d %s)" % (DIRECTORY_MEDIA_TYPE, reply.status_code, reply.headers.get("Content-Type")))
    check(reply.headers.get("Cache-Control") == "max-age=86400", "directory: Cache-Control max-age=86400")
    jwks = reply.json()["keys"]
    by_kid = {}
    for jwk in jwks:
        check(jwk.get("kid") == thumbprint(jwk), "directory: %s key's kid is its RFC 7638 thumbprint" % jwk.get("alg"))
        by_kid[jwk["kid"]] = public_key(jwk)
    for alg, (keyid, _, public) in peer.keys.items():
        if alg == "hmac-sha256":
            check(keyid not in by_kid, "directory: the HMAC secret is not listed")
            continue
        check(keyid in by_kid and raw(by_kid[keyid]) == raw(public), "directory: lists the ready file's %s key under its keyid" % alg)
        # One signature per listed key, labelled by its algorithm, verified with the key the directory lists.
        verifier = hms.HTTPMessageVerifier(signature_algorithm=ALGORITHMS[alg][0],
                                           key_resolver=hms.MappingKeyResolver(public_keys={keyid: by_kid[keyid]}, private_keys={}))
        try:
            results = verifier.verify(reply, expect_tag=DIRECTORY_TAG, expect_label=alg,
                                      require_components=('"@authority";req', "content-digest"), body=reply.content)
            parameters = results[0].parameters
            valid = len(results) == 1 and parameters["keyid"] == keyid and parameters["expires"] - parameters["created"] == 86400
        except InvalidSignature as error:
            valid = False
            alg += " (%r, caused by %r)" % (error, error.__cause__)
        check(valid, "directory: its signature %s verifies with the key it lists (\"@authority\";req, content-digest, tag %s, expires a day later)" % (alg, DIRECTORY_TAG))
    changed = copy.copy(reply)
    changed._content = reply.content.replace(b'"keys"', b'"keys" ')
    try:
        verifier.verify(changed, expect_tag=DIRECTORY_TAG, expect_label="rsa-v1_5-sha256", body=changed.content)
        bound = False
    except InvalidSignature:
        bound = True
    check(bound, "directory: a changed directory no longer verifies (content-digest)")
    ed25519_kid = next(jwk["kid"] for jwk in jwks if jwk.get("crv") == "Ed25519")
    return ed25519_kid


def web_bot_auth(peer, keyid):
    def agent_request(components, created=None, expires=datetime.timedelta(seconds=60), agent=True, alg="ed25519", keyid=keyid, **options):
        request = peer.prepare("GET", "/api/items", params={"q": "tea"})
        if agent:
            request.headers["Signature-Agent"] = 'sig1="%s"' % AGENT
        created = created or now()
        peer.sign(request, alg, components, keyid=keyid, tag=WEB_BOT_AUTH, created=created,
                  expires=created + expires if expires is not None else None, **options)
        return request

    signed_agent = ["@authority", '"signature-agent";key="sig1"']
    reply = peer.send(agent_request(signed_agent, nonce=None))
    page = reply.json() if reply.status_code == 200 else {}
    check(reply.status_code == 200 and page["signature"]["profile"] == WEB_BOT_AUTH and page["signature"]["tag"] == WEB_BOT_AUTH
          and page["signature"]["agent"] == AGENT and page["signature"]["keyid"] == keyid,
          "web-bot-auth: an Ed25519 request with the directory's keyid, Signature-Agent covered, @authority, created/expires accepted (%d %s)" % (reply.status_code, reason(reply)))
    peer.verify_answer(reply, "web-bot-auth")
    reply = peer.send(agent_request(["@authority"], agent=False))
    check(reply.status_code == 200, "web-bot-auth: without Signature-Agent, @authority alone is enough (%d %s)" % (reply.status_code, reason(reply)))

    refused(peer.send(agent_request(signed_agent, expires=datetime.timedelta(days=2))), 401, "invalid_signature_parameters",
            "valid for 172800 s", "web-bot-auth: expires two days after created (at most a day)")
    refused(peer.send(agent_request(signed_agent, expires=None)), 401, "invalid_signature_parameters", "no expires", "web-bot-auth: no expires")
    refused(peer.send(agent_request(['"signature-agent";key="sig1"', "@path"])), 401, "missing_required_component", "@authority",
            "web-bot-auth: @authority not covered")
    refused(peer.send(agent_request(["@authority"])), 401, "missing_required_component", "Signature-Agent",
            "web-bot-auth: Signature-Agent sent but not covered")
    refused(peer.send(agent_request(signed_agent, alg="hmac-sha256", keyid=peer.keys["hmac-sha256"][0])), 401, "unknown_key",
            "key directory", "web-bot-auth: the HMAC keyid is not in the directory")
    request = agent_request(signed_agent, nonce="agent-" + uuid.uuid4().hex)
    check(peer.send(request).status_code == 200, "web-bot-auth: a request with a nonce accepted once")
    refused(peer.send(request), 401, "nonce_used", "already used", "web-bot-auth: the same request replayed")


def main():
    peer = Peer(ready_file()["httpsig"])
    every_algorithm(peer)
    tampered(peer)
    replayed(peer)
    windows(peer)
    keys(peer)
    coverage(peer)
    web_bot_auth(peer, directory(peer))
    print("PEER-OK")


if __name__ == "__main__":
    main()
