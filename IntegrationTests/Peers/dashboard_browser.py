"""Browser check of the mock-servers dashboard: headless Chromium driven by Selenium watches the
dashboard while this script sends requests to the providers itself, in Python alone (oauthlib,
hmac, urllib, raw sockets; nothing from the Swift SDK), and reads the verdicts off the page.

Usage: python3 dashboard_browser.py READY_FILE SCREENSHOT_PNG

READY_FILE is `mock-servers --dashboard --ready-file` output; the main page's screenshot goes
to SCREENSHOT_PNG and the tampered request's page to the same name with `-request` before
`.png`. An RFC 9421 request whose query changed after signing (hmac-sha256, the signature
base built here, sent in X-Signature-Base) must show on its page with `"@query"` marked on both
sides. Prints one `ok: …` line per check; exits 0 when all pass, 1 on the first failure (with
the page's relevant text), 77 when selenium, Chromium or chromedriver is missing (the Swift
test decides whether that skips or fails).
"""
import base64
import hashlib
import hmac
import http.client
import json
import os
import re
import secrets
import socket
import sys
import tempfile
import time
import urllib.parse

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
WAIT = 2  # seconds a row may take to appear
EVIL = "http://evil.example"
XSS_PATH = "/%3Cscript%3Ealert(1)%3C/script%3E"

try:
    from selenium import webdriver
    from selenium.common.exceptions import NoAlertPresentException, TimeoutException, WebDriverException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait
    from oauthlib.oauth1 import Client as OAuth1Client
    from oauthlib.oauth1.rfc5849 import signature as oauth_signature
except ImportError as missing:
    print("SKIP: %s (pip install -r .ci/requirements.txt)" % missing)
    sys.exit(77)
for tool in (CHROMIUM, CHROMEDRIVER):
    if not os.access(tool, os.X_OK):
        print("SKIP: %s is missing (apt-get install chromium chromium-driver)" % tool)
        sys.exit(77)

driver = None  # the browser, for failure reports
DASHBOARD = ""  # the dashboard's base URL, set by main()


# ---- reporting ----------------------------------------------------------------------------

def page_text():
    """What the page shows that matters for a failure: URL, live status, rows, comparison."""
    if driver is None:
        return ""
    try:
        return driver.execute_script("""
            const out = ['page: ' + location.href];
            const status = document.getElementById('live-status');
            if (status) out.push('live-status: ' + status.textContent);
            for (const row of Array.from(document.querySelectorAll('#request-list tbody tr')).slice(0, 20))
              out.push('row ' + row.dataset.provider + '#' + row.dataset.sequence + (row.hidden ? ' (hidden)' : '') + ': ' +
                       Array.from(row.cells).map((c) => c.textContent.trim()).join(' | '));
            for (const id of ['summary', 'comparison']) {
              const node = document.getElementById(id);
              if (node) out.push(id + ': ' + node.innerText.slice(0, 2000));
            }
            for (const alert of document.querySelectorAll('[role=alert]'))
              if (alert.textContent) out.push('alert: ' + alert.textContent);
            return out.join('\\n');""")
    except WebDriverException as error:
        return "(page unreadable: %s)" % error.msg


def fail(message):
    global driver
    print("FAIL: " + message)
    text = page_text()
    if text:
        print("---- page\n" + text)
    if driver is not None:
        try:
            for entry in driver.get_log("browser"):
                print("browser log: %s %s" % (entry["level"], entry["message"]))
        except WebDriverException:
            pass
        driver.quit()
        driver = None
    sys.exit(1)


def ok(message):
    print("ok: " + message, flush=True)


def check(condition, message):
    if not condition:
        fail(message)
    ok(message)


# ---- HTTP without a library: exact bytes, any Host and Origin -----------------------------

# How long one socket operation may wait before the peer calls the server hung.
HANG_GUARD = 90


def exchange(base_url, raw):
    """Sends the bytes `raw` to base_url's host and port; returns (status, headers, body)."""
    parts = urllib.parse.urlsplit(base_url)
    # A hang guard, not a speed check: the first Books request builds the mock's catalogue,
    # 15 s and more in a debug build on a loaded machine. The Swift test bounds the whole run.
    with socket.create_connection((parts.hostname, parts.port), timeout=HANG_GUARD) as connection:
        connection.sendall(raw)
        data = b""
        while True:
            chunk = connection.recv(65536)
            if not chunk:
                break
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    if headers.get("transfer-encoding", "").lower() == "chunked":
        body = dechunk(body)
    return int(lines[0].split()[1]), headers, body


def dechunk(body):
    out = b""
    while body:
        size_line, _, rest = body.partition(b"\r\n")
        size = int(size_line.split(b";")[0], 16)
        if size == 0:
            break
        out += rest[:size]
        body = rest[size + 2:]
    return out


def request_bytes(method, base_url, target, headers=(), body=b"", host=None):
    """An HTTP/1.1 request closing its connection; `host` replaces the base URL's authority."""
    authority = host or urllib.parse.urlsplit(base_url).netloc
    lines = ["%s %s HTTP/1.1" % (method, target), "Host: " + authority]
    lines += ["%s: %s" % pair for pair in headers]
    if body or method in ("POST", "PUT", "PATCH"):
        lines.append("Content-Length: %d" % len(body))
    lines.append("Connection: close")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("utf-8") + body


