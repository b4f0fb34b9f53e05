// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "MyApp",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        // traits: [] leaves out the mock servers and their dependencies.
        .package(url: "https://github.com/OWNER/signed-api-sdk", from: "0.1.0", traits: []),
    ],
    targets: [
        .executableTarget(name: "MyApp", dependencies: [
            .product(name: "OAuth1Client", package: "signed-api-sdk"),
            .product(name: "CredentialStore", package: "signed-api-sdk"),
        ]),
    ]
)
