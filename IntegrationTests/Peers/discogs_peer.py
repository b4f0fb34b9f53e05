"""Independent peer for the discogs mock: Discogs' official Python client (discogs-client)
runs both of its documented sign-in flows against a running `mock-servers` process, with a
user who approves on the authorisation page as a browser would, then calls identity() and
search(). Usage: python3 discogs_peer.py READY_FILE. Prints one line per check; exits 1 on
the first failure, PEER-OK when every check passed."""
from urllib.parse import parse_qs, urlsplit

import discogs_client
import requests

from peer_common import check, ready_file

USER_AGENT = "discogs-client-peer/1.0 +https://example.invalid/peer"
CALLBACK = "http://app.example/discogs/callback"


def client_for(info):
    """discogs_client.Client pointed at the mock, as its README's desktop and web flows start."""
    creds = info["credentials"]
    client = discogs_client.Client(USER_AGENT, consumer_key=creds["consumerKey"], consumer_secret=creds["consumerSecret"])
    base = info["baseURL"]
    client._base_url = base
    client._request_token_url = base + "/oauth/request_token"
    client._authorize_url = base + "/oauth/authorize"
    client._access_token_url = base + "/oauth/access_token"
    return client


def approve(authorize_url, token):
    """The user at the authorisation page: opens it, presses the approve button, and comes back
    with the page's answer (a PIN page, or a redirect to the callback)."""
    headers = {"User-Agent": "Mozilla/5.0 (peer browser)"}
    page = requests.get(authorize_url, headers=headers)
    check(page.status_code == 200 and 'value="approve"' in page.text and token in page.text,
          "the authorisation page offers the approve button for the request token")
    action = authorize_url.split("?", 1)[0]
    return requests.post(action, headers=headers, allow_redirects=False, data={"oauth_token": token, "action": "approve"})


def signed_calls(client, info, flow):
    me = client.identity()
    check(me.username == "mockcollector" and me.id == int(info["credentials"]["userID"]),
          flow + ": identity() names the user who approved (%s, %s)" % (me.username, me.id))
    results = client.search("Björk", type="release")
    titles = [release.title for release in results]
    check(results.count == 1 and titles == ["Björk - Homogenic"],
          flow + ": search('Björk', type='release') finds the release (%r)" % titles)
    check(isinstance(results[0], discogs_client.Release) and results[0].id == 23183,
          flow + ": the result is a Release with its id")


def desktop_flow(info):
    """get_authorize_url() with no callback: the user copies the verifier from the page."""
    client = client_for(info)
    token, secret, url = client.get_authorize_url()
    check(bool(token) and bool(secret) and url.startswith(info["baseURL"] + "/oauth/authorize?oauth_token="),
          "desktop flow: get_authorize_url() without a callback gives a request token")
    answer = approve(url, token)
    pin = answer.text.split('id="oauth_pin">', 1)[-1].split("<", 1)[0] if 'id="oauth_pin">' in answer.text else ""
    check(answer.status_code == 200 and pin.isdigit(), "desktop flow: the approval page shows the verifier to copy")
    access_token, access_secret = client.get_access_token(pin)
    check(bool(access_token) and bool(access_secret) and access_token != token,
          "desktop flow: get_access_token(verifier) gives an access token")
    signed_calls(client, info, "desktop flow")


def web_flow(info):
    """get_authorize_url(callback_url=...): the approval redirects to the callback with the verifier."""
    client = client_for(info)
    token, _, url = client.get_authorize_url(callback_url=CALLBACK)
    check(bool(token), "web flow: get_authorize_url(callback_url=...) gives a request token")
    answer = approve(url, token)
    location = answer.headers.get("Location", "")
    query = parse_qs(urlsplit(location).query)
    check(answer.status_code == 302 and location.startswith(CALLBACK + "?") and query.get("oauth_token") == [token],
          "web flow: the approval redirects to the callback with the request token (%s)" % location[:80])
    verifier = query.get("oauth_verifier", [""])[0]
    check(bool(verifier), "web flow: the redirect carries oauth_verifier")
    access_token, access_secret = client.get_access_token(verifier)
    check(bool(access_token) and bool(access_secret), "web flow: get_access_token(verifier) gives an access token")
    signed_calls(client, info, "web flow")


def main():
    ready = ready_file()
    info = ready["discogs"]
    desktop_flow(info)
    web_flow(info)
    print("PEER-OK")


if __name__ == "__main__":
    main()