def send(method, base_url, target, headers=(), body=b"", host=None):
    return exchange(base_url, request_bytes(method, base_url, target, headers, body, host))


# ---- the page -----------------------------------------------------------------------------

def rows():
    """Every row of the requests table as a dict, newest first."""
    return driver.execute_script("""
        return Array.from(document.querySelectorAll('#request-list tbody tr')).map((row) => ({
          provider: row.dataset.provider, sequence: Number(row.dataset.sequence), verdict: row.dataset.verdict,
          hidden: row.hidden,
          cells: Object.fromEntries(Array.from(row.cells).map((cell) => [cell.className, cell.textContent.trim()])),
          href: (row.querySelector('td.path a') || {}).href || ''
        }));""")


def newest_sequence(provider):
    """The newest sequence number of `provider` the page shows."""
    return max([row["sequence"] for row in rows() if row["provider"] == provider] or [0])


def journal_sequence(provider):
    """The newest sequence number in `provider`'s journal, asked of the server: what the next
    request's row must exceed. (The page draws rows a frame or two after they arrive, so it
    can be behind.)"""
    status, _, body = send("GET", DASHBOARD, "/providers/%s/__admin/journal" % provider)
    if status != 200:
        fail("the journal of %s could not be read (status %s)" % (provider, status))
    return max([entry["sequence"] for entry in json.loads(body)] or [0])


def texts(selector):
    """The text of every element matching `selector`, read in one step in the page: the page
    re-renders lists (a fault list after its POST answer and again after the stream's event), so
    elements found first and read later can be gone."""
    return driver.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0]), (e) => e.textContent);", selector)


def wait_for_row(provider, after, description):
    """The first row of `provider` with a sequence above `after`, waited for WAIT seconds."""
    def found(_):
        candidates = [row for row in rows() if row["provider"] == provider and row["sequence"] > after]
        return candidates[-1] if candidates else False
    try:
        return WebDriverWait(driver, WAIT, poll_frequency=0.05).until(found)
    except TimeoutException:
        fail("no %s row for %s appeared within %d s" % (provider, description, WAIT))


def expect_row(provider, after, description, verdict, status=None, reason_words=()):
    """Waits for the row of the request just sent and checks its verdict, status and reason."""
    row = wait_for_row(provider, after, description)
    cells = row["cells"]
    problems = []
    if row["verdict"] != verdict or cells.get("verdict") != verdict:
        problems.append("verdict %r (data-verdict %r), expected %r" % (cells.get("verdict"), row["verdict"], verdict))
    if status is not None and cells.get("status") != str(status):
        problems.append("status %r, expected %s" % (cells.get("status"), status))
    reason = cells.get("reason", "").lower()
    if reason_words and not any(word in reason for word in reason_words):
        problems.append("reason %r mentions none of %s" % (cells.get("reason"), list(reason_words)))
    if problems:
        fail("%s: %s (row %s)" % (description, "; ".join(problems), cells))
    ok("%s: %s row appeared (%s, status %s: %s)" % (description, provider, verdict, cells.get("status"), cells.get("reason", "")[:90]))
    return row


def browser_problems():
    """Content-Security-Policy violations and JavaScript errors in the browser's log so far."""
    problems = []
    for entry in driver.get_log("browser"):
        text = entry.get("message", "")
        if "Content Security Policy" in text or "Content-Security-Policy" in text:
            problems.append(text)
        elif entry.get("level") == "SEVERE" and entry.get("source") != "network":
            problems.append(text)
    return problems


def open_dashboard(url):
    driver.get(url)
    try:
        WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "live-status").text.startswith("Live"))
    except TimeoutException:
        fail("the dashboard at %s never said Live (the /events stream did not connect)" % url)


# ---- the providers' own protocols ---------------------------------------------------------

class Twitter:
    def __init__(self, info):
        self.base = info["baseURL"].rstrip("/")
        creds = info["credentials"]
        self.client_args = dict(client_key=creds["consumerKey"], client_secret=creds["consumerSecret"],
                                resource_owner_key=creds["accessToken"], resource_owner_secret=creds["accessTokenSecret"])

    def signed(self, target):
        """A GET of `target` signed with HMAC-SHA1 by oauthlib: (raw request, base string signed)."""
        url = self.base + target
        uri, headers, _ = OAuth1Client(**self.client_args).sign(url, http_method="GET")
        parameters = oauth_signature.collect_parameters(uri_query=urllib.parse.urlsplit(uri).query, headers=headers,
                                                        exclude_oauth_signature=True)
        base_string = oauth_signature.signature_base_string(
            "GET", oauth_signature.base_string_uri(uri), oauth_signature.normalize_parameters(parameters))
        sent = urllib.parse.unquote(re.search(r'oauth_signature="([^"]*)"', headers["Authorization"]).group(1))
        expected = oauth_signature.sign_hmac_sha1(base_string, self.client_args["client_secret"],
                                                  self.client_args["resource_owner_secret"])
        if sent != expected:
            fail("oauthlib's signature does not match the base string computed here (the check itself is wrong)")
        target_sent = uri[len(self.base):]
        raw = request_bytes("GET", self.base, target_sent,
                            [("Authorization", headers["Authorization"]), ("User-Agent", "dashboard-browser/1.0")])
        return raw, base_string

    def tampered(self, path):
        """`path?include_entities=true` signed, its base string in X-OAuth1-Base-String, then
        changed in transit to `include_entities=false`: (raw request, the client's base string)."""
        raw, base_string = self.signed(path + "?include_entities=true")
        raw = raw.replace(b"include_entities=true", b"include_entities=false", 1)
        raw = raw.replace(b"Connection: close", ("X-OAuth1-Base-String: %s\r\nConnection: close" % base_string).encode("ascii"), 1)
        return raw, base_string


