#!/usr/bin/env bash
# Generates the DocC documentation of every library product and fails on any warning
# (`swift package generate-documentation` through swift-docc-plugin; the catalogs are
# Modules/<Product>/Sources/<Product>.docc, MockServers/<Product>/Sources/<Product>.docc and
# Adapters/<Product>/Sources/<Product>.docc).
set -euo pipefail
cd "$(dirname "$0")/.."
# The library products' targets, read from the manifest so a new product is documented too.
library_targets=$(swift package dump-package | python3 -c '
import json, sys
manifest = json.load(sys.stdin)
print(" ".join(t for p in manifest["products"] if "library" in p["type"] for t in p["targets"]))
')
[ -n "$library_targets" ] || { echo "docs.sh: the manifest lists no library products" >&2; exit 1; }
targets=()
for target in $library_targets; do targets+=(--target "$target"); done
echo "documenting: $library_targets"
# Every DocC warning is an error. SwiftPM's notice that a dependency (swift-distributed-tracing)
# has CMakeLists.txt files it does not handle is not ours to fix, so it is left out, as in fuzz.sh;
# with pipefail the script still fails with the plugin's own exit status.
swift package --allow-writing-to-package-directory generate-documentation "${targets[@]}" --warnings-as-errors "$@" 2>&1 \
    | { grep -v -e "which are unhandled" -e '^ *[^ ]*/checkouts/.*/CMakeLists.txt$' || true; }
