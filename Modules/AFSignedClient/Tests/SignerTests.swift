import AFSignedClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SignedHTTPTesting
import Testing

/// Where the signer puts the auth values, and that what it signs is what it sends.
@Suite("AFSigned signer")
struct SignerTests {
    static let credentials = AFSignedCredentials(clientID: "CLIENT_ID", clientSecret: "CLIENT_SECRET")
    static let date = Date(timeIntervalSince1970: 1_700_000_000)
    static let verifier = AFSignedVerifier(credentials: [credentials])

    static func signer(_ version: AFSignedVersion = .v2, field: AFSignedClientIDField = .clientID, nonce: String? = "n-1") -> AFSignedSigner {
        AFSignedSigner(credentials: credentials, version: version, clientIDField: field, nonce: nonce.map { value -> @Sendable () -> String in { value } })
    }

    /// Found by fuzz-afsigned (Fuzz/Regressions/fuzz-afsigned): a request that already carried
    /// `auth_client_id` was signed with a second one, which every verifier refuses.
    @Test("a request that already carries an auth value the signer sets is refused, not signed twice")
    func carriedAuthValue() {
        for name in ["auth_version", "auth_client_id", "auth_timestamp", "auth_nonce", "auth_signature"] {
            let get = APIRequest(method: "GET", url: URL(string: "https://api.example.com/users?\(name)=client")!)
            #expect(throws: AFSignedError(code: .unsignableParameters, message: "")) { try Self.signer().sign(get, at: Self.date) }
            let post = APIRequest(method: "POST", url: URL(string: "https://api.example.com/users")!, form: [FormField(name, "client"), FormField("name", "Ann")])
            #expect(throws: AFSignedError(code: .unsignableParameters, message: "")) { try Self.signer().sign(post, at: Self.date) }
        }
        let other = APIRequest(method: "GET", url: URL(string: "https://api.example.com/users?auth_key=k")!)
        #expect(throws: Never.self) { try Self.signer().sign(other, at: Self.date) }
    }

    @Test("GET and DELETE: the auth values follow the parameters in the query, in the reference backend's order")
    func query() throws {
        for method in ["GET", "DELETE"] {
            let request = APIRequest(method: method, url: URL(string: "https://api.example.com/users?page=2&tags%5B%5D=a")!)
            let signed = try Self.signer().sign(request, at: Self.date)
            let fields = try FormEncoding.parse(URLComponents(url: signed.url, resolvingAgainstBaseURL: false)!.percentEncodedQuery!)
            #expect(fields.map(\.name) == ["page", "tags[]", "auth_version", "auth_client_id", "auth_timestamp", "auth_nonce", "auth_signature"])
            #expect(fields.first { $0.name == "auth_timestamp" }?.value == "1700000000")
            #expect(signed.body.isEmpty)
        }
    }

    @Test("POST, PUT, PATCH: the auth values join the form body; a JSON body leaves them in the query")
    func body() throws {
        for method in ["POST", "PUT", "PATCH"] {
            let request = APIRequest(method: method, url: URL(string: "https://api.example.com/users")!, form: [FormField("name", "Ann Lee")])
            let signed = try Self.signer().sign(request, at: Self.date)
            #expect(signed.url.query == nil)
            let fields = try FormEncoding.parse(String(decoding: signed.body, as: UTF8.self))
            #expect(fields.map(\.name) == ["name", "auth_version", "auth_client_id", "auth_timestamp", "auth_nonce", "auth_signature"])
            #expect(signed.header("Content-Type") == "application/x-www-form-urlencoded")
        }
        var json = APIRequest(method: "POST", url: URL(string: "https://api.example.com/users")!, body: Array(#"{"name":"Ann"}"#.utf8))
        json.setHeader("Content-Type", "application/json")
        let signed = try Self.signer().sign(json, at: Self.date)
        #expect(signed.body == json.body)
        #expect(signed.url.query?.contains("auth_signature=") == true)
    }

    @Test("auth_key instead of auth_client_id when asked; no nonce when there is no source")
    func settings() throws {
        let request = APIRequest(url: URL(string: "https://api.example.com/users")!)
        let signed = try Self.signer(field: .key, nonce: nil).sign(request, at: Self.date)
        let names = try FormEncoding.parse(signed.url.query ?? "").map(\.name)
        #expect(names == ["auth_version", "auth_key", "auth_timestamp", "auth_signature"])
    }

    @Test("version 4: the auth values in headers, the URL and body untouched")
    func version4() throws {
        let request = APIRequest(method: "POST", url: URL(string: "https://api.example.com/users?x=1")!, form: [FormField("name", "Ann")])
        let signed = try Self.signer(.v4).sign(request, at: Self.date)
        #expect(signed.url == request.url && signed.body == request.body)
        #expect(signed.header("X-Auth-Version") == "4")
        #expect(signed.header("X-Auth-Client-ID") == "CLIENT_ID")
        #expect(signed.header("X-Auth-Timestamp") == "1700000000")
        #expect(signed.header("X-Auth-Nonce") == "n-1")
        #expect(signed.header("X-Auth-Signature")?.count == 64)
    }

    @Test("every signed request verifies with the verifier, both versions, every method", arguments: AFSignedVersion.allCases)
    func roundTrip(version: AFSignedVersion) async throws {
        let verifier = AFSignedVerifier(credentials: [Self.credentials], version: version)
        for method in ["GET", "POST", "PUT", "PATCH", "DELETE"] {
            let url = URL(string: "https://api.example.com/users/%C3%A9?q=a+b%2Bc")!
            let request = ["GET", "DELETE"].contains(method) ? APIRequest(method: method, url: url) : APIRequest(method: method, url: url, form: [FormField("tags[]", "x&y"), FormField("name", "100%")])
            let signed = try Self.signer(version).sign(request, at: Self.date)
            let verified = try await verifier.verify(AFSignedIncomingRequest(signed), now: Self.date.addingTimeInterval(60))
            #expect(verified.clientID == "CLIENT_ID" && verified.timestamp == 1_700_000_000 && verified.nonce == "n-1")
        }
    }

    @Test("a URLRequest is signed the same way, its other properties kept")
    func urlRequest() throws {
        var request = URLRequest(url: URL(string: "https://api.example.com/users?page=1")!)
        request.timeoutInterval = 7
        let signed = try Self.signer().sign(request, at: Self.date)
        #expect(signed.timeoutInterval == 7)
        #expect(signed.url?.query?.contains("auth_signature=") == true)
    }

    @Test("more fields than PHP reads (1000) cannot be signed")
    func tooManyFields() {
        let request = APIRequest(method: "POST", url: URL(string: "https://api.example.com/x")!, form: (0..<999).map { FormField("f\($0)", "v") })
        let error = #expect(throws: AFSignedError.self) { try Self.signer().sign(request, at: Self.date) }
        #expect(error?.code == .unsignableParameters)
    }

    @Test("the secret never appears in descriptions or dumps")
    func redaction() {
        let signer = Self.signer()
        let configuration = AFSignedConfiguration(baseURL: URL(string: "https://api.example.com")!, credentials: Self.credentials)
        let client = AFSignedClient(configuration: configuration)
        var dumped = ""
        dump(signer, to: &dumped)
        dump(configuration, to: &dumped)
        dump(client, to: &dumped)
        for text in [signer.description, "\(signer)", String(reflecting: signer), dumped, Self.credentials.description, String(reflecting: Self.credentials),
                     "\(configuration)", String(reflecting: configuration), "\(client)", String(reflecting: client)] {
            #expect(!text.contains("CLIENT_SECRET"), "\(text)")
        }
    }
}