class Drupal:
    def __init__(self, info):
        self.endpoint_base = info["baseURL"].rstrip("/")
        self.key, self.domain = info["credentials"]["apiKey"], info["credentials"]["domain"]

    def call(self, method, params):
        body = json.dumps({"version": "1.1", "method": method, "params": params, "id": "1"}).encode("utf-8")
        status, _, answer = send("POST", self.endpoint_base, "/services/json-rpc",
                                 [("Content-Type", "application/json; charset=utf-8")], body)
        return status, json.loads(answer or b"null")

    def key_args(self, method, sessid, timestamp=None):
        """hash = HMAC-SHA256('timestamp;domain;nonce;method', key), then domain, timestamp, nonce, sessid."""
        timestamp = str(int(time.time())) if timestamp is None else str(timestamp)
        nonce = secrets.token_hex(10)
        message = ";".join([timestamp, self.domain, nonce, method]).encode("utf-8")
        digest = hmac.new(self.key.encode("utf-8"), message, hashlib.sha256).hexdigest()
        return [digest, self.domain, timestamp, nonce, sessid]


def header_text(text):
    """`text` as the mocks' diagnosis headers carry it: printable ASCII as it is, `%` and every
    other byte (the line feeds included) as `%XX`."""
    return "".join(chr(byte) if 0x20 <= byte <= 0x7E and byte != 0x25 else "%%%02X" % byte for byte in text.encode("utf-8"))


class HTTPSig:
    """RFC 9421 by hand: the signature base of @method, @authority, @path and @query, signed
    with the demo hmac-sha256 secret (Python's hmac; nothing from the Swift SDK)."""
    COMPONENTS = ("@method", "@authority", "@path", "@query")

    def __init__(self, info):
        self.base = info["baseURL"].rstrip("/")
        self.keyid = info["credentials"]["hmacKeyId"]
        self.secret = base64.b64decode(info["credentials"]["hmacSecret"])

    def signed(self, path, signed_query, sent_query=None):
        """GET path?signed_query signed (created now), sent as path?sent_query with the signature
        base in X-Signature-Base: (raw request, the base signed)."""
        params = "(%s);created=%d;keyid=\"%s\"" % (" ".join('"%s"' % c for c in self.COMPONENTS), int(time.time()), self.keyid)
        base = "\n".join(['"@method": GET', '"@authority": ' + urllib.parse.urlsplit(self.base).netloc.lower(), '"@path": ' + path,
                          '"@query": ?' + signed_query, '"@signature-params": ' + params])
        signature = base64.b64encode(hmac.new(self.secret, base.encode("ascii"), hashlib.sha256).digest()).decode("ascii")
        headers = [("Signature-Input", "sig1=" + params), ("Signature", "sig1=:%s:" % signature), ("X-Signature-Base", header_text(base))]
        return request_bytes("GET", self.base, "%s?%s" % (path, signed_query if sent_query is None else sent_query), headers), base


def afsigned_target(info, secret, query="q=Ada"):
    """GET /users signed the auth_signature way (version 2): HMAC-SHA256 of 'GET\\n/users\\nq=Ada'."""
    creds = info["credentials"]
    string_to_sign = "GET\n/users\n" + urllib.parse.unquote_plus(query)
    signature = hmac.new(secret.encode("utf-8"), string_to_sign.encode("utf-8"), hashlib.sha256).hexdigest()
    auth = urllib.parse.urlencode({"auth_version": "2", "auth_client_id": creds["clientID"],
                                   "auth_timestamp": str(int(time.time())), "auth_signature": signature})
    return "/users?" + query + "&" + auth


# ---- the checks ---------------------------------------------------------------------------

