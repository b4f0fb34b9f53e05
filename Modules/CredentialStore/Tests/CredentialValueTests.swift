import CredentialStore
import Foundation
import Testing

@Suite struct CredentialValueTests {
    static let secrets = ["tok-KEY-1", "tok-SECRET-2", "uid-3", "sess-4", "af-secret-5", "AIza-6"]

    static let values: [any Sendable & CustomStringConvertible & CustomDebugStringConvertible] = [
        OAuth1TokenCredential(key: "tok-KEY-1", secret: "tok-SECRET-2", extra: ["user_id": "uid-3", "screen_name": "uid-3"]),
        DrupalSessionCredential(sessionID: "sess-4", sessionName: "SESSname", userID: 12),
        AFSignedClientCredential(clientID: "public-client", secret: "af-secret-5"),
        GoogleAPIKeyCredential(key: "AIza-6"),
    ]

    @Test(arguments: 0..<values.count)
    func descriptionsDebugDescriptionsAndDumpsHideSecrets(index: Int) {
        let value = Self.values[index]
        var dumped = ""
        dump(value, to: &dumped)
        let renderings = [value.description, value.debugDescription, "\(value)", String(reflecting: value), dumped, "\([value])"]
        for rendering in renderings {
            for secret in Self.secrets {
                #expect(!rendering.contains(secret), "\(rendering) reveals \(secret)")
            }
            #expect(rendering.contains("<redacted>"), "\(rendering)")
        }
    }

    @Test func descriptionsKeepWhatIsNotSecret() {
        let token = OAuth1TokenCredential(key: "k", secret: "s", extra: ["user_id": "u", "screen_name": "n"])
        #expect(token.description == #"OAuth1TokenCredential(key: <redacted>, secret: <redacted>, extra: ["screen_name", "user_id"])"#)
        #expect(DrupalSessionCredential(sessionID: "s", userID: 0).description == "DrupalSessionCredential(sessionID: <redacted>, sessionName: nil, userID: 0)")
        #expect(AFSignedClientCredential(clientID: "ios", secret: "s").description == #"AFSignedClientCredential(clientID: "ios", secret: <redacted>)"#)
        #expect(GoogleAPIKeyCredential(key: "").description == #"GoogleAPIKeyCredential(key: "")"#)
    }

    @Test func encodedFieldNamesAreTheProvidersWireNames() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let drupal = String(decoding: try encoder.encode(DrupalSessionCredential(sessionID: "abc", sessionName: "SESSx", userID: 3)), as: UTF8.self)
        #expect(drupal == #"{"sessid":"abc","session_name":"SESSx","uid":3}"#)
        let signed = String(decoding: try encoder.encode(AFSignedClientCredential(clientID: "c", secret: "s")), as: UTF8.self)
        #expect(signed == #"{"client_id":"c","secret":"s"}"#)
        let token = String(decoding: try encoder.encode(OAuth1TokenCredential(key: "k", secret: "s", extra: ["user_id": "u"])), as: UTF8.self)
        #expect(token == #"{"extra":{"user_id":"u"},"key":"k","secret":"s"}"#)
    }

    @Test func oauthTokenAccessorsReadTheExtraFields() {
        let netflix = OAuth1TokenCredential(key: "k", secret: "s", extra: ["user_id": "T1x"])
        #expect(netflix.userID == "T1x")
        #expect(netflix.screenName == nil)
        #expect(OAuth1TokenCredential(key: "k", secret: "s").extra.isEmpty)
    }

    @Test func errorsDescribeThemselvesWithCodeAndSystemCode() {
        let error = CredentialStoreError(code: .fileSystemFailure, message: "could not write x", systemCode: 28)
        #expect(error.description == "file system failure: could not write x (system code 28)")
        #expect(error == CredentialStoreError(code: .fileSystemFailure, message: "other"))
        #expect(error != CredentialStoreError(code: .corruptItem, message: "could not write x"))
    }
}
