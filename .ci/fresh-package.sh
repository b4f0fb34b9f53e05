#!/usr/bin/env bash
# A new user's package, written from the README and the docs it links: the manifest of
# MockServers/README.md for an app with mock-server tests (this package by path instead of by URL), the SDK samples of the
# README and the products' DocC articles (Snippets/ files that import only what the app target
# may; each holds only declarations, so it compiles in a library) as the app's code, and the app
# tests of MockServers/README.md, "Testing your app against the mocks"
# (IntegrationTests/AppSignInTests.swift, AppMockTests.swift: OAuth 1.0a, Drupal, AFSigned,
# Google Books and HTTP Message Signatures, each against its in-process mock) as its tests. It must build with no
# warnings from those files, and its tests must pass.
#
# A CI step of its own (not a test inside `swift test`), run after the root package's build: it
# builds into the root's build folder (.build), where Hummingbird, NIO and this package's modules
# are already compiled with the same commands, so only the app and its tests compile. (With a
# build folder of its own it compiled all of them again: 11 min of both cores on CI's machine.)
# This package is depended on by its real path, under the name SwiftPM gives a path dependency
# (the folder's name, lowercased, as in Fuzz/Package.swift), so that its modules' compile commands
# are the root build's own; the manifest names it signed-api-sdk, replaced here.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
dir=$root/.build-fresh-package
app_imports=" Foundation SigningCore SignedHTTP OAuth1Client DrupalServicesClient AFSignedClient GoogleBooksClient CredentialStore HTTPMessageSignatures "

rm -rf "$dir/Sources/MyApp" "$dir/Tests/MyAppTests"
mkdir -p "$dir/Sources/MyApp" "$dir/Tests/MyAppTests"
by_url='.package(url: "https://github.com/OWNER/signed-api-sdk", from: "0.1.0")'
manifest=Examples/Manifests/AppWithMockTests/Package.swift
grep -qF "$by_url" "$manifest" || { echo "the manifest of MockServers/README.md no longer names the package as $by_url" >&2; exit 1; }
python3 - "$manifest" "$dir/Package.swift" "$by_url" "$root" <<'PY'
import os, sys
manifest, output, by_url, root = sys.argv[1:]
identity = os.path.basename(root).lower()
text = open(manifest).read().replace(by_url, '.package(path: "%s")' % root)
text = text.replace('package: "signed-api-sdk"', 'package: "%s"' % identity)
open(output, "w").write(text)
PY
rm -f "$dir/signed-api-sdk"

copied=0
for sample in Snippets/*.swift; do
    ok=1
    while read -r module; do
        [[ "$app_imports" == *" $module "* ]] || ok=0
    done < <(sed -n 's/^import //p' "$sample")
    if [ "$ok" = 1 ]; then cp "$sample" "$dir/Sources/MyApp/"; copied=$((copied + 1)); fi
done
[ "$copied" -ge 5 ] || { echo "the README's SDK samples were not found in Snippets/ ($copied)" >&2; exit 1; }
cp IntegrationTests/AppSignInTests.swift IntegrationTests/AppMockTests.swift "$dir/Tests/MyAppTests/"

echo "fresh package: $copied samples; building"
build_log=$(mktemp)
trap 'rm -f "$build_log"' EXIT
if ! timeout -k 30 1500 swift build --build-tests --package-path "$dir" --scratch-path "$root/.build" >"$build_log" 2>&1; then
    tail -c 4000 "$build_log" >&2
    echo "the fresh package did not build" >&2
    exit 1
fi
if grep "warning:" "$build_log" | grep -E "$dir/(Sources|Tests)/"; then
    echo "the README's code builds with warnings (above)" >&2
    exit 1
fi
test_log=$(timeout -k 30 900 swift test --skip-build --package-path "$dir" --scratch-path "$root/.build" 2>&1) || { echo "$test_log" | tail -c 4000 >&2; exit 1; }
for name in "3-legged flow with myapp://oauth, then a tampered post names its parameter" "Drupal: log in with the demo user" "AFSigned: create a user" "Google Books: search with the demo key"; do
    echo "$test_log" | grep -F "$name" | grep -qF "passed" || { echo "$test_log" | tail -c 3000 >&2; echo "the README's test \"$name\" did not pass" >&2; exit 1; }
done
echo "$test_log" | grep -E "Test run with [0-9]+ tests? in [0-9]+ suites? passed" | tail -1
echo "fresh package: built without warnings from the README's code; its tests passed"
