"""Failing fast while the replay store's database is down (docs/benchmarks.md, "Replay store
outage"). Sends OAuth 1.0a requests signed with requests-oauthlib, from WORKERS threads, to the
twitter mock of a standalone `mock-servers --replay-store URL`; stops the PostgreSQL cluster
(`.ci/postgres.sh stop`) after 5 s and starts it again (`.ci/postgres.sh resume`) 15 s later.
Prints the latency of the refused (503) requests from 3 s into the outage, whether any request
was accepted while the database was down, and how soon after the restart one is accepted again.

Run from the package root:
    eval "$(bash .ci/postgres.sh start --durable)"
    .build/debug/mock-servers --only twitter --port-base 0 --ready-file /tmp/ready.json \
        --log-level warning --replay-store "$SIGNED_API_TEST_POSTGRES_URL" &
    python3 Tools/Benchmarks/ReplayStoreOutage/outage.py /tmp/ready.json "$SIGNED_API_TEST_POSTGRES_DIR" 4
    kill %1; bash .ci/postgres.sh destroy "$SIGNED_API_TEST_POSTGRES_DIR"
"""
import json, subprocess, sys, threading, time
import requests
from requests_oauthlib import OAuth1

ready, pgdir, workers = sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 4
creds = json.load(open(ready))["twitter"]
base, c = creds["baseURL"], creds["credentials"]
url = base + "/1.1/account/verify_credentials.json"
auth = OAuth1(c["consumerKey"], c["consumerSecret"], c["accessToken"], c["accessTokenSecret"])
events, lock, stop = [], threading.Lock(), threading.Event()
t0 = time.monotonic()

def worker():
    s = requests.Session()
    while not stop.is_set():
        start = time.monotonic()
        try:
            status = s.get(url, auth=auth, timeout=10).status_code
        except Exception:
            status = -1
        end = time.monotonic()
        with lock:
            events.append((start - t0, end - start, status))

threads = [threading.Thread(target=worker) for _ in range(workers)]
for t in threads: t.start()
resumed_at = None
try:
    time.sleep(5)
    stopped = time.monotonic() - t0
    subprocess.run(["bash", ".ci/postgres.sh", "stop", pgdir], check=True)
    down = time.monotonic() - t0
    time.sleep(15)
    resumed_at = time.monotonic() - t0
    subprocess.run(["bash", ".ci/postgres.sh", "resume", pgdir], check=True)
    resumed = time.monotonic() - t0
    time.sleep(10)
finally:
    # Whatever failed, the cluster runs again and the clients stop.
    if resumed_at is None:
        subprocess.run(["bash", ".ci/postgres.sh", "resume", pgdir])
    stop.set()
    for t in threads: t.join()

def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p * len(values)))] if values else float("nan")

before = [e for e in events if e[0] < stopped]
during = [e for e in events if down + 3 <= e[0] < resumed_at]
after_ok = [e for e in events if e[0] >= resumed and e[2] == 200]
print(f"workers {workers}; stop asked at {stopped:.2f} s, database down at {down:.2f} s, start asked at {resumed_at:.2f} s, up at {resumed:.2f} s")
print(f"before: {len(before)} requests, statuses {sorted(set(e[2] for e in before))}, p50 {pct([e[1] for e in before], .5)*1000:.1f} ms, p99 {pct([e[1] for e in before], .99)*1000:.1f} ms")
print(f"outage after its first 3 s: {len(during)} requests, statuses {sorted(set(e[2] for e in during))}, accepted {sum(1 for e in during if e[2] == 200)}, "
      f"p50 {pct([e[1] for e in during], .5)*1000:.1f} ms, p99 {pct([e[1] for e in during], .99)*1000:.1f} ms, max {max((e[1] for e in during), default=0)*1000:.1f} ms")
first_ok = min((e[0] + e[1] for e in events if e[0] >= down and e[2] == 200), default=None)
print(f"first accepted request after the restart: {first_ok - resumed:.2f} s after the database was up ({first_ok - resumed_at:.2f} s after start was asked)" if first_ok else "no request accepted after the restart")
print(f"after: {len(after_ok)} accepted; any accepted during the outage: {any(e[2] == 200 and down <= e[0] and e[0] + e[1] < resumed_at for e in events)}")
