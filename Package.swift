// swift-tools-version:6.1
import PackageDescription

/// Settings shared by every target, tests included (applied in one loop at the end).
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// Everything the mock servers, tools and tests need sits behind this default-on trait, so an
/// app that depends on this package with `traits: []` fetches none of it.
let mockServers = "MockServers"

/// The `PostgresReplayStore` product's own trait (default-on, as `MockServers` is).
let postgresReplayStoreTrait = "PostgresReplayStore"

/// The `OAuth1RSA` product's own trait (default-on, and turned on by `MockServers`, whose
/// Jira-style mock verifies RSA signatures): swift-crypto for RSA-SHA1/256/512.
let oauth1RSATrait = "OAuth1RSA"

/// The `HTTPMessageSignaturesCrypto` product's own trait (default-on, and turned on by
/// `MockServers`): swift-crypto for ed25519, ECDSA P-256/P-384 and RSA keys of RFC 9421.
let httpSignaturesCryptoTrait = "HTTPMessageSignaturesCrypto"

/// A dependency on another package's product, only when the `OAuth1RSA` trait is on.
func rsaExternal(_ product: String, _ package: String) -> Target.Dependency {
    .product(name: product, package: package, condition: .when(traits: [oauth1RSATrait]))
}

/// A dependency on another package's product, only when the `PostgresReplayStore` trait is on.
func postgresExternal(_ product: String, _ package: String) -> Target.Dependency {
    .product(name: product, package: package, condition: .when(traits: [postgresReplayStoreTrait]))
}

/// A dependency on another package's product, only when the `MockServers` trait is on.
func external(_ product: String, _ package: String) -> Target.Dependency {
    .product(name: product, package: package, condition: .when(traits: [mockServers]))
}

let hummingbird = external("Hummingbird", "hummingbird")
let hummingbirdTesting = external("HummingbirdTesting", "hummingbird")
let httpTypes = external("HTTPTypes", "swift-http-types")
let logging = external("Logging", "swift-log")
let nioCore = external("NIOCore", "swift-nio")
let nioPosix = external("NIOPosix", "swift-nio")
let argumentParser = external("ArgumentParser", "swift-argument-parser")
let serviceLifecycle = external("ServiceLifecycle", "swift-service-lifecycle")
let unixSignals = external("UnixSignals", "swift-service-lifecycle")
let swiftCrypto = external("Crypto", "swift-crypto")
/// RFC 8941/9651 structured fields, for HTTP Message Signatures' `Signature-Input`, `Signature`
/// and `Content-Digest`: the one dependency of an SDK product (a parser is never ours).
let structuredFields: Target.Dependency = .product(name: "RawStructuredFieldValues", package: "swift-http-structured-headers")

var products: [Product] = []
var targets: [Target] = []

/// An SDK product (Foundation only): `Modules/<name>/Sources` and its unit tests in
/// `Modules/<name>/Tests`, declared together.
@MainActor func sdkProduct(
    _ name: String, dependencies: [Target.Dependency], testDependencies: [Target.Dependency] = [], testResources: [Resource]? = nil
) {
    products.append(.library(name: name, targets: [name]))
    targets.append(.target(name: name, dependencies: dependencies, path: "Modules/\(name)/Sources"))
    targets.append(.testTarget(
        name: "\(name)Tests",
        dependencies: [.target(name: name), "TestSupport"] + dependencies + testDependencies,
        path: "Modules/\(name)/Tests",
        resources: testResources
    ))
}

/// A mock-server library product: `MockServers/<name>/Sources` and `MockServers/<name>/Tests`.
/// The tests get the library's dependencies and `testDependencies` (HummingbirdTesting unless
/// told otherwise; a library that already depends on it passes `[]`, since SwiftPM warns about
/// a product listed twice).
@MainActor func mockProduct(_ name: String, dependencies: [Target.Dependency], testDependencies: [Target.Dependency] = [hummingbirdTesting], resources: [Resource]? = nil) {
    products.append(.library(name: name, targets: [name]))
    targets.append(.target(name: name, dependencies: dependencies, path: "MockServers/\(name)/Sources", resources: resources))
    targets.append(.testTarget(
        name: "\(name)Tests",
        dependencies: [.target(name: name), "MockServerTesting", "TestSupport"] + dependencies + testDependencies,
        path: "MockServers/\(name)/Tests"
    ))
}

