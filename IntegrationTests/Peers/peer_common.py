"""What every peer script run against `mock-servers` shares: one line per check, `ok` or
`FAIL` (the Swift test looks for `FAIL `), exit 1 on the first failure; and the ready file the
test passes as the first argument (`mock-servers --ready-file`: each provider's baseURL and
credentials)."""
import json
import sys


def check(condition, message):
    if not condition:
        print("FAIL " + message)
        sys.exit(1)
    print("ok   " + message)


def ready_file():
    """The providers of the ready file named by the first argument, by name."""
    with open(sys.argv[1], encoding="utf-8") as handle:
        return json.load(handle)
