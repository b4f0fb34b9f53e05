// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "MyApp",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        // The default traits bring the mock servers for the tests; the app target still links
        // only the SDK products it names.
        .package(url: "https://github.com/OWNER/signed-api-sdk", from: "0.1.0"),
    ],
    targets: [
        .target(name: "MyApp", dependencies: [
            .product(name: "OAuth1Client", package: "signed-api-sdk"),
            .product(name: "DrupalServicesClient", package: "signed-api-sdk"),
            .product(name: "AFSignedClient", package: "signed-api-sdk"),
            .product(name: "GoogleBooksClient", package: "signed-api-sdk"),
            .product(name: "CredentialStore", package: "signed-api-sdk"),
            .product(name: "HTTPMessageSignatures", package: "signed-api-sdk"),
        ]),
        .testTarget(name: "MyAppTests", dependencies: [
            "MyApp",
            .product(name: "MockServerKit", package: "signed-api-sdk"),
            .product(name: "OAuth1Mock", package: "signed-api-sdk"),
            .product(name: "OAuth1MockTesting", package: "signed-api-sdk"),
            .product(name: "DrupalMock", package: "signed-api-sdk"),
            .product(name: "AFSignedMock", package: "signed-api-sdk"),
            .product(name: "GoogleBooksMock", package: "signed-api-sdk"),
            .product(name: "HTTPSigMock", package: "signed-api-sdk"),
        ]),
    ]
)
