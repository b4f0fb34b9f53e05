import DrupalMock
import Foundation
import MockServerKit
import Testing
import TestSupport

/// `signed-api drupal call` as a real process against the in-process Drupal mock: the result
/// JSON on stdout, and a failure string reported as an error with a non-zero exit.
@Suite("signed-api drupal call against the mock", .heavy)
struct SignedAPIDrupalCallTests {
    static func binary() throws -> URL {
        try #require(BuiltExecutable.url("signed-api", override: "SIGNED_API_BINARY"), Comment(rawValue: BuiltExecutable.missingMessage("signed-api")))
    }

    static func run(_ arguments: [String]) async throws -> (status: Int32?, output: String, errors: String) {
        let child = try ChildProcess(try binary(), ["drupal", "call"] + arguments)
        let status = await child.waitForExit(timeout: .seconds(60))
        return (status, child.output, child.errorOutput)
    }

    @Test(
        "logs in, prints node 1's selected fields as JSON, logs out; a wrong key exits 1 naming the reason and the hashed string",
        .enabled(if: BuiltExecutable.isAvailable("signed-api", override: "SIGNED_API_BINARY"), "\(BuiltExecutable.missingMessage("signed-api"))")
    )
    func call() async throws {
        try await MockServer.withRunning(DrupalMockProvider()) { server in
            let credentials = server.providers[0].credentials
            let url = server.baseURL.absoluteString + DrupalMockProvider.endpointPath
            let key = try #require(credentials["apiKey"])
            let domain = try #require(credentials["domain"])
            let password = try #require(credentials["password"])
            let good = try await Self.run([
                "--url", url, "--api-key", key, "--domain", domain, "--username", "demo", "--password", password,
                "node.get", "1", #"["title","nid"]"#,
            ])
            #expect(good.status == 0, "\(good.errors)")
            let printed = try JSONSerialization.jsonObject(with: Data(good.output.utf8)) as? [String: String]
            #expect(printed == ["nid": "1", "title": "Welcome to the Drupal mock"])
            #expect(await server.journal.entries.last?.reason.contains("user.logout") == true)
            #expect(!good.output.contains(password) && !good.errors.contains(password))

            let bad = try await Self.run(["--url", url, "--api-key", "0123456789abcdef0123456789abcdef", "--domain", domain, "node.get", "1"])
            #expect(bad.status == 1)
            #expect(bad.errors.contains("Invalid API key."), "\(bad.errors)")
            #expect(bad.errors.contains("the server hashed “"), "\(bad.errors)")
            #expect(bad.errors.contains("mock server: signature invalid"), "\(bad.errors)")
            #expect(bad.output.isEmpty)
        }
    }
}
