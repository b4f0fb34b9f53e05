import AFSignedClient
import AFSignedMock
import Foundation
import MockServerKit
import Testing

@Suite("AFSigned mock options")
struct AFSignedMockOptionsTests {
    @Test("the defaults are the reference backend's: version 2, auth_client_id, ±12 h, no nonces, diagnosis on")
    func defaults() {
        let options = AFSignedMockOptions()
        #expect(options.version == .v2 && options.clientIDField == .clientID)
        #expect(options.timestampWindowSeconds == 43_200)
        #expect(!options.requiresNonce && options.diagnosis)
        #expect(AFSignedMockProvider().name == "afsigned")
        #expect(AFSignedMockProvider().demoCredentials.keys.sorted() == ["clientID", "clientSecret"])
    }

    @Test("JSON options take strings and numbers alike; they round-trip")
    func decoding() throws {
        let decoded = try JSONDecoder().decode(AFSignedMockOptions.self, from: Data(#"{"version":4,"clientIDField":"auth_key","timestampWindowSeconds":"600","requiresNonce":"true","diagnosis":false}"#.utf8))
        #expect(decoded == AFSignedMockOptions(version: .v4, clientIDField: .key, timestampWindowSeconds: 600, requiresNonce: true, diagnosis: false))
        #expect(try JSONDecoder().decode(AFSignedMockOptions.self, from: Data(#"{"version":"2"}"#.utf8)).version == .v2)
        #expect(try JSONDecoder().decode(AFSignedMockOptions.self, from: JSONEncoder().encode(decoded)) == decoded)
        #expect(try JSONDecoder().decode(AFSignedMockOptions.self, from: Data("{}".utf8)) == AFSignedMockOptions())
    }

    @Test("unknown names, versions and fields, and windows out of range are refused by name", arguments: [
        (#"{"window":60}"#, "unknown option window"),
        (#"{"version":3}"#, "option version must be 2 or 4 (got 3)"),
        (#"{"version":"v2"}"#, "option version must be 2 or 4"),
        (#"{"clientIDField":"client"}"#, #"option clientIDField must be auth_client_id or auth_key (got "client")"#),
        (#"{"clientIDField":"auth_key,auth_client_id"}"#, #"option clientIDField must be auth_client_id or auth_key (got "auth_key,auth_client_id")"#),
        (#"{"timestampWindowSeconds":0}"#, "option timestampWindowSeconds must be a whole number in 1...604800 (got 0)"),
        (#"{"timestampWindowSeconds":604801}"#, "option timestampWindowSeconds must be a whole number in 1...604800 (got 604801)"),
        (#"{"requiresNonce":"maybe"}"#, "option requiresNonce must be true or false"),
    ])
    func refused(json: String, message: String) {
        #expect {
            _ = try OptionsProbe.decode(json)
        } throws: { error in
            let text = (error as? MockServerError)?.message ?? ""
            return text.hasPrefix("provider afsigned, ") && text.contains(message)
        }
    }

    @Test("MockServer.start refuses options out of range before binding")
    func startRefuses() async {
        await #expect(throws: MockServerError.self) {
            try await MockServer.withRunning(AFSignedMockProvider(options: .init(timestampWindowSeconds: -1))) { _ in }
        }
    }
}

/// Options decoded as a config entry's `options` object, errors naming the provider.
struct OptionsProbe: Decodable {
    var options: AFSignedMockOptions

    init(from decoder: any Decoder) throws {
        options = try AFSignedMockOptions.decode(from: decoder, provider: "afsigned")
    }

    static func decode(_ json: String) throws -> AFSignedMockOptions {
        try JSONDecoder().decode(OptionsProbe.self, from: Data(json.utf8)).options
    }
}
