import AFSignedClient
import DrupalServicesClient
import Foundation
import GoogleBooksClient
import MockServerCatalog
import MockServerKit
import OAuth1Client
import OAuth1Mock
import DrupalMock
import AFSignedMock
import GoogleBooksMock
import HTTPMessageSignatures
import HTTPSigMock
import SigningCore
import SignedHTTP
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One SDK client as ClientFaultTests drives it: its provider, an idempotent-if-the-API-allows
/// read, a call whose answer it decodes, the same read signed with a wrong secret, and how to
/// read its error. Every client is made the same way, `server.client(P.self, http:)`, and every
/// error is read through `SignedAPIError`, so a client that names a condition differently from
/// the others fails the same test.
struct FaultedClient: Sendable, CustomTestStringConvertible {
    /// The calls of one client, made against a running provider.
    struct Calls: Sendable {
        /// A read that succeeds against the provider without faults.
        let read: @Sendable () async throws -> Void
        /// A call whose answer the client decodes.
        let decode: @Sendable () async throws -> Void
    }

    let name: String
    let entry: MockCatalogEntry
    /// The fault rule's route for ``Calls/read`` (`METHOD /path`), and its method.
    let readRoute: String
    let readMethod: String
    /// The fault rule's route for ``Calls/decode``.
    let decodeRoute: String
    /// The error codes a malformed or empty body may give (by their descriptions).
    let badBodyCodes: Set<String>
    /// Builds the client on `http` with the provider's demo credentials, and whatever it needs
    /// first (a Drupal session).
    let make: @Sendable (MockServer, SignedHTTPClient) async throws -> Calls
    /// The read, signed with a wrong secret; `nil` for a service whose requests are not signed.
    let wrongSecret: (@Sendable (MockServer, SignedHTTPClient) async throws -> @Sendable () async throws -> Void)?

    var testDescription: String { name }

    static let all: [FaultedClient] = [oauth1, drupal, afsigned, googleBooks, httpsig]
    static let signed: [FaultedClient] = all.filter { $0.wrongSecret != nil }

    /// The client's error as every error of this package reads: its code's description, the
    /// HTTP status, the wait a 429 asked for and the text the server signed; any other error by
    /// its description.
    static func classify(_ error: any Error) -> (code: String, status: Int?, retryAfter: Double?, serverSignatureBase: String?) {
        guard let error = error as? any SignedAPIError else { return (String(describing: error), nil, nil, nil) }
        return (error.code.description, error.statusCode, error.retryAfter, error.serverSignatureBase)
    }

    /// Whether `error` says the task was cancelled: `CancellationError`, or a client error
    /// whose cause is one (or URLSession's cancelled error).
    static func isCancellation(_ error: any Error) -> Bool {
        var current: (any Error)? = error
        while let error = current {
            if error is CancellationError { return true }
            if let error = error as? URLError, error.code == .cancelled { return true }
            current = (error as? any SignedAPIError)?.cause
        }
        return false
    }

    static let oauth1 = FaultedClient(
        name: "OAuth1Client (twitter)", entry: .twitter,
        readRoute: "GET /1.1/account/verify_credentials.json", readMethod: "GET",
        decodeRoute: "POST /oauth/request_token",
        badBodyCodes: ["invalid token response"],
        make: { server, http in
            let client = try server.client(OAuth1MockProvider.self, http: http)
            let token = try server.demo(OAuth1MockProvider.self).token
            let url = try server.url(of: OAuth1MockProvider.self, "1.1/account/verify_credentials.json")
            return Calls(
                read: { _ = try await client.send(OAuth1Request(url: url), with: token) },
                decode: { _ = try await client.requestToken(callback: URL(string: "https://app.example/callback")!) }
            )
        },
        wrongSecret: { server, http in
            let demo = try server.demo(OAuth1MockProvider.self)
            var configuration = try server.client(OAuth1MockProvider.self).configuration
            configuration.credentials.consumerSecret = "wrong"
            let client = OAuth1Client(configuration: configuration, http: http)
            let url = try server.url(of: OAuth1MockProvider.self, "1.1/account/verify_credentials.json")
            return { _ = try await client.send(OAuth1Request(url: url), with: demo.token) }
        }
    )

