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

# Each adapter's trait fetches that adapter's dependencies and no other's: an app with
# `traits: ["<Trait>"]` using the adapter's product checks out none of the packages only the
# mock servers, the tools or the other adapters need.
adapter_fetch() {
    local trait=$1 product=$2 must_have=$3 must_not_have=$4
    local app
    app=$(mktemp -d)
    mkdir -p "$app/Sources/App"
    cat > "$app/Package.swift" <<ADAPTER
// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "App",
    platforms: [.macOS(.v14)],
    dependencies: [.package(url: "file://$repo", branch: "HEAD", traits: ["$trait"])],
    targets: [.executableTarget(name: "App", dependencies: [.product(name: "$product", package: "$(basename "$repo")")])]
)
ADAPTER
    echo 'import '"$product" > "$app/Sources/App/main.swift"
    (cd "$app" && swift package resolve >/dev/null)
    local fetched
    fetched=$(ls "$app/.build/checkouts" | tr '\n' ' ')
    rm -rf "$app"
    for name in $must_have; do
        [[ " $fetched" == *" $name "* ]] || { echo "FAIL: traits: [\"$trait\"] did not check out $name: $fetched"; exit 1; }
    done
    for name in $must_not_have; do
        [[ " $fetched" != *" $name "* ]] || { echo "FAIL: traits: [\"$trait\"] checked out $name, which it does not need: $fetched"; exit 1; }
    done
    echo "ok: traits: [\"$trait\"] checks out $(echo $fetched | wc -w) packages ($fetched)"
}
adapter_fetch OpenAPIAdapter OpenAPISignedRequests "swift-openapi-runtime swift-http-types" "hummingbird swift-nio swift-argument-parser swift-crypto"
# Hummingbird brings its whole graph (its test client's async-http-client, TLS, swift-crypto):
# what any Hummingbird app fetches. What only this package's tools or other adapters need stays out.
adapter_fetch HummingbirdAdapter HummingbirdSignedRequests "hummingbird swift-nio" "swift-openapi-runtime swift-argument-parser"