// MARK: SDK products (Foundation only)

sdkProduct("SigningCore", dependencies: [], testDependencies: [swiftCrypto])
sdkProduct("SignedHTTP", dependencies: ["SigningCore"], testDependencies: ["SignedHTTPTesting"])
sdkProduct("CredentialStore", dependencies: ["SigningCore"], testDependencies: ["OAuth1Client"])
// The server side every scheme shares: the replay-store contract and its in-memory store,
// the request a verifier reads, and how the URL the client signed is rebuilt behind a proxy.
sdkProduct("SignedVerification", dependencies: ["SignedHTTP", "SigningCore"])
sdkProduct("OAuth1Client", dependencies: ["SignedHTTP", "SigningCore", "SignedVerification"], testDependencies: ["SignedHTTPTesting", "OAuth1PeerSupport"])
// How the oauthlib differential tests of OAuth1Client and OAuth1RSA sign a case (test-only).
targets.append(.target(name: "OAuth1PeerSupport", dependencies: ["OAuth1Client"], path: "Modules/OAuth1Client/PeerSupport"))
sdkProduct("DrupalServicesClient", dependencies: ["SignedHTTP", "SigningCore", "SignedVerification", "CredentialStore"], testDependencies: ["SignedHTTPTesting"])
sdkProduct("AFSignedClient", dependencies: ["SignedHTTP", "SigningCore", "SignedVerification"], testDependencies: ["SignedHTTPTesting"])
sdkProduct("GoogleBooksClient", dependencies: ["SignedHTTP", "SigningCore"], testDependencies: ["SignedHTTPTesting"])
sdkProduct(
    "HTTPMessageSignatures", dependencies: ["SignedHTTP", "SigningCore", "SignedVerification", structuredFields],
    testDependencies: ["SignedHTTPTesting", .target(name: "HTTPMessageSignaturesCrypto", condition: .when(traits: [httpSignaturesCryptoTrait]))], testResources: [.copy("Vectors")]
)

// Test doubles for SDK users' tests and ours: a transport answering from a closure, one that
// records requests, a clock that does not really sleep. Foundation only, so no trait.
products.append(.library(name: "SignedHTTPTesting", targets: ["SignedHTTPTesting"]))
targets.append(.target(name: "SignedHTTPTesting", dependencies: ["SignedHTTP", "SignedVerification"], path: "Modules/SignedHTTPTesting"))

// MARK: Mock servers

mockProduct("MockServerKit", dependencies: [
    "SigningCore", "SignedHTTP", "SignedVerification", hummingbird, httpTypes, logging, nioCore,
    external("NIOConcurrencyHelpers", "swift-nio"), external("NIOHTTP1", "swift-nio"), serviceLifecycle, unixSignals,
], resources: [
    // The dashboard's page assets, compiled into the binary (`PackageResources`): nothing to
    // install beside the executable, nothing fetched from elsewhere.
    .embedInCode("Dashboard/Assets/dashboard.css"), .embedInCode("Dashboard/Assets/dashboard.js"),
])
mockProduct("OAuth1Mock", dependencies: ["MockServerKit", "OAuth1Client", "OAuth1RSA", "SigningCore", hummingbird, httpTypes, nioCore])
mockProduct("DrupalMock", dependencies: ["MockServerKit", "DrupalServicesClient", "SigningCore", hummingbird, httpTypes, nioCore])
mockProduct("AFSignedMock", dependencies: ["MockServerKit", "AFSignedClient", "SigningCore", hummingbird, httpTypes, nioCore])
mockProduct("GoogleBooksMock", dependencies: ["MockServerKit", "GoogleBooksClient", "SigningCore", hummingbird, httpTypes, nioCore])
// RFC 9421 HTTP Message Signatures with Web Bot Auth: a signed items API, a key directory, signed answers.
mockProduct("HTTPSigMock", dependencies: [
    "MockServerKit", "HTTPMessageSignatures", "HTTPMessageSignaturesCrypto", "SignedHTTP", "SignedVerification", "SigningCore",
    structuredFields, hummingbird, httpTypes, nioCore,
], testDependencies: [hummingbirdTesting, "SignedHTTPTesting"])
mockProduct("MockServerCatalog", dependencies: ["MockServerKit", "SignedHTTP", "OAuth1Mock", "DrupalMock", "AFSignedMock", "GoogleBooksMock", "HTTPSigMock"])
// For app teams' tests of any mock: an HTTPTransport over HummingbirdTesting's client
// (`.router` without a socket), for every client of this package. Tested through the mocks in
// OAuth1MockTesting's and the integration tests.
products.append(.library(name: "MockServerKitTesting", targets: ["MockServerKitTesting"]))
targets.append(.target(
    name: "MockServerKitTesting", dependencies: ["SignedHTTP", hummingbirdTesting, httpTypes, nioCore], path: "MockServers/MockServerKitTesting/Sources"
))
// Helpers for app teams' tests of the OAuth 1.0a mock: the authorisation page in one call, the
// whole flow per flavour (and MockServerKitTesting's transport, re-exported).
mockProduct("OAuth1MockTesting", dependencies: [
    "MockServerKit", "MockServerKitTesting", "OAuth1Mock", "OAuth1Client", "OAuth1RSA", "SignedHTTP", "SigningCore", hummingbirdTesting, httpTypes, nioCore,
], testDependencies: [])
targets.append(.target(
    name: "MockServerTesting",
    dependencies: ["MockServerKit", hummingbirdTesting, httpTypes, nioCore, nioPosix],
    path: "MockServers/MockServerTesting"
))

