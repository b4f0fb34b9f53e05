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
        .library(name: "MockServerKit", targets: ["MockServerKit"]),
        .library(name: "OAuth1Provider", targets: ["OAuth1Provider"]),
        .executable(name: "mock-servers", targets: ["MockServersCommand"]),
        .executable(name: "mock-servers-benchmark", targets: ["MockServersBenchmark"]),
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
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // MARK: SDK products (Foundation only)
        .target(name: "SigningCore", path: "Modules/SigningCore/Sources", swiftSettings: swiftSettings),
        .testTarget(
            name: "SigningCoreTests",
            dependencies: [
                "TestSupport",
                "SigningCore",
                .product(name: "Crypto", package: "swift-crypto", condition: whenMockServers),
            ],
            path: "Modules/SigningCore/Tests",
            swiftSettings: swiftSettings
        ),
        .target(name: "CredentialStore", dependencies: ["SigningCore"], path: "Modules/CredentialStore/Sources", swiftSettings: swiftSettings),
        .testTarget(
            name: "CredentialStoreTests",
            dependencies: ["TestSupport", "CredentialStore"],
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
            dependencies: ["TestSupport", "OAuth1Client", "SigningCore"],
            path: "Modules/OAuth1Client/Tests",
            swiftSettings: swiftSettings
        ),

        // MARK: Mock servers
        .target(
            name: "MockServerKit",
            dependencies: [
                "SigningCore",
                .product(name: "Hummingbird", package: "hummingbird", condition: whenMockServers),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: whenMockServers),
                .product(name: "Logging", package: "swift-log", condition: whenMockServers),
                .product(name: "NIOCore", package: "swift-nio", condition: whenMockServers),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio", condition: whenMockServers),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: whenMockServers),
                .product(name: "UnixSignals", package: "swift-service-lifecycle", condition: whenMockServers),
            ],
            path: "MockServers/MockServerKit/Sources",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "MockServerTesting",
            dependencies: [
                .product(name: "HummingbirdTesting", package: "hummingbird", condition: whenMockServers),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: whenMockServers),
                .product(name: "NIOCore", package: "swift-nio", condition: whenMockServers),
                .product(name: "NIOPosix", package: "swift-nio", condition: whenMockServers),
            ],
            path: "MockServers/MockServerTesting",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MockServerKitTests",
            dependencies: [
                "MockServerKit",
                "MockServerTesting",
                "SigningCore",
                .product(name: "Hummingbird", package: "hummingbird", condition: whenMockServers),
                .product(name: "HummingbirdTesting", package: "hummingbird", condition: whenMockServers),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: whenMockServers),
                .product(name: "NIOCore", package: "swift-nio", condition: whenMockServers),
            ],
            path: "MockServers/MockServerKit/Tests",
            swiftSettings: swiftSettings
        ),

        .target(
            name: "OAuth1Provider",
            dependencies: [
                "MockServerKit",
                "OAuth1Client",
                "SigningCore",
                .product(name: "Hummingbird", package: "hummingbird", condition: whenMockServers),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: whenMockServers),
                .product(name: "NIOCore", package: "swift-nio", condition: whenMockServers),
            ],
            path: "MockServers/OAuth1Provider/Sources",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "OAuth1ProviderTests",
            dependencies: [
                "OAuth1Provider",
                "MockServerKit",
                "MockServerTesting",
                "OAuth1Client",
                "SigningCore",
                .product(name: "Hummingbird", package: "hummingbird", condition: whenMockServers),
                .product(name: "HummingbirdTesting", package: "hummingbird", condition: whenMockServers),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: whenMockServers),
                .product(name: "NIOCore", package: "swift-nio", condition: whenMockServers),
            ],
            path: "MockServers/OAuth1Provider/Tests",
            swiftSettings: swiftSettings
        ),

        // MARK: Integration tests (SDK clients and peers against the mock servers)
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                "TestSupport",
                "CredentialStore",
                "MockServerKit",
                "MockServerTesting",
                "OAuth1Provider",
                "OAuth1Client",
                "SigningCore",
                .product(name: "HTTPTypes", package: "swift-http-types", condition: whenMockServers),
                .product(name: "HummingbirdTesting", package: "hummingbird", condition: whenMockServers),
            ],
            path: "IntegrationTests",
            exclude: ["Peers"],
            swiftSettings: swiftSettings
        ),

        // MARK: Tools
        // Shared by the test targets: the CI policy for peers, the Python peer runner, SplitMix64.
        .target(name: "TestSupport", path: "Tools/TestSupport", swiftSettings: swiftSettings),
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
            name: "MockServersCommand",
            dependencies: [
                "MockServerKit",
                "OAuth1Provider",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: whenMockServers),
                .product(name: "Logging", package: "swift-log", condition: whenMockServers),
                .product(name: "UnixSignals", package: "swift-service-lifecycle", condition: whenMockServers),
            ],
            path: "Tools/MockServersCommand",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "MockServersBenchmark",
            dependencies: [
                "MockServerKit",
                "OAuth1Provider",
                "OAuth1Client",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: whenMockServers),
                .product(name: "Hummingbird", package: "hummingbird", condition: whenMockServers),
                .product(name: "NIOCore", package: "swift-nio", condition: whenMockServers),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: whenMockServers),
                .product(name: "NIOPosix", package: "swift-nio", condition: whenMockServers),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: whenMockServers),
            ],
            path: "Tools/MockServersBenchmark",
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
