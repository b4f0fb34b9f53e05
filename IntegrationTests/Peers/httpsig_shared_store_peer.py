"""Independent peer for the example server `sharedStoreItemsServer` (Examples/Sources/
HTTPSigSharedStoreServer.swift) run as two instances on one PostgreSQL replay store: Python's
`http-message-signatures` signs each request once, for the public URL
https://items.example.com, with a nonce, and sends it to the first instance (accepted) and
then, as it stands, to the second (refused: the nonce is a replay, known from the shared store).
A request without a nonce and one changed after signing are refused too.

Usage: python3 httpsig_shared_store_peer.py FIRST_URL SECOND_URL, with one JSON line on
standard input: {"keyid": "…", "secret": "<Base64 of the hmac-sha256 secret>"}. Prints one
line per check; exits 1 on the first failure."""

import base64
import json
import sys
import uuid

import requests
import http_message_signatures as hms
from http_message_signatures import algorithms

from peer_common import check

PUBLIC_URL = "https://items.example.com"


def main():
    first, second = sys.argv[1], sys.argv[2]
    key = json.loads(sys.stdin.readline())
    keyid, secret = key["keyid"], base64.b64decode(key["secret"])
    signer = hms.HTTPMessageSigner(signature_algorithm=algorithms.HMAC_SHA256,
                                   key_resolver=hms.MappingKeyResolver(public_keys={}, private_keys={keyid: secret}))
    session = requests.Session()
    session.trust_env = False  # no proxy from the environment between the peer and the instances

    def signed(method, path, params=None, body=None, nonce=True):
        """The request signed for its public URL (@method, @authority, @path, @query when
        present, content-digest for a body)."""
        request = requests.Request(method, PUBLIC_URL + path, params=params, json=body).prepare()
        components = ["@method", "@authority", "@path"] + (["@query"] if params else [])
        signer.sign(request, key_id=keyid, label="sig1", covered_component_ids=components,
                    nonce=uuid.uuid4().hex if nonce else None, body=request.body)
        return request

    def send(request, instance):
        """`request` as it was signed, sent to `instance` (behind the balancer: the same bytes)."""
        copy = request.copy()
        copy.url = request.url.replace(PUBLIC_URL, instance, 1)
        return session.send(copy, allow_redirects=False)

    def refused(reply, code, what):
        body = reply.json() if reply.headers.get("Content-Type", "").startswith("application/problem+json") else {}
        check(reply.status_code == 401 and body.get("code") == code and ('error="%s"' % code) in reply.headers.get("WWW-Authenticate", ""),
              "%s: refused 401 %s (got %d %s)" % (what, code, reply.status_code, reply.text[:200]))

    listing = signed("GET", "/items", params={"owner": "peer"})
    reply = send(listing, first)
    check(reply.status_code == 200 and reply.text == "Items for " + keyid, "GET /items?owner=peer accepted by the first instance (%d %s)" % (reply.status_code, reply.text[:200]))
    refused(send(listing, second), "nonce_used", "the same GET replayed to the second instance")

    creation = signed("POST", "/items", body={"name": "Rooibos"})
    reply = send(creation, second)
    check(reply.status_code == 200 and reply.text == "Rooibos, added by " + keyid,
          "POST /items (a JSON body covered through content-digest) accepted by the second instance (%d %s)" % (reply.status_code, reply.text[:200]))
    refused(send(creation, first), "nonce_used", "the same POST replayed to the first instance")

    refused(send(signed("GET", "/items", nonce=False), first), "missing_nonce", "a request without a nonce")
    changed = signed("GET", "/items", params={"owner": "peer"})
    changed.url = changed.url.replace("owner=peer", "owner=someone-else")
    refused(send(changed, second), "signature_invalid", "a query changed after signing")
    print("PEER-OK")


if __name__ == "__main__":
    main()