// MARK: Adapters (each its own product behind its own default-on trait; see docs/architecture.md)
// HummingbirdSignedRequests: middleware that verifies OAuth 1.0a, AFSigned and Drupal key
// requests in a Hummingbird 2 app. OpenAPISignedRequests: a swift-openapi-runtime
// ClientMiddleware that signs a generated client's requests, and a ClientTransport over
// SignedHTTP. Their tests also use the mock servers, so they need MockServers too.

let hummingbirdAdapter = "HummingbirdAdapter"
let openAPIAdapter = "OpenAPIAdapter"

/// A dependency on another package's product, only when adapter trait `trait` is on.
func adapterExternal(_ product: String, _ package: String, trait: String) -> Target.Dependency {
    .product(name: product, package: package, condition: .when(traits: [trait]))
}

/// An adapter product: `Adapters/<name>/Sources` and its tests in `Adapters/<name>/Tests`
/// (`testExclude`: files there that are not Swift sources, relative to that folder).
@MainActor func adapterProduct(_ name: String, dependencies: [Target.Dependency], testDependencies: [Target.Dependency], testExclude: [String] = []) {
    products.append(.library(name: name, targets: [name]))
    targets.append(.target(name: name, dependencies: dependencies, path: "Adapters/\(name)/Sources"))
    targets.append(.testTarget(
        name: "\(name)Tests",
        dependencies: [.target(name: name), "TestSupport"] + dependencies + testDependencies,
        path: "Adapters/\(name)/Tests",
        exclude: testExclude
    ))
}

adapterProduct("HummingbirdSignedRequests", dependencies: [
    "SignedVerification", "OAuth1Client", "AFSignedClient", "DrupalServicesClient",
    adapterExternal("Hummingbird", "hummingbird", trait: hummingbirdAdapter),
    adapterExternal("HTTPTypes", "swift-http-types", trait: hummingbirdAdapter),
    adapterExternal("NIOCore", "swift-nio", trait: hummingbirdAdapter),
    adapterExternal("Logging", "swift-log", trait: hummingbirdAdapter),
    adapterExternal("Metrics", "swift-metrics", trait: hummingbirdAdapter),
    adapterExternal("CoreMetrics", "swift-metrics", trait: hummingbirdAdapter),
], testDependencies: ["SignedHTTP", "SignedHTTPTesting", "SigningCore", "HTTPMessageSignatures", hummingbirdTesting, external("MetricsTestKit", "swift-metrics")])
adapterProduct("OpenAPISignedRequests", dependencies: [
    "SignedHTTP", "SigningCore", "OAuth1Client", "AFSignedClient", "HTTPMessageSignatures",
    adapterExternal("OpenAPIRuntime", "swift-openapi-runtime", trait: openAPIAdapter),
    adapterExternal("HTTPTypes", "swift-http-types", trait: openAPIAdapter),
], testDependencies: ["SignedHTTPTesting", "MockServerKit", "OAuth1Mock", "HTTPSigMock"],
   // The generated client's source document and generator configuration (how to regenerate: there).
   testExclude: ["TwitterAPI/openapi.yaml", "TwitterAPI/openapi-generator-config.yaml"])

