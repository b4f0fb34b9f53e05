#!/usr/bin/env bash
# Proves the package-traits promises in the README:
# 1. an app that depends on this package with `traits: []` and uses only SDK products checks
#    out this package and swift-http-structured-headers (HTTPMessageSignatures' parser, an
#    unconditional dependency: SwiftPM fetches it whichever products an app uses), nothing else;
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

checkouts=$(app "$work/sdk" '[]' SigningCore SignedHTTP OAuth1Client CredentialStore DrupalServicesClient AFSignedClient GoogleBooksClient SignedHTTPTesting SignedVerification HTTPMessageSignatures)
expected=$(printf '%s\n' "$name" swift-http-structured-headers | sort)
if [ "$checkouts" != "$expected" ]; then
    echo "FAIL: an SDK-only app with traits: [] checked out" $checkouts "instead of" $expected
    exit 1
fi
echo "ok: an SDK-only app with traits: [] checks out this package and swift-http-structured-headers"

# reference_checkouts DIR URL PRODUCT PACKAGE: this package's name and what an app depending on
# PACKAGE's PRODUCT alone checks out, at the version this package asks for (its own line), and
# the structured-fields package every app of this one fetches.
reference_checkouts() {
    local dir=$1 url=$2 product=$3 package=$4 requirement
    requirement=$(grep -o "\.package(url: \"$url\"[^)]*)" "$repo/Package.swift")
    mkdir -p "$dir/Sources/App"
    cat >"$dir/Package.swift" <<MANIFEST
// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "Reference",
    platforms: [.macOS(.v14)],
    dependencies: [$requirement],
    targets: [.executableTarget(name: "App", dependencies: [.product(name: "$product", package: "$package")])]
)
MANIFEST
    echo 'print("reference")' >"$dir/Sources/App/main.swift"
    resolve "$dir"
    printf '%s\n' "$name" swift-http-structured-headers $(ls "$dir/.build/checkouts") | sort -u
}

# trait_fetch TRAIT PRODUCT LIBRARY EXPECTED: an app with `traits: ["TRAIT"]` using PRODUCT checks
# out exactly EXPECTED (this package and what LIBRARY alone needs), and no Hummingbird and no
# argument-parser, which only the mock servers and tools need.
trait_fetch() {
    local trait=$1 product=$2 library=$3 expected=$4 checkouts
    checkouts=$(app "$work/$trait" "[\"$trait\"]" "$product" OAuth1Client)
    for unwanted in hummingbird swift-argument-parser; do
        if echo "$checkouts" | grep -qx "$unwanted"; then
            echo "FAIL: an app with traits: [\"$trait\"] checked out $unwanted:" $checkouts
            exit 1
        fi
    done
    if [ "$checkouts" != "$expected" ]; then
        echo "FAIL: an app with traits: [\"$trait\"] checked out" $checkouts
        echo "      but $library alone needs (with this package)" $expected
        exit 1
    fi
    echo "ok: an app with traits: [\"$trait\"] checks out $(echo "$checkouts" | wc -l) packages, this one and exactly $library's:" $checkouts
}

trait_fetch PostgresReplayStore PostgresReplayStore postgres-nio \
    "$(reference_checkouts "$work/reference" https://github.com/vapor/postgres-nio PostgresNIO postgres-nio)"
# 3. the same for `traits: ["OAuth1RSA"]` and swift-crypto's _CryptoExtras (swift-crypto and swift-asn1).
trait_fetch OAuth1RSA OAuth1RSA swift-crypto \
    "$(reference_checkouts "$work/crypto-reference" https://github.com/apple/swift-crypto _CryptoExtras swift-crypto)"

# 4. the same for `traits: ["HTTPMessageSignaturesCrypto"]` (swift-crypto, swift-asn1).
trait_fetch HTTPMessageSignaturesCrypto HTTPMessageSignaturesCrypto swift-crypto \
    "$(reference_checkouts "$work/httpsig-crypto-reference" https://github.com/apple/swift-crypto _CryptoExtras swift-crypto)"

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
