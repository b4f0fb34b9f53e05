// swift-tools-version:6.1
import PackageDescription

/// Settings shared by every target, tests included.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// Everything the mock servers, tools and tests need sits behind this default-on trait, so an
/// app that depends on this package with `traits: []` fetches none of it.
let mockServers = "MockServers"
let whenMockServers: TargetDependencyCondition? = .when(traits: [mockServers])

let package = Package(
    name: "signed-api-sdk",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "SigningCore", targets: ["SigningCore"]),
        .library(name: "CredentialStore", targets: ["CredentialStore"]),
        .executable(name: "signed-api", targets: ["SignedAPI"]),
        .executable(name: "credential-store-crash-writer", targets: ["CredentialStoreCrashWriter"]),
        .library(name: "OAuth1Client", targets: ["OAuth1Client"]),
        .executable(name: "oauth1-benchmarks", targets: ["OAuth1Benchmarks"]),
        .executable(name: "signing-benchmarks", targets: ["SigningBenchmarks"]),
    ],
    traits: [
        .trait(
            name: mockServers,
            description: "Mock provider servers, command-line tools, benchmarks and their test-only dependencies."
        ),
        .default(enabledTraits: [mockServers]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        // MARK: SDK products (Foundation only)
        .target(name: "SigningCore", path: "Modules/SigningCore/Sources", swiftSettings: swiftSettings),
        .testTarget(
            name: "SigningCoreTests",
            dependencies: [
                "SigningCore",
                .product(name: "Crypto", package: "swift-crypto", condition: whenMockServers),
            ],
            path: "Modules/SigningCore/Tests",
            swiftSettings: swiftSettings
        ),
        .target(name: "CredentialStore", dependencies: ["SigningCore"], path: "Modules/CredentialStore/Sources", swiftSettings: swiftSettings),
        .testTarget(
            name: "CredentialStoreTests",
            dependencies: ["CredentialStore"],
            path: "Modules/CredentialStore/Tests",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "OAuth1Client",
            dependencies: ["SigningCore"],
            path: "Modules/OAuth1Client/Sources",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "OAuth1ClientTests",
            dependencies: ["OAuth1Client", "SigningCore"],
            path: "Modules/OAuth1Client/Tests",
            swiftSettings: swiftSettings
        ),

        // MARK: Tools
        .executableTarget(
            name: "SignedAPI",
            dependencies: [
                "SigningCore",
                "OAuth1Client",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: whenMockServers),
            ],
            path: "Tools/SignedAPI",
            swiftSettings: swiftSettings
        ),
        // Saves credentials in a loop until killed; CredentialStoreTests kills it with SIGKILL to
        // prove FileStore's crash safety. Needs nothing but CredentialStore, so no trait.
        .executableTarget(
            name: "CredentialStoreCrashWriter",
            dependencies: ["CredentialStore"],
            path: "Tools/CredentialStoreCrashWriter",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "OAuth1Benchmarks",
            dependencies: ["OAuth1Client", "SigningCore"],
            path: "Tools/Benchmarks/OAuth1Benchmarks",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SignedAPITests",
            dependencies: [
                "SignedAPI",
                "OAuth1Client",
                "SigningCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: whenMockServers),
            ],
            path: "Tools/Tests/SignedAPITests",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "SigningBenchmarks",
            dependencies: [
                "SigningCore",
                .product(name: "Crypto", package: "swift-crypto", condition: whenMockServers),
            ],
            path: "Tools/Benchmarks/SigningBenchmarks",
            swiftSettings: swiftSettings
        ),
    ]
)