// MARK: end of the adapters block

// MARK: HTTP Message Signatures' asymmetric algorithms (RFC 9421 §3.3)
// Keys from PEM, DER and JWK for ed25519, ecdsa-p256-sha256, ecdsa-p384-sha384, rsa-pss-sha512
// and rsa-v1_5-sha256 (swift-crypto), behind their own default-on trait, as OAuth1RSA is.

func httpSignaturesCryptoExternal(_ product: String, _ package: String) -> Target.Dependency {
    .product(name: product, package: package, condition: .when(traits: [httpSignaturesCryptoTrait]))
}
let httpSignaturesCryptoDependencies: [Target.Dependency] = [
    "HTTPMessageSignatures", "SigningCore",
    httpSignaturesCryptoExternal("Crypto", "swift-crypto"), httpSignaturesCryptoExternal("_CryptoExtras", "swift-crypto"),
    httpSignaturesCryptoExternal("SwiftASN1", "swift-asn1"),
]
products.append(.library(name: "HTTPMessageSignaturesCrypto", targets: ["HTTPMessageSignaturesCrypto"]))
targets.append(.target(name: "HTTPMessageSignaturesCrypto", dependencies: httpSignaturesCryptoDependencies, path: "Modules/HTTPMessageSignaturesCrypto/Sources"))
targets.append(.testTarget(
    name: "HTTPMessageSignaturesCryptoTests",
    dependencies: [.target(name: "HTTPMessageSignaturesCrypto")] + httpSignaturesCryptoDependencies,
    path: "Modules/HTTPMessageSignaturesCrypto/Tests",
    resources: [.copy("Vectors")]
))

// MARK: OAuth 1.0a RSA keys
// RSA-SHA1/256/512 keys for OAuth1Client (swift-crypto's _CryptoExtras; swift-asn1 to tell a
// key file's kind before loading it), behind its own default-on trait: an app with
// `traits: []` fetches none of it, one with `traits: ["OAuth1RSA"]` fetches swift-crypto and
// what swift-crypto needs (.ci/check-sdk-only-fetch.sh proves both).

let oauth1RSADependencies: [Target.Dependency] = [
    "OAuth1Client", "SigningCore",
    rsaExternal("_CryptoExtras", "swift-crypto"), rsaExternal("Crypto", "swift-crypto"), rsaExternal("SwiftASN1", "swift-asn1"),
]
products.append(.library(name: "OAuth1RSA", targets: ["OAuth1RSA"]))
targets.append(.target(name: "OAuth1RSA", dependencies: oauth1RSADependencies, path: "Modules/OAuth1RSA/Sources"))
targets.append(.testTarget(
    name: "OAuth1RSATests",
    dependencies: [.target(name: "OAuth1RSA"), "TestSupport", "OAuth1PeerSupport", "SignedHTTP"] + oauth1RSADependencies,
    path: "Modules/OAuth1RSA/Tests"
))

// MARK: Integration tests (SDK clients and peers against the mock servers)

targets.append(.testTarget(
    name: "IntegrationTests",
    dependencies: [
        "TestSupport", "CredentialStore", "Examples", "MockServerKit", "MockServerCatalog", "MockServerTesting", "MockServerKitTesting", "OAuth1Mock", "OAuth1MockTesting", "OAuth1Client", "OAuth1RSA",
        "DrupalServicesClient", "DrupalMock", "AFSignedClient", "AFSignedMock", "GoogleBooksClient", "GoogleBooksMock",
        "HTTPMessageSignatures", "HTTPSigMock",
        "SignedHTTP", "SignedHTTPTesting", "SigningCore", httpTypes, hummingbirdTesting, "PostgresReplayStore",
    ],
    path: "IntegrationTests",
    exclude: ["Peers"]
))

// MARK: Documentation samples that a test also uses as a library. Every other sample is a
// SwiftPM snippet (Snippets/, built by `swift build`, shown in DocC with @Snippet); a Markdown
// file's ```swift block is one of those files, whole (IntegrationTests' DocumentationSampleTests).

targets.append(.target(
    name: "Examples",
    dependencies: ["HummingbirdSignedRequests", "HTTPMessageSignatures", hummingbird, nioCore, logging, "PostgresReplayStore"],
    path: "Examples/Sources"
))