def requests_checks(ready):
    """One request per kind of verdict and cause; each row must appear within WAIT seconds."""
    twitter, drupal = Twitter(ready["twitter"]), Drupal(ready["drupal"])
    verify = "/1.1/account/verify_credentials.json"

    # A valid OAuth 1.0a request (the demo access token; HMAC-SHA1 by oauthlib).
    valid, _ = twitter.signed(verify)
    after = journal_sequence("twitter")
    status, _, body = exchange(twitter.base, valid)
    check(status == 200, "valid OAuth 1.0a GET %s answered 200 (%s)" % (verify, body[:120]))
    expect_row("twitter", after, "valid OAuth 1.0a request", "accepted", 200)

    # Tampered in transit: signed with include_entities=true, sent with =false, the client's
    # base string in X-OAuth1-Base-String.
    raw, _ = twitter.tampered(verify)
    after = journal_sequence("twitter")
    status, _, body = exchange(twitter.base, raw)
    check(status == 401, "tampered request answered 401 (%s %s)" % (status, body[:120]))
    expect_row("twitter", after, "tampered request", "rejected", 401, ("signature",))

    # The same valid request's exact bytes again: a replayed nonce.
    after = journal_sequence("twitter")
    status, _, body = exchange(twitter.base, valid)
    check(status == 401, "replayed request answered 401 (%s)" % body[:120])
    expect_row("twitter", after, "replayed request", "rejected", 401, ("nonce", "replay"))

    # AFSigned signed with a wrong secret.
    afsigned = ready["afsigned"]["baseURL"].rstrip("/")
    after = journal_sequence("afsigned")
    status, _, body = send("GET", afsigned, afsigned_target(ready["afsigned"], "not-the-client-secret"))
    check(status == 401 and b"Incorrect auth signature" in body, "AFSigned with a wrong secret answered 401 Incorrect auth signature (%s)" % body[:120])
    expect_row("afsigned", after, "AFSigned request with a wrong secret", "rejected", 401, ("signature",))

    # Drupal: connect (accepted), then a call whose key timestamp is an hour old.
    after = journal_sequence("drupal")
    status, answer = drupal.call("system.connect", [])
    check(status == 200 and isinstance(answer.get("result"), dict), "Drupal system.connect answered a session")
    expect_row("drupal", after, "Drupal system.connect", "accepted")
    sessid = answer["result"]["sessid"]
    after = journal_sequence("drupal")
    status, answer = drupal.call("node.get", drupal.key_args("node.get", sessid, int(time.time()) - 3600) + [1])
    check(answer.get("result") == "Token has expired.", "Drupal call with an hour-old timestamp: 'Token has expired.' (%s)" % answer)
    expect_row("drupal", after, "Drupal call with a stale timestamp", "rejected", reason_words=("expired", "timestamp"))

    # Google Books without a key: 403 when the mock requires keys, else served.
    books = ready["googlebooks"]["baseURL"].rstrip("/")
    after = journal_sequence("googlebooks")
    status, _, body = send("GET", books, "/books/v1/volumes?q=swift")
    if status == 403:
        expect_row("googlebooks", after, "Google Books without a key (requiresKey on)", "rejected", 403, ("key",))
    else:
        check(status == 200, "Google Books without a key answered 200 (requiresKey off) (%s %s)" % (status, body[:120]))
        expect_row("googlebooks", after, "Google Books without a key (requiresKey off)", "accepted", 200)

    # A path that is markup: shown as text, never run.
    after = journal_sequence("twitter")
    status, _, _ = send("GET", twitter.base, XSS_PATH)
    row = wait_for_row("twitter", after, "the <script> path")
    try:
        alert = driver.switch_to.alert
        fail("an alert is open: %r" % alert.text)
    except NoAlertPresentException:
        ok("no alert opened for the <script> path")
    shown = row["cells"].get("path", "") + " " + row["cells"].get("reason", "")
    check("<script>" in shown or "%3Cscript%3E" in shown,
          "the <script> path's row shows it as text (answered %d): %r" % (status, row["cells"].get("path")))
    # The same path unencoded, as a raw client may send it: if the server journals it, it too is text.
    after = journal_sequence("twitter")
    raw_status, _, _ = send("GET", twitter.base, "/<script>alert(2)</script>")
    time.sleep(0.3)
    literal = [r for r in rows() if r["provider"] == "twitter" and r["sequence"] > after]
    literal_shown = literal and "<script>" in literal[0]["cells"].get("path", "") + literal[0]["cells"].get("reason", "")
    check("<script>" in shown or literal_shown,
          "some row shows the literal text '<script>' (encoded path: %r; raw path answered %d, rows %s)"
          % (row["cells"].get("path"), raw_status, [r["cells"].get("path") for r in literal]))
    check(not driver.find_elements(By.CSS_SELECTOR, "#request-list script"), "no script element inside #request-list")
    problems = browser_problems()
    check(not problems, "no CSP violation and no JavaScript error in the browser log (%s)" % problems)
    return twitter


