#!/usr/bin/env bash
# Proves the package-traits promise in the README: an app that depends on this package with
# `traits: []` and uses only SDK products checks out this package and nothing else.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources/App"
cat > "$work/Package.swift" <<MANIFEST
// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "App",
    platforms: [.macOS(.v14)],
    dependencies: [.package(url: "file://$repo", branch: "HEAD", traits: [])],
    targets: [.executableTarget(name: "App", dependencies: [
        .product(name: "SigningCore", package: "$(basename "$repo")"),
        .product(name: "SignedHTTP", package: "$(basename "$repo")"),
        .product(name: "OAuth1Client", package: "$(basename "$repo")"),
        .product(name: "CredentialStore", package: "$(basename "$repo")"),
        .product(name: "DrupalServicesClient", package: "$(basename "$repo")"),
        .product(name: "AFSignedClient", package: "$(basename "$repo")"),
        .product(name: "GoogleBooksClient", package: "$(basename "$repo")"),
        .product(name: "SignedHTTPTesting", package: "$(basename "$repo")"),
    ])]
)
MANIFEST
echo 'import SigningCore; print(SHA256.hash("abc").hex)' > "$work/Sources/App/main.swift"
(cd "$work" && swift package resolve >/dev/null)
checkouts=$(ls "$work/.build/checkouts")
count=$(echo "$checkouts" | wc -l)
if [ "$count" -ne 1 ]; then
    echo "FAIL: an SDK-only app with traits: [] checked out $count packages:" $checkouts
    exit 1
fi
echo "ok: an SDK-only app with traits: [] checks out 1 package ($checkouts)"