// MARK: Test support: the CI policy for peers, the Python peer runner, built executables.

targets.append(.target(name: "TestSupport", dependencies: ["SigningCore"], path: "TestSupport"))

// MARK: Tools

products.append(.executable(name: "signed-api", targets: ["SignedAPI"]))
targets.append(.executableTarget(name: "SignedAPI", dependencies: ["SigningCore", "OAuth1Client", "OAuth1RSA", "DrupalServicesClient", "AFSignedClient", "HTTPMessageSignatures", "HTTPMessageSignaturesCrypto", argumentParser], path: "Tools/SignedAPI"))
targets.append(.testTarget(
    name: "SignedAPITests",
    dependencies: ["SignedAPI", "OAuth1Client", "OAuth1RSA", "DrupalServicesClient", "AFSignedClient", "HTTPMessageSignatures", "HTTPMessageSignaturesCrypto", "SigningCore", "TestSupport", argumentParser],
    path: "Tools/Tests/SignedAPITests"
))

products.append(.executable(name: "mock-servers", targets: ["MockServersCommand"]))
targets.append(.executableTarget(
    name: "MockServersCommand",
    dependencies: [
        "MockServerKit", "MockServerCatalog", "SignedVerification", argumentParser, logging, unixSignals,
        // `--replay-store postgres://…`, when the PostgresReplayStore trait is on.
        .target(name: "PostgresReplayStore", condition: .when(traits: [postgresReplayStoreTrait])),
    ],
    path: "Tools/MockServersCommand"
))

// Internal executables (not products): `swift run NAME` still runs them from this package.
// Saves credentials in a loop until killed; CredentialStoreTests kills it with SIGKILL to
// prove FileStore's crash safety. Needs nothing but CredentialStore, so no trait.
targets.append(.executableTarget(
    name: "credential-store-crash-writer",
    dependencies: ["CredentialStore", "OAuth1Client"],
    path: "Tools/CredentialStoreCrashWriter"
))
// `compare` (the default: signed route against a bare Hummingbird route) and `soak` (valid
// and hostile traffic, every answer checked; docs/reliability.md).
targets.append(.executableTarget(
    name: "mock-servers-benchmark",
    dependencies: [
        "MockServerKit", "MockServerCatalog", "OAuth1Client", "OAuth1RSA", "DrupalServicesClient", "AFSignedClient", "GoogleBooksClient", "SignedHTTP", "SigningCore",
        "HTTPMessageSignatures",
        argumentParser, hummingbird, nioCore,
        external("NIOHTTP1", "swift-nio"), nioPosix, serviceLifecycle, "SignedVerification",
        .target(name: "PostgresReplayStore", condition: .when(traits: [postgresReplayStoreTrait])),
    ],
    path: "Tools/MockServersBenchmark"
))
// What the benchmarks against a peer in another language share: CPU-time samples, the peer
// process answering one slice per line, valgrind's allocation counts.
targets.append(.target(name: "BenchmarkHarness", path: "Tools/Benchmarks/BenchmarkHarness"))
targets.append(.executableTarget(name: "oauth1-benchmarks", dependencies: ["BenchmarkHarness", "OAuth1Client", "OAuth1RSA", "SigningCore"], path: "Tools/Benchmarks/OAuth1Benchmarks"))
targets.append(.executableTarget(name: "afsigned-benchmarks", dependencies: ["BenchmarkHarness", "AFSignedClient", "SigningCore", "SignedHTTP", "SignedVerification"], path: "Tools/Benchmarks/AFSignedBenchmarks"))
targets.append(.executableTarget(name: "signing-benchmarks", dependencies: ["SigningCore", swiftCrypto], path: "Tools/Benchmarks/SigningBenchmarks"))
// RFC 9421 signing and verification against Python's http-message-signatures and the bare
// HMAC-SHA256 / Ed25519 over the same signature base (docs/benchmarks.md).
targets.append(.executableTarget(
    name: "httpsig-benchmarks",
    dependencies: ["BenchmarkHarness", "HTTPMessageSignatures", "HTTPMessageSignaturesCrypto", "SignedHTTP", "SignedVerification", "SigningCore", swiftCrypto],
    path: "Tools/Benchmarks/HTTPSigBenchmarks"
))