def fault_checks(ready, twitter, token):
    """A status fault added on the page, hit once; then removed on the page."""
    verify = "/1.1/account/verify_credentials.json"
    form = driver.find_element(By.CSS_SELECTOR, 'form.add-fault[data-provider="twitter"]')
    check(form.is_displayed(), "twitter's add-fault form is shown (JavaScript un-hid it)")
    route = Select(form.find_element(By.NAME, "route"))
    values = [option.get_attribute("value") for option in route.options]
    route.select_by_value("GET " + verify if "GET " + verify in values else "*")
    Select(form.find_element(By.NAME, "kind")).select_by_value("status")
    for name, value in (("value", "503"), ("remaining", "1")):
        field = form.find_element(By.NAME, name)
        field.clear()
        field.send_keys(value)
    form.find_element(By.CSS_SELECTOR, 'button[type="submit"]').click()
    faults = 'article.provider[data-provider="twitter"] ul.faults li'
    try:
        WebDriverWait(driver, WAIT).until(lambda d: any("503" in text for text in texts(faults)))
    except TimeoutException:
        fail("the fault added on the page is not listed (form says %r)" % form.find_element(By.CSS_SELECTOR, "[role=alert]").text)
    ok("fault added on the page: %s" % texts(faults))

    valid, _ = twitter.signed(verify)
    after = journal_sequence("twitter")
    status, _, _ = exchange(twitter.base, valid)
    check(status == 503, "the next request to the route got the fault's 503 (got %d)" % status)
    expect_row("twitter", after, "request hit by the fault", "faulted", 503)

    # A bad value: the server's {"error"} shown in the form's alert.
    field = form.find_element(By.NAME, "value")
    field.clear()
    field.send_keys("999")
    form.find_element(By.NAME, "remaining").clear()
    form.find_element(By.CSS_SELECTOR, 'button[type="submit"]').click()
    alert = form.find_element(By.CSS_SELECTOR, '[role="alert"]')
    try:
        WebDriverWait(driver, WAIT).until(lambda d: alert.text.strip())
    except TimeoutException:
        fail("a 999 status fault showed no error in the form's alert")
    ok("a status of 999 refused, the server's words in the form: %r" % alert.text)

    form.find_element(By.CSS_SELECTOR, "button.clear-faults").click()
    try:
        WebDriverWait(driver, WAIT).until(lambda d: not texts(faults)
                                          and d.find_element(By.CSS_SELECTOR, 'article.provider[data-provider="twitter"] .no-faults').is_displayed())
    except TimeoutException:
        fail("Remove all faults left faults listed")
    ok("Remove all faults emptied twitter's list")

    # Another client changes the rules (here: this script, through the admin route): the page
    # follows through the stream's `faults` event.
    dashboard = ready["twitter"]["dashboardURL"].rstrip("/")
    rule = {"route": "*", "fault": {"latency": {"milliseconds": 1}}, "remaining": 5}
    status, _, body = send("POST", dashboard, "/providers/twitter/__admin/faults",
                           [("Content-Type", "application/json"), ("X-Mock-Admin-Token", token)], json.dumps(rule).encode("utf-8"))
    check(status == 200, "a latency fault added through the admin route (%d %s)" % (status, body[:100]))
    try:
        WebDriverWait(driver, WAIT).until(lambda d: any("latency" in text for text in texts(faults)))
    except TimeoutException:
        fail("a fault added by another client did not appear in twitter's list within %d s (no `event: faults` on /events?)" % WAIT)
    ok("a fault added by another client appears on the page")
    status, _, _ = send("DELETE", dashboard, "/providers/twitter/__admin/faults", [("X-Mock-Admin-Token", token)])
    check(status == 204, "the admin route removed it (204)")
    try:
        WebDriverWait(driver, WAIT).until(lambda d: not texts(faults))
    except TimeoutException:
        fail("faults removed by another client are still listed on the page after %d s" % WAIT)
    ok("faults removed by another client disappear from the page")


def admin_security_checks(ready, dashboard, token):
    """State-changing admin calls from a foreign origin or host, or without the token: 403."""
    rule = json.dumps({"route": "*", "fault": {"status": {"code": 418}}}).encode("utf-8")
    twitter = ready["twitter"]["baseURL"].rstrip("/")
    json_type = ("Content-Type", "application/json")
    targets = [("dashboard", dashboard, "/providers/twitter/__admin/faults"), ("twitter itself", twitter, "/__admin/faults")]
    for where, base, path in targets:
        cases = [
            ("Origin: %s with the token" % EVIL, [json_type, ("X-Mock-Admin-Token", token), ("Origin", EVIL)], None),
            ("Host: evil.example with the token", [json_type, ("X-Mock-Admin-Token", token)], "evil.example"),
            ("no token", [json_type], None),
            ("a wrong token", [json_type, ("X-Mock-Admin-Token", "0" * len(token))], None),
        ]
        for description, headers, host in cases:
            status, _, body = send("POST", base, path, headers, rule, host=host)
            check(status == 403, "POST %s on the %s, %s: 403 (%d %s)" % (path, where, description, status, body[:100]))
    for where, base, path in targets:
        status, _, body = send("GET", base, path, [("X-Mock-Admin-Token", token)])
        check(status == 200 and json.loads(body) == [], "GET %s on the %s afterwards: no rule was added (%s)" % (path, where, body[:100]))