    static let drupal = FaultedClient(
        name: "DrupalServicesClient", entry: .drupal,
        readRoute: "POST /services/json-rpc", readMethod: "POST",
        decodeRoute: "POST /services/json-rpc",
        badBodyCodes: ["invalid response", "decoding failed"],
        make: { server, http in
            let client = try server.client(DrupalMockProvider.self, http: http)
            _ = try await client.connect()
            return Calls(read: { _ = try await client.node(1) }, decode: { _ = try await client.node(1) })
        },
        wrongSecret: { server, http in
            var configuration = try server.client(DrupalMockProvider.self).configuration
            configuration.apiKey?.key = "wrong"
            let client = DrupalServicesClient(configuration: configuration, http: http)
            _ = try await client.connect()
            return { _ = try await client.node(1) }
        }
    )

    /// A page of the AFSigned mock's `GET /users`.
    struct Users: Decodable {
        let users: [User]
        let total: Int
        struct User: Decodable { let id: Int }
    }

    static let afsigned = FaultedClient(
        name: "AFSignedClient", entry: .afsigned,
        readRoute: "GET /users", readMethod: "GET",
        decodeRoute: "GET /users",
        badBodyCodes: ["decoding failed", "invalid response"],
        make: { server, http in
            let client = try server.client(AFSignedMockProvider.self, http: http)
            return Calls(
                read: { _ = try await client.json("GET", "/users", as: Users.self) },
                decode: { _ = try await client.json("GET", "/users", as: Users.self) }
            )
        },
        wrongSecret: { server, http in
            var configuration = try server.client(AFSignedMockProvider.self).configuration
            configuration.credentials.clientSecret = "wrong"
            let client = AFSignedClient(configuration: configuration, http: http)
            return { _ = try await client.json("GET", "/users", as: Users.self) }
        }
    )

    /// The RFC 9421 mock's `GET /api/items`, through the client that verifies the signed
    /// answer: a body changed or emptied on the way no longer matches its signed Content-Digest.
    static let httpsig = FaultedClient(
        name: "HTTPMessageSignaturesClient", entry: .httpsig,
        readRoute: "GET /api/items", readMethod: "GET",
        decodeRoute: "GET /api/items",
        badBodyCodes: ["content digest mismatch"],
        make: { server, http in
            let client = try server.client(HTTPSigMockProvider.self, http: http)
            return Calls(read: { _ = try await client.send("GET", "/api/items") }, decode: { _ = try await client.send("GET", "/api/items") })
        },
        wrongSecret: { server, http in
            var client = try server.client(HTTPSigMockProvider.self, http: http)
            let demo = try server.demo(HTTPSigMockProvider.self)
            client.configuration.signer = HTTPMessageSigner(key: try HTTPSignatureHMACKey(secret: Array("wrong".utf8)), keyID: demo.hmacKeyID)
            let wrong = client
            return { _ = try await wrong.send("GET", "/api/items") }
        }
    )

    static let googleBooks = FaultedClient(
        name: "GoogleBooksClient", entry: .googlebooks,
        readRoute: "GET /books/v1/volumes", readMethod: "GET",
        decodeRoute: "GET /books/v1/volumes",
        badBodyCodes: ["decoding failed", "invalid response"],
        make: { server, http in
            let client = try server.client(GoogleBooksMockProvider.self, http: http)
            let search = GoogleBooksSearch([.title("river")])
            return Calls(read: { _ = try await client.search(search) }, decode: { _ = try await client.search(search) })
        },
        wrongSecret: nil
    )
}

extension MockServer {
    /// `path` under the base URL of the running provider of type `provider`.
    func url<Provider: MockDemoProviding>(of provider: Provider.Type, _ path: String) throws -> URL {
        let running = try #require(providers.first { $0.context.provider is Provider })
        return running.baseURL.appendingPathComponent(path)
    }
}