// MARK: Replay store on PostgreSQL
// The `ReplayStore` every instance of a service shares, on PostgreSQL (postgres-nio), behind
// its own default-on trait: an app with `traits: []` fetches none of it, one with
// `traits: ["PostgresReplayStore"]` fetches postgres-nio and what postgres-nio needs, and
// neither Hummingbird nor argument-parser (.ci/check-sdk-only-fetch.sh proves both).

let postgresStoreDependencies: [Target.Dependency] = [
    "SignedVerification", "SigningCore",
    postgresExternal("PostgresNIO", "postgres-nio"), postgresExternal("NIOCore", "swift-nio"),
    postgresExternal("NIOConcurrencyHelpers", "swift-nio"), postgresExternal("NIOSSL", "swift-nio-ssl"),
    postgresExternal("Logging", "swift-log"), postgresExternal("ServiceLifecycle", "swift-service-lifecycle"),
]
products.append(.library(name: "PostgresReplayStore", targets: ["PostgresReplayStore"]))
targets.append(.target(name: "PostgresReplayStore", dependencies: postgresStoreDependencies, path: "Modules/PostgresReplayStore/Sources"))
targets.append(.testTarget(
    name: "PostgresReplayStoreTests",
    dependencies: [.target(name: "PostgresReplayStore"), "TestSupport"] + postgresStoreDependencies,
    path: "Modules/PostgresReplayStore/Tests"
))
// Insert-if-absent throughput and latency, memory store against PostgreSQL (docs/benchmarks.md).
targets.append(.executableTarget(
    name: "replay-store-benchmark",
    dependencies: [
        "PostgresReplayStore", "SignedVerification", argumentParser,
        postgresExternal("PostgresNIO", "postgres-nio"), postgresExternal("NIOSSL", "swift-nio-ssl"), postgresExternal("Logging", "swift-log"),
    ],
    path: "Tools/Benchmarks/ReplayStoreBenchmark"
))

for target in targets {
    target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
}

let package = Package(
    name: "signed-api-sdk",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: products,
    traits: [
        .trait(
            name: mockServers,
            description: "Mock provider servers, command-line tools, benchmarks and their test-only dependencies.",
            enabledTraits: [oauth1RSATrait, httpSignaturesCryptoTrait]
        ),
        .trait(name: oauth1RSATrait, description: "The OAuth1RSA product: RSA-SHA1, RSA-SHA256 and RSA-SHA512 keys for OAuth 1.0a (swift-crypto)."),
        .trait(
            name: httpSignaturesCryptoTrait,
            description: "The HTTPMessageSignaturesCrypto product: ed25519, ecdsa-p256/p384, rsa-pss-sha512 and rsa-v1_5-sha256 keys for HTTP Message Signatures (swift-crypto)."
        ),
        .trait(
            name: postgresReplayStoreTrait,
            description: "The PostgresReplayStore product: a replay store shared by every instance of a service, on PostgreSQL (postgres-nio)."
        ),
        // Adapters: each product's third-party dependencies only with its trait.
        .trait(name: hummingbirdAdapter, description: "HummingbirdSignedRequests: verifying middleware for Hummingbird 2 apps."),
        .trait(name: openAPIAdapter, description: "OpenAPISignedRequests: signing middleware for swift-openapi-generator clients."),
        .default(enabledTraits: [mockServers, oauth1RSATrait, httpSignaturesCryptoTrait, postgresReplayStoreTrait, hummingbirdAdapter, openAPIAdapter]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // HTTPMessageSignatures' structured fields (no trait: the product needs it).
        .package(url: "https://github.com/apple/swift-http-structured-headers", from: "1.7.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        // The OAuth1RSA trait's: reading a key file's kind (swift-crypto needs it anyway).
        .package(url: "https://github.com/apple/swift-asn1", from: "1.2.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // HummingbirdSignedRequests' counters (Hummingbird depends on it already).
        .package(url: "https://github.com/apple/swift-metrics", from: "2.9.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // The PostgresReplayStore trait's: postgres-nio, and swift-nio-ssl (which postgres-nio
        // brings anyway) for the TLS modes the store offers.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.25.0"),
        // Adapter: OpenAPISignedRequests (trait OpenAPIAdapter).
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        // `swift package generate-documentation` (DocC catalogs in each product's Sources). No
        // target uses it, so SwiftPM never fetches it for a package depending on this one, with
        // or without traits: no trait needed (.ci/check-sdk-only-fetch.sh).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: targets
)
