"""Independent peer for the Drupal Services mock: a JSON-RPC client written from
shared/protocols.md alone (Python's standard library: urllib, hmac, hashlib, json), not from
the Swift SDK. It drives a running `mock-servers` process: system.connect, node.get with and
without fields, user.login, the key-authentication failures in Drupal's own words, a JSON-RPC
2.0 call and notification, and user.logout.
Usage: python3 drupal_peer.py READY_FILE. Prints one line per check; exits 1 on the first failure."""
import hashlib
import hmac
import json
import secrets
import time
import urllib.request

from peer_common import check, ready_file


class Site:
    def __init__(self, endpoint, key, domain):
        self.endpoint, self.key, self.domain = endpoint, key, domain
        self.next_id = 0

    def post(self, envelope):
        """Sends a JSON-RPC envelope; returns (HTTP status, raw body)."""
        body = json.dumps(envelope).encode("utf-8")
        request = urllib.request.Request(self.endpoint, data=body, method="POST",
                                         headers={"Content-Type": "application/json; charset=utf-8"})
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read()

    def key_args(self, method, sessid, timestamp=None, nonce=None, key=None):
        """hash, domain_name, domain_time_stamp, nonce, sessid: hash = HMAC-SHA256 of
        'timestamp;domain;nonce;method' keyed with the API key, lowercase hex."""
        timestamp = str(int(time.time())) if timestamp is None else timestamp
        nonce = secrets.token_hex(10) if nonce is None else nonce
        message = ";".join([timestamp, self.domain, nonce, method]).encode("utf-8")
        digest = hmac.new((key or self.key).encode("utf-8"), message, hashlib.sha256).hexdigest()
        return [digest, self.domain, timestamp, nonce, sessid]

    def envelope(self, method, params, version="1.1", notification=False):
        self.next_id += 1
        envelope = {"jsonrpc": "2.0"} if version == "2.0" else {"version": "1.1"}
        envelope.update({"method": method, "params": params})
        if not notification:
            envelope["id"] = str(self.next_id)
        return envelope

    def call(self, method, params):
        envelope = self.envelope(method, params)
        status, body = self.post(envelope)
        check(status == 200, method + ": HTTP 200")
        answer = json.loads(body)
        check(answer.get("id") == envelope["id"] and answer.get("version") == "1.1", method + ": 1.1 envelope with the id echoed")
        return answer


def main():
    info = ready_file()["drupal"]
    creds = info["credentials"]
    site = Site(info["baseURL"].rstrip("/") + "/services/json-rpc", creds["apiKey"], creds["domain"])

    connected = site.call("system.connect", [])["result"]
    sessid = connected["sessid"]
    check(bool(sessid) and int(connected["user"]["uid"]) == 0, "system.connect gives an anonymous sessid")

    node = site.call("node.get", site.key_args("node.get", sessid) + [1])["result"]
    check(isinstance(node, dict) and str(node.get("nid")) == "1" and bool(node.get("title")), "node.get 1 as anonymous")
    check(isinstance(node.get("nid"), str) and isinstance(node.get("created"), str), "node values are strings, as Drupal writes them")

    fields = site.call("node.get", site.key_args("node.get", sessid) + [1, ["title", "changed"]])["result"]
    check(isinstance(fields, dict) and set(fields) == {"title", "changed"}, "node.get with fields returns only those fields")

    login = site.call("user.login", site.key_args("user.login", sessid) + [creds["username"], creds["password"]])["result"]
    check(isinstance(login, dict) and login["sessid"] and login["sessid"] != sessid, "user.login gives a new sessid")
    user = login["user"]
    check(user["name"] == creds["username"] and isinstance(user["uid"], str) and int(user["uid"]) > 0, "user.login returns the user, numbers as strings")
    check("authenticated user" in user["roles"].values(), "the user has the authenticated role")
    sessid = login["sessid"]

    again = site.call("user.login", site.key_args("user.login", sessid) + [creds["username"], creds["password"]])["result"]
    check(again == "Already logged in as %s." % creds["username"], "a second login: 'Already logged in as NAME.'")

    replayed = site.envelope("node.get", site.key_args("node.get", sessid, nonce="peer-replay-" + secrets.token_hex(4)) + [1])
    first = json.loads(site.post(replayed)[1])
    second_status, second_body = site.post(replayed)
    second = json.loads(second_body)
    check(isinstance(first["result"], dict), "a fresh nonce is accepted")
    check(second_status == 200 and second["result"] == "Token has been used previously for a request. Re-try with another nonce key.",
          "the same nonce again: HTTP 200 with the replay message as result")

    expired = site.call("node.get", site.key_args("node.get", sessid, timestamp=str(int(time.time()) - 3600)) + [1])["result"]
    check(expired == "Token has expired.", "an hour-old timestamp: 'Token has expired.'")

    wrong = site.call("node.get", site.key_args("node.get", sessid, key="0" * 32) + [1])["result"]
    check(wrong == "Invalid API key.", "a wrong key: 'Invalid API key.'")

    empty = site.call("node.get", site.key_args("node.get", "") + [1])["result"]
    check(empty == "Invalid sessid.", "an empty sessid: 'Invalid sessid.'")

    missing = site.call("node.get", site.key_args("node.get", sessid) + [999999])["result"]
    check(missing == "Could not find the node.", "a missing node: 'Could not find the node.'")

    modern = site.envelope("node.get", site.key_args("node.get", sessid) + [1], version="2.0")
    status, body = site.post(modern)
    answer = json.loads(body)
    check(status == 200 and answer.get("jsonrpc") == "2.0" and answer.get("id") == modern["id"] and isinstance(answer.get("result"), dict),
          "a JSON-RPC 2.0 call gets a 2.0 answer")

    status, body = site.post(site.envelope("node.get", site.key_args("node.get", sessid) + [1], version="2.0", notification=True))
    check(status == 200 and body == b"", "a JSON-RPC 2.0 notification gets an empty body")

    status, body = site.post({"version": "1.1", "method": "node.get", "id": "x", "params": "not a list"})
    answer = json.loads(body)
    check("error" in answer and answer["error"]["code"] == -32602, "params that are not an array: error -32602")

    request = urllib.request.Request(site.endpoint, data=b"{not json", method="POST", headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        answer = json.loads(response.read())
    check(answer["error"]["code"] == -32700, "a body that is not JSON: error -32700")

    out = site.call("user.logout", site.key_args("user.logout", sessid))["result"]
    check(out is True, "user.logout returns true")
    after = site.call("user.logout", site.key_args("user.logout", sessid))["result"]
    check(after == "User is not logged in.", "the old sessid now runs as anonymous: 'User is not logged in.'")
    print("PEER-OK")


if __name__ == "__main__":
    main()
