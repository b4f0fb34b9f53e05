#!/usr/bin/env bash
# Proves the package-traits promises in the README:
# 1. an app that depends on this package with `traits: []` and uses only SDK products checks
#    out this package and nothing else;
# 2. an app with `traits: ["PostgresReplayStore"]` using the PostgresReplayStore product checks
#    out this package, postgres-nio, and exactly what an app depending on postgres-nio alone
#    checks out — no Hummingbird, no argument-parser, nothing of the mock servers;
# 3. the same for `traits: ["OAuth1RSA"]` and swift-crypto (below).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
name=$(basename "$repo")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# app DIR TRAITS PRODUCT...: a package at DIR whose app depends on this one with TRAITS.
app() {
    local dir=$1 traits=$2
    shift 2
    mkdir -p "$dir/Sources/App"
    {
        echo '// swift-tools-version:6.1'
        echo 'import PackageDescription'
        echo 'let package = Package('
        echo '    name: "App",'
        echo '    platforms: [.macOS(.v14)],'
        echo "    dependencies: [.package(url: \"file://$repo\", branch: \"HEAD\", traits: $traits)],"
        echo '    targets: [.executableTarget(name: "App", dependencies: ['
        for product in "$@"; do echo "        .product(name: \"$product\", package: \"$name\"),"; done
        echo '    ])]'
        echo ')'
    } >"$dir/Package.swift"
    echo 'print("app")' >"$dir/Sources/App/main.swift"
    resolve "$dir"
    ls "$dir/.build/checkouts" | sort
}

# resolve DIR: resolves the package at DIR, its log shown only when that fails.
resolve() {
    (cd "$1" && swift package resolve >"$1/resolve.log" 2>&1) || { cat "$1/resolve.log" >&2; echo "FAIL: could not resolve $1" >&2; exit 1; }
}

checkouts=$(app "$work/sdk" '[]' SigningCore SignedHTTP OAuth1Client CredentialStore DrupalServicesClient AFSignedClient GoogleBooksClient SignedHTTPTesting SignedVerification)
count=$(echo "$checkouts" | wc -l)
if [ "$count" -ne 1 ]; then
    echo "FAIL: an SDK-only app with traits: [] checked out $count packages:" $checkouts
    exit 1
fi
echo "ok: an SDK-only app with traits: [] checks out 1 package ($checkouts)"

# The reference: what postgres-nio itself needs, at the version this package asks for.
mkdir -p "$work/reference/Sources/App"
postgres_requirement=$(grep -o '\.package(url: "https://github.com/vapor/postgres-nio"[^)]*)' "$repo/Package.swift")
cat >"$work/reference/Package.swift" <<MANIFEST
// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "Reference",
    platforms: [.macOS(.v14)],
    dependencies: [$postgres_requirement],
    targets: [.executableTarget(name: "App", dependencies: [.product(name: "PostgresNIO", package: "postgres-nio")])]
)
MANIFEST
echo 'print("reference")' >"$work/reference/Sources/App/main.swift"
resolve "$work/reference"
expected=$(printf '%s\n' "$name" $(ls "$work/reference/.build/checkouts") | sort)

checkouts=$(app "$work/postgres" '["PostgresReplayStore"]' PostgresReplayStore OAuth1Client)
for unwanted in hummingbird swift-argument-parser; do
    if echo "$checkouts" | grep -qx "$unwanted"; then
        echo "FAIL: an app with traits: [\"PostgresReplayStore\"] checked out $unwanted:" $checkouts
        exit 1
    fi
done
if [ "$checkouts" != "$expected" ]; then
    echo "FAIL: an app with traits: [\"PostgresReplayStore\"] checked out" $checkouts
    echo "      but postgres-nio alone needs (with this package)" $expected
    exit 1
fi
echo "ok: an app with traits: [\"PostgresReplayStore\"] checks out $(echo "$checkouts" | wc -l) packages, this one and exactly postgres-nio's:" $checkouts

# 3. an app with `traits: ["OAuth1RSA"]` using the OAuth1RSA product checks out this package,
#    swift-crypto, and exactly what an app depending on swift-crypto's _CryptoExtras alone
#    checks out (swift-asn1).
mkdir -p "$work/crypto-reference/Sources/App"
crypto_requirement=$(grep -o '\.package(url: "https://github.com/apple/swift-crypto"[^)]*)' "$repo/Package.swift")
cat >"$work/crypto-reference/Package.swift" <<MANIFEST
// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "Reference",
    platforms: [.macOS(.v14)],
    dependencies: [$crypto_requirement],
    targets: [.executableTarget(name: "App", dependencies: [.product(name: "_CryptoExtras", package: "swift-crypto")])]
)
MANIFEST
echo 'print("reference")' >"$work/crypto-reference/Sources/App/main.swift"
resolve "$work/crypto-reference"
expected=$(printf '%s\n' "$name" $(ls "$work/crypto-reference/.build/checkouts") | sort)
checkouts=$(app "$work/rsa" '["OAuth1RSA"]' OAuth1RSA OAuth1Client)
if [ "$checkouts" != "$expected" ]; then
    echo "FAIL: an app with traits: [\"OAuth1RSA\"] checked out" $checkouts
    echo "      but swift-crypto alone needs (with this package)" $expected
    exit 1
fi
echo "ok: an app with traits: [\"OAuth1RSA\"] checks out $(echo "$checkouts" | wc -l) packages, this one and exactly swift-crypto's:" $checkouts

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
adapter_fetch OpenAPIAdapter OpenAPISignedRequests "swift-openapi-runtime swift-http-types" "hummingbird swift-nio swift-argument-parser swift-crypto postgres-nio"
# Hummingbird brings its whole graph (its test client's async-http-client, TLS, swift-crypto):
# what any Hummingbird app fetches. What only this package's tools or other adapters need stays out.
adapter_fetch HummingbirdAdapter HummingbirdSignedRequests "hummingbird swift-nio" "swift-openapi-runtime swift-argument-parser postgres-nio"
