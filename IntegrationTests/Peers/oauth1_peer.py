"""Independent peer for the OAuth 1.0a mock servers: Python's requests-oauthlib runs the
three-legged flow against a running `mock-servers` process, then calls protected resources
with every signature method and transmission oauthlib offers, using unicode and reserved
characters. Usage: python3 oauth1_peer.py READY_FILE. Prints one line per check; exits 1 on
the first failure."""

import requests
from oauthlib.oauth1 import (SIGNATURE_HMAC_SHA1, SIGNATURE_HMAC_SHA256, SIGNATURE_HMAC_SHA512,
                             SIGNATURE_PLAINTEXT, SIGNATURE_TYPE_AUTH_HEADER, SIGNATURE_TYPE_BODY,
                             SIGNATURE_TYPE_QUERY)
from requests_oauthlib import OAuth1, OAuth1Session

from peer_common import check, ready_file

UA = {"User-Agent": "requests-oauthlib-peer/1.0"}
TEXT = "Ünïcødé ☃ + reserved !*'();:@&=$,/?#[] 100% ~ end"


AUTHORIZE = {"twitter": "/oauth/authorize", "discogs": "/oauth/authorize", "netflix": "/oauth/login"}


def flow(name, info):
    base, creds = info["baseURL"], info["credentials"]
    authorize = base + AUTHORIZE[name]
    session = OAuth1Session(creds["consumerKey"], client_secret=creds["consumerSecret"],
                            callback_uri="http://client.example/callback?from=peer")
    session.headers.update(UA)
    temporary = session.fetch_request_token(base + "/oauth/request_token")
    check(temporary.get("oauth_callback_confirmed") == "true", name + ": request token with oauth_callback_confirmed=true")
    page = requests.get(session.authorization_url(authorize), headers=UA)
    check(page.status_code == 200 and 'value="approve"' in page.text, name + ": authorisation page")
    decision = requests.post(authorize, headers=UA, allow_redirects=False,
                             data={"oauth_token": temporary["oauth_token"], "action": "approve"})
    check(decision.status_code == 302, name + ": approval redirects")
    session.parse_authorization_response(decision.headers["Location"])
    access = session.fetch_access_token(base + "/oauth/access_token")
    check(bool(access.get("oauth_token")) and bool(access.get("oauth_token_secret")), name + ": access token")
    if name == "netflix":
        check(access.get("user_id") == creds["userID"], name + ": access token carries user_id")
    return base, creds, access


def signed(creds, access, method, transmission):
    return OAuth1(creds["consumerKey"], client_secret=creds["consumerSecret"],
                  resource_owner_key=access["oauth_token"], resource_owner_secret=access["oauth_token_secret"],
                  signature_method=method, signature_type=transmission)


def main():
    ready = ready_file()

    base, creds, access = flow("twitter", ready["twitter"])
    for method in (SIGNATURE_HMAC_SHA1, SIGNATURE_HMAC_SHA256, SIGNATURE_HMAC_SHA512, SIGNATURE_PLAINTEXT):
        for transmission in (SIGNATURE_TYPE_AUTH_HEADER, SIGNATURE_TYPE_QUERY, SIGNATURE_TYPE_BODY):
            auth = signed(creds, access, method, transmission)
            reply = requests.post(base + "/1.1/statuses/update.json", auth=auth, headers=UA,
                                  params={"lang": "fr", "tag": "a+b c*d%e"},
                                  data=[("status", TEXT), ("extra", "dup"), ("extra", "dup2")])
            check(reply.status_code == 200 and reply.json().get("text") == TEXT,
                  "twitter: statuses/update %s %s (%s)" % (method, transmission, reply.text[:120]))
            if transmission != SIGNATURE_TYPE_BODY:
                reply = requests.get(base + "/1.1/account/verify_credentials.json", auth=auth, headers=UA,
                                     params={"include_email": "true", "q": "caf\u00e9 & \u2603"})
                check(reply.status_code == 200, "twitter: verify_credentials %s %s" % (method, transmission))

    base, creds, access = flow("discogs", ready["discogs"])
    reply = requests.get(base + "/database/search", auth=signed(creds, access, SIGNATURE_HMAC_SHA1, SIGNATURE_TYPE_AUTH_HEADER),
                         headers=UA, params={"q": "Björk", "per_page": "5"})
    check(reply.status_code == 200 and [r["title"] for r in reply.json()["results"]] == ["Björk - Homogenic"],
          "discogs: search with a unicode query")
    reply = requests.get(base + "/oauth/identity", auth=signed(creds, access, SIGNATURE_HMAC_SHA1, SIGNATURE_TYPE_AUTH_HEADER), headers=UA)
    check(reply.status_code == 200 and "username" in reply.json(), "discogs: identity")

    base, creds, access = flow("netflix", ready["netflix"])
    reply = requests.get(base + "/users/%s/queues/disc" % access["user_id"],
                         auth=signed(creds, access, SIGNATURE_HMAC_SHA1, SIGNATURE_TYPE_QUERY), headers=UA)
    check(reply.status_code == 200, "netflix: disc queue with the access token's user_id")

    wrong = OAuth1(creds["consumerKey"], client_secret="not-the-secret",
                   resource_owner_key=access["oauth_token"], resource_owner_secret=access["oauth_token_secret"])
    reply = requests.get(base + "/users/%s/queues/disc" % access["user_id"], auth=wrong, headers=UA)
    check(reply.status_code == 401 and "Invalid Signature" in reply.text and "X-OAuth1-Base-String" in reply.headers,
          "netflix: a wrong secret gets 401 Invalid Signature with the server's base string")
    print("PEER-OK")


if __name__ == "__main__":
    main()
