import AFSignedClient
import AFSignedMock
import DrupalMock
import DrupalServicesClient
import GoogleBooksMock
import HTTPSigMock
import MockServerKit
import OAuth1Client
import OAuth1Mock
import Testing

/// `server.demo(P.self)` and `server.client(P.self)`: the typed demo credentials are the ready
/// file's strings, a provider the server does not run is a clear error, and no secret shows in
/// a description or a dump.
@Suite("Typed demo credentials and ready-made clients")
struct MockDemoTests {
    @Test("each family's typed credentials are the ready file's strings, and their secrets never print")
    func typedEqualsReadyFile() async throws {
        let providers: [(any MockProvider, MockServerConfiguration)] = [
            (OAuth1MockProvider(flavour: .discogs), MockServerConfiguration()), (DrupalMockProvider(), MockServerConfiguration()),
            (AFSignedMockProvider(), MockServerConfiguration()), (GoogleBooksMockProvider(), MockServerConfiguration()),
            (HTTPSigMockProvider(), MockServerConfiguration()),
        ]
        try await MockServer.withRunning(providers) { server in
            let strings = Dictionary(uniqueKeysWithValues: server.providers.map { ($0.name, $0.credentials) })
            let oauth = try server.demo(OAuth1MockProvider.self)
            #expect(strings["discogs"] == ["consumerKey": oauth.consumerKey, "consumerSecret": oauth.consumerSecret, "accessToken": oauth.accessToken,
                                           "accessTokenSecret": oauth.accessTokenSecret, "userID": oauth.userID])
            let drupal = try server.demo(DrupalMockProvider.self)
            #expect(strings["drupal"]?["apiKey"] == drupal.apiKey.key && strings["drupal"]?["domain"] == drupal.apiKey.domain)
            #expect(strings["drupal"]?["password"] == drupal.login.password && strings["drupal"]?["adminPassword"] == drupal.adminLogin.password)
            #expect(strings["drupal"]?["readOnlyAPIKey"] == drupal.readOnlyAPIKey.key)
            let afsigned = try server.demo(AFSignedMockProvider.self)
            #expect(strings["afsigned"] == ["clientID": afsigned.credentials.clientID, "clientSecret": afsigned.credentials.clientSecret])
            let books = try server.demo(GoogleBooksMockProvider.self)
            #expect(strings["googlebooks"] == ["apiKey": books.apiKey])
            let httpsig = try server.demo(HTTPSigMockProvider.self)
            #expect(strings["httpsig"]?["hmacKeyId"] == httpsig.hmacKeyID && strings["httpsig"]?["ed25519KeyId"] == httpsig.ed25519.keyID)
            #expect(strings["httpsig"]?["serverKeyId"] == httpsig.serverKeyID)
            let httpsigSecrets = ["hmacSecret", "ed25519PrivateKey", "ecdsaP256PrivateKey", "ecdsaP384PrivateKey", "rsaPssPrivateKey", "rsaV15PrivateKey"]
                .compactMap { strings["httpsig"]?[$0] }
            #expect(httpsigSecrets.count == 6)

            let secrets = [oauth.consumerSecret, oauth.accessTokenSecret, oauth.accessToken, drupal.apiKey.key, drupal.login.password,
                           drupal.adminLogin.password, drupal.readOnlyAPIKey.key, afsigned.credentials.clientSecret, books.apiKey]
                + httpsigSecrets + httpsigSecrets.compactMap { pem in pem.split(separator: "\n").dropFirst().first.map(String.init) }  // a PEM's first Base64 line too
            var printed = ""
            for value in [oauth, drupal, afsigned, books, httpsig] as [Any] {
                printed += "\(value) \(String(reflecting: value)) "
                dump(value, to: &printed)
            }
            for secret in secrets { #expect(!printed.contains(secret), "a demo secret shows in a description or dump") }

            // The ready-made client of the Discogs flavour sends the User-Agent Discogs requires.
            let client = try server.client(OAuth1MockProvider.self)
            #expect(client.provider.additionalHeaders["User-Agent"] == OAuth1Flavour.testUserAgent)
            #expect(client.credentials.consumerKey == oauth.consumerKey)
        }
    }

    @Test("asking for a provider the server does not run names the ones it runs")
    func notRunning() async throws {
        try await MockServer.withRunning(DrupalMockProvider()) { server in
            let error = #expect(throws: MockServerError.self) { try server.demo(AFSignedMockProvider.self) }
            #expect(error?.code == .providerNotRunning)
            #expect(error?.message.contains("drupal") == true && error?.message.contains("AFSignedMockProvider") == true)
            #expect(throws: MockServerError.self) { try server.client(GoogleBooksMockProvider.self) }
        }
    }

    @Test("the ready-made client follows the provider's options: a Drupal site without keys gets no key, AFSigned v4 is spoken")
    func followsOptions() async throws {
        try await MockServer.withRunning(DrupalMockProvider(options: DrupalMockOptions(usesKeys: false, usesSessid: false))) { server in
            let client = try server.client(DrupalMockProvider.self)
            #expect(client.configuration.apiKey == nil && !client.configuration.usesSessid)
            #expect(try await client.node(1).nid == 1)
        }
        try await MockServer.withRunning(AFSignedMockProvider(options: AFSignedMockOptions(version: .v4, clientIDField: .key))) { server in
            let api = try server.client(AFSignedMockProvider.self)
            #expect(api.configuration.version == .v4 && api.configuration.clientIDField == .key)
            _ = try await api.send("GET", "/users")
        }
    }
}