def ui_checks(ready):
    """Reveal, live filters with the URL kept in step, pause and resume."""
    button = driver.find_element(By.CSS_SELECTOR, 'article.provider[data-provider="twitter"] button.reveal')
    secret = driver.find_element(By.CSS_SELECTOR, 'article.provider[data-provider="twitter"] .secret-value')
    check(button.get_attribute("aria-expanded") == "false" and not secret.is_displayed(), "secrets start masked")
    button.click()
    check(button.get_attribute("aria-expanded") == "true" and secret.is_displayed() and secret.text, "Reveal shows the secret, aria-expanded=true")
    button.click()
    check(button.get_attribute("aria-expanded") == "false" and not secret.is_displayed(), "Hide masks it again")

    Select(driver.find_element(By.ID, "filter-verdict")).select_by_value("rejected")
    shown = [row for row in rows() if not row["hidden"]]
    check(shown and all(row["verdict"] == "rejected" for row in shown) and "verdict=rejected" in driver.current_url,
          "verdict filter applies live and sets ?verdict=rejected (%s)" % driver.current_url)
    Select(driver.find_element(By.ID, "filter-verdict")).select_by_value("")
    check(not any(row["hidden"] for row in rows()) and "verdict=" not in driver.current_url, "clearing the filter shows every row")

    pause = driver.find_element(By.ID, "pause")
    pause.click()
    books = ready["googlebooks"]["baseURL"].rstrip("/")
    key = ready["googlebooks"]["credentials"].get("apiKey", "")
    before = newest_sequence("googlebooks")
    send("GET", books, "/books/v1/volumes?q=swift&key=" + urllib.parse.quote(key))
    status = driver.find_element(By.ID, "live-status")
    try:
        WebDriverWait(driver, WAIT).until(lambda d: "Paused: 1 new" in status.text)
    except TimeoutException:
        fail("paused, a new request did not show as 'Paused: 1 new' (status %r)" % status.text)
    check(pause.get_attribute("aria-pressed") == "true" and newest_sequence("googlebooks") == before,
          "paused: the new entry is held, the status says %r" % status.text)
    pause.click()
    wait_for_row("googlebooks", before, "the entry held while paused")
    check(status.text.startswith("Live"), "resumed: the held entry is shown and the status is %r" % status.text)


def burst_checks(ready):
    """A burst of 3 000 requests into twitter while the page is open: every one reaches the page
    (its newest row shows within WAIT seconds of the last answer), the list stays bounded at 500
    rows, and the page still answers a click at once."""
    twitter = ready["twitter"]["baseURL"].rstrip("/")
    parsed = urllib.parse.urlsplit(twitter)
    connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=HANG_GUARD)
    started = time.monotonic()
    for index in range(3000):
        connection.request("GET", "/1.1/account/verify_credentials.json?burst=%d" % index)
        connection.getresponse().read()
    connection.close()
    seconds = time.monotonic() - started
    last = journal_sequence("twitter")
    try:
        WebDriverWait(driver, WAIT, poll_frequency=0.05).until(lambda d: newest_sequence("twitter") >= last)
    except TimeoutException:
        fail("after a burst of 3000 requests (%.1f s), the page's newest twitter row is #%d, not #%d, %d s later"
             % (seconds, newest_sequence("twitter"), last, WAIT))
    count = len(rows())
    check(count <= 500, "after 3000 requests in %.1f s (%.0f a second) the page keeps %d rows (at most 500), the newest #%d"
          % (seconds, 3000 / seconds, count, last))
    pause = driver.find_element(By.ID, "pause")
    clicked = time.monotonic()
    pause.click()
    pressed = pause.get_attribute("aria-pressed")
    pause.click()
    check(pressed == "true" and pause.get_attribute("aria-pressed") == "false",
          "the page answers clicks after the burst (Pause and resume in %.0f ms)" % ((time.monotonic() - clicked) * 1000))


def clear_and_stage(ready, dashboard, token):
    """Clear on the page, then a small representative session for the screenshots."""
    Select(driver.find_element(By.ID, "filter-provider")).select_by_value("")
    driver.find_element(By.ID, "clear").click()
    try:
        # Every journal's DELETE has answered once the page says so (the rows can all be gone
        # earlier: after the burst only twitter's are on the page).
        WebDriverWait(driver, WAIT).until(lambda d: "Cleared every provider" in d.find_element(By.ID, "live-status").text)
        WebDriverWait(driver, WAIT).until(lambda d: not rows() and d.find_element(By.ID, "empty-list").is_displayed())
    except TimeoutException:
        fail("Clear left rows on the page, or did not say it cleared every provider (status %r)" % driver.find_element(By.ID, "live-status").text)
    for name in ready:
        if "dashboardURL" not in ready[name]:
            continue
        status, _, body = send("GET", dashboard, "/providers/%s/__admin/journal" % name)
        check(status == 200 and json.loads(body) == [], "Clear emptied %s's journal" % name)

    twitter, drupal = Twitter(ready["twitter"]), Drupal(ready["drupal"])
    verify = "/1.1/account/verify_credentials.json"
    books = ready["googlebooks"]["baseURL"].rstrip("/")
    key = urllib.parse.quote(ready["googlebooks"]["credentials"].get("apiKey", ""))
    afsigned = ready["afsigned"]
    exchange(twitter.base, twitter.signed(verify)[0])
    status, answer = drupal.call("system.connect", [])
    sessid = answer["result"]["sessid"]
    drupal.call("node.get", drupal.key_args("node.get", sessid) + [1])
    send("GET", books, "/books/v1/volumes?q=swift&maxResults=5&key=" + key)
    send("GET", afsigned["baseURL"].rstrip("/"), afsigned_target(afsigned, afsigned["credentials"]["clientSecret"], "page=1"))
    send("GET", afsigned["baseURL"].rstrip("/"), afsigned_target(afsigned, "not-the-client-secret"))
    drupal.call("node.get", drupal.key_args("node.get", sessid, int(time.time()) - 3600) + [1])
    send("POST", twitter.base, "/__admin/faults", [("Content-Type", "application/json"), ("X-Mock-Admin-Token", token)],
         json.dumps({"route": "GET " + verify, "fault": {"status": {"code": 503}}, "remaining": 1}).encode("utf-8"))
    exchange(twitter.base, twitter.signed(verify)[0])
    raw, base_string = twitter.tampered(verify)
    after = journal_sequence("twitter")
    exchange(twitter.base, raw)
    send("DELETE", twitter.base, "/__admin/faults", [("X-Mock-Admin-Token", token)])
    return expect_row("twitter", after, "staged tampered request", "rejected", 401, ("signature",)), base_string


