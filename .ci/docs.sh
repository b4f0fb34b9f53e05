#!/usr/bin/env bash
# Generates the DocC documentation of every library product and fails on any warning
# (`swift package generate-documentation` through swift-docc-plugin; the catalogs are
# Modules/<Product>/Sources/<Product>.docc and MockServers/<Product>/Sources/<Product>.docc).
set -euo pipefail
cd "$(dirname "$0")/.."
products=(SigningCore SignedHTTP SignedHTTPTesting OAuth1Client DrupalServicesClient AFSignedClient GoogleBooksClient CredentialStore
          MockServerKit OAuth1Mock DrupalMock AFSignedMock GoogleBooksMock MockServerCatalog OAuth1MockTesting)
targets=()
for product in "${products[@]}"; do targets+=(--target "$product"); done
swift package --allow-writing-to-package-directory generate-documentation "${targets[@]}" --warnings-as-errors "$@"
