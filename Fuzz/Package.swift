// swift-tools-version:6.1
import PackageDescription

// libFuzzer targets for every parser that takes outside input (docs/reliability.md, "Fuzzing").
// A package of its own, so neither SDK users nor the root package's `swift test` compile them;
// `Tools/fuzz.sh` builds it with `--sanitize=fuzzer` into `.build-fuzz` and runs each target.

/// The root package, depended on by path. SwiftPM names a path dependency after its folder (the
/// checkout's name, which differs between clones), so the name is read from this manifest's path.
let sdk = Context.packageDirectory.split(separator: "/").dropLast().last.map { $0.lowercased() } ?? ""

/// One executable per parser: `Targets/<name>/main.swift`, which defines
/// `LLVMFuzzerTestOneInput`, over the shared `FuzzSupport` helpers.
let fuzzTargets: [(name: String, products: [String])] = [
    ("fuzz-base64-hex", ["SigningCore"]),
    ("fuzz-percent-form", ["SigningCore"]),
    ("fuzz-oauth1-header", ["OAuth1Client", "SigningCore"]),
    ("fuzz-oauth1-token", ["OAuth1Client", "SigningCore"]),
    ("fuzz-oauth1-incoming", ["OAuth1Client", "SigningCore"]),
    ("fuzz-oauth1-sign-verify", ["OAuth1Client", "SigningCore"]),
    ("fuzz-mock-request", ["MockServerKit", "SigningCore"]),
    ("fuzz-mock-config", ["MockServerKit", "MockServerCatalog"]),
    ("fuzz-jsonrpc-request", ["DrupalMock", "DrupalServicesClient"]),
    ("fuzz-jsonrpc-response", ["DrupalServicesClient"]),
    ("fuzz-afsigned", ["AFSignedClient", "SignedHTTP", "SigningCore"]),
    ("fuzz-public-url", ["SignedVerification"]),
    ("fuzz-httpsig", ["HTTPMessageSignatures", "SignedHTTP"]),
    ("fuzz-books-query", ["GoogleBooksMock"]),
    ("fuzz-books-fields", ["GoogleBooksMock"]),
    ("fuzz-books-reader", ["GoogleBooksClient"]),
    ("fuzz-books-template", ["GoogleBooksMock", "SigningCore"]),
]

var targets: [Target] = [
    .target(name: "FuzzSupport", path: "Support"),
]
for (name, products) in fuzzTargets {
    targets.append(.executableTarget(
        name: name,
        dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: sdk) },
        path: "Targets/\(name)"
    ))
}
for target in targets {
    target.swiftSettings = [
        .swiftLanguageMode(.v6),
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ]
}

let package = Package(
    name: "signed-api-fuzz",
    platforms: [.macOS(.v14)],
    // Only the trait the fuzzed parsers need (it turns on OAuth1RSA, for the Jira-style mock):
    // the sanitized build leaves out postgres-nio and the adapters, which no target here reaches.
    dependencies: [.package(path: "..", traits: ["MockServers"])],
    targets: targets
)