def detail_checks(row):
    """The tampered request's page: the comparison marks exactly the changed parameter."""
    link = driver.find_element(By.CSS_SELECTOR, '#request-list tr[data-provider="twitter"][data-sequence="%d"] td.path a' % row["sequence"])
    link.click()
    try:
        WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.ID, "comparison"))
    except TimeoutException:
        fail("the tampered request's page has no #comparison (from the X-OAuth1-Base-String header)")
    for side in ("client", "server"):
        lines = driver.find_elements(By.CSS_SELECTOR, "#comparison .side.%s .line.differs" % side)
        names = [line.get_attribute("data-name") for line in lines]
        check(names == ["include_entities"], "%s side: exactly include_entities differs (%s)" % (side, names))
    source = driver.find_element(By.CSS_SELECTOR, "#comparison .comparison-source").text
    check("X-OAuth1-Base-String" in source, "the comparison says it came from the request's header (%r)" % source)

    problems = browser_problems()
    check(not problems, "no CSP violation and no JavaScript error on the request page (%s)" % problems)
    return driver.current_url


def reproduce_and_compare_checks(url, base_string):
    """Copy as curl; then the compare form (a plain POST, no JavaScript needed) compares the
    text pasted."""
    copy = driver.find_element(By.CSS_SELECTOR, 'button.copy[data-copy="curl"]')
    check(copy.is_displayed(), "the Copy as curl button is shown")
    copy.click()
    copy_status = driver.find_element(By.CSS_SELECTOR, "#reproduce .copy-status")
    try:
        WebDriverWait(driver, WAIT).until(lambda d: copy_status.text.strip())
    except TimeoutException:
        fail("Copy as curl said nothing in .copy-status")
    ok("Copy as curl: %r" % copy_status.text)
    driver.get(url)
    field = driver.find_element(By.ID, "client-text")
    field.clear()
    field.send_keys(base_string)
    driver.find_element(By.CSS_SELECTOR, '#compare button[type="submit"]').click()
    # The submit navigates: the old page's comparison (from the request's header) stays until
    # the answer replaces it, and a read while the page is going away can fail (a stale element,
    # a script context destroyed). So the source is read in one step each time (`texts`), and a
    # failed read is tried again until the answer is there or 5 s have passed.
    try:
        WebDriverWait(driver, 5, ignored_exceptions=(WebDriverException,)).until(
            lambda d: any("pasted" in text for text in texts("#comparison .comparison-source")))
    except TimeoutException:
        fail("comparing a pasted base string gave no comparison 'From the text you pasted'")
    for side in ("client", "server"):
        names = [line.get_attribute("data-name") for line in driver.find_elements(By.CSS_SELECTOR, "#comparison .side.%s .line.differs" % side)]
        check(names == ["include_entities"], "pasted base string, %s side: exactly include_entities differs (%s)" % (side, names))
    problems = browser_problems()
    check(not problems, "no CSP violation and no JavaScript error after the compare form (%s)" % problems)


def httpsig_checks(ready, dashboard):
    """RFC 9421: a request signed here is accepted; the same signed for ?page=1 and sent as
    ?page=2 is refused, and its page shows both signature bases with exactly "@query" marked."""
    httpsig = HTTPSig(ready["httpsig"])
    open_dashboard(dashboard + "/")
    raw, _ = httpsig.signed("/api/items", "page=1")
    after = journal_sequence("httpsig")
    status, _, body = exchange(httpsig.base, raw)
    check(status == 200, "RFC 9421 GET /api/items?page=1 signed here with hmac-sha256 answered 200 (%s %s)" % (status, body[:160]))
    expect_row("httpsig", after, "RFC 9421 request", "accepted", 200)

    raw, _ = httpsig.signed("/api/items", "page=1", sent_query="page=2")
    after = journal_sequence("httpsig")
    status, headers, body = exchange(httpsig.base, raw)
    check(status == 401 and "x-signature-base" in headers, "RFC 9421 request changed after signing answered 401 with X-Signature-Base (%s %s)" % (status, body[:160]))
    row = expect_row("httpsig", after, "RFC 9421 request changed after signing", "rejected", 401, ("signature",))
    driver.find_element(By.CSS_SELECTOR, '#request-list tr[data-provider="httpsig"][data-sequence="%d"] td.path a' % row["sequence"]).click()
    try:
        WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.ID, "comparison"))
    except TimeoutException:
        fail("the RFC 9421 request's page has no #comparison (from the X-Signature-Base header)")
    for side in ("client", "server"):
        names = [line.get_attribute("data-name") for line in driver.find_elements(By.CSS_SELECTOR, "#comparison .side.%s .line.differs" % side)]
        check(names == ['"@query"'], "RFC 9421, %s side: exactly \"@query\" differs (%s)" % (side, names))
        shown = texts("#comparison .side.%s .line.differs code" % side)
        wanted = '"@query": ?page=%d' % (1 if side == "client" else 2)
        check(shown == [wanted], "RFC 9421, %s side: the marked line reads %r (%s)" % (side, wanted, shown))
    findings = texts("#comparison .findings li")
    check(any("@query" in text and "query changed on the way" in text for text in findings), "RFC 9421: the finding names @query and its cause (%s)" % findings)
    problems = browser_problems()
    check(not problems, "no CSP violation and no JavaScript error on the RFC 9421 request's page (%s)" % problems)


def start_browser():
    """Headless Chromium under chromedriver. Selenium gives chromedriver a port that was free a
    moment before; on a busy machine another socket can take it first, and chromedriver exits
    with status 1 ("bind() failed: Address already in use"). So a failed start is tried again,
    up to three times, and the last failure prints chromedriver's own log, which names why."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,800",
                     "--disable-dev-shm-usage", "--no-first-run", "--disable-extensions"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    attempts = 3
    for attempt in range(1, attempts + 1):
        descriptor, log_path = tempfile.mkstemp(prefix="chromedriver-", suffix=".log")
        os.close(descriptor)
        try:
            started = webdriver.Chrome(service=Service(CHROMEDRIVER, log_output=log_path), options=options)
        except WebDriverException as error:
            with open(log_path, encoding="utf-8", errors="replace") as handle:
                log = handle.read()[-2000:]
            os.remove(log_path)
            if attempt < attempts:
                # No pause: the next start gets a port of its own from Selenium.
                print("note: Chromium start %d of %d failed (%s), trying again" % (attempt, attempts, error.msg.strip()), flush=True)
                continue
            print("FAIL: Chromium did not start in %d attempts: %s\n---- chromedriver log\n%s" % (attempts, error.msg, log))
            sys.exit(1)
        os.remove(log_path)  # chromedriver keeps writing to it, unlinked, until it exits
        return started


def main():
    global driver
    if len(sys.argv) != 3:
        print(__doc__)
        sys.exit(2)
    with open(sys.argv[1], encoding="utf-8") as handle:
        ready = json.load(handle)
    screenshot = sys.argv[2]
    root, extension = os.path.splitext(screenshot)
    request_screenshot = root + "-request" + (extension or ".png")
    missing = [name for name in ("twitter", "drupal", "afsigned", "googlebooks", "httpsig") if name not in ready]
    if missing:
        print("FAIL: the ready file lacks %s" % missing)
        sys.exit(1)
    dashboard = ready["twitter"].get("dashboardURL", "").rstrip("/")
    global DASHBOARD
    DASHBOARD = dashboard
    token = ready["twitter"].get("adminToken", "")
    if not dashboard or not token:
        print("FAIL: the ready file has no dashboardURL/adminToken (was mock-servers started with --dashboard?)")
        sys.exit(1)

    driver = start_browser()
    try:
        open_dashboard(dashboard + "/")
        ok("dashboard open at %s, live" % dashboard)
        twitter = requests_checks(ready)
        fault_checks(ready, twitter, token)
        admin_security_checks(ready, dashboard, token)
        ui_checks(ready)
        burst_checks(ready)
        tampered, tampered_base_string = clear_and_stage(ready, dashboard, token)

        # Screenshots: the list freshly loaded, then the tampered request's page.
        open_dashboard(dashboard + "/")
        WebDriverWait(driver, WAIT).until(lambda d: len(rows()) >= 9)
        verdicts = {row["verdict"] for row in rows()}
        check(verdicts == {"accepted", "rejected", "faulted"}, "the staged list mixes every verdict (%s)" % sorted(verdicts))
        driver.save_screenshot(screenshot)
        ok("screenshot of the requests page: %s" % screenshot)
        detail_url = detail_checks(tampered)
        # The side-by-side comparison is what the page is for: scrolled into view.
        driver.execute_script("const c = document.getElementById('comparison'); if (c) { c.scrollIntoView({block: 'start'}); window.scrollBy(0, -24); }")
        driver.save_screenshot(request_screenshot)
        ok("screenshot of the tampered request: %s" % request_screenshot)
        reproduce_and_compare_checks(detail_url, tampered_base_string)
        httpsig_checks(ready, dashboard)
    finally:
        if driver is not None:
            driver.quit()
            driver = None
    print("DASHBOARD-BROWSER-OK")


if __name__ == "__main__":
    main()
