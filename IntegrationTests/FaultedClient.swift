import AFSignedClient
import DrupalServicesClient
import Foundation
import GoogleBooksClient
import MockServerCatalog
import MockServerKit
import OAuth1Client
import SignedHTTP
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One SDK client as ClientFaultTests drives it: its provider, an idempotent-if-the-API-allows
/// read, a call whose answer it decodes, and how to read its error type.
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
    /// Builds the client on `http` and whatever it needs first (a Drupal session).
    let make: @Sendable (MockServer.Running, SignedHTTPClient) async throws -> Calls
    /// The client's error as the description of its code and the HTTP status.
    let classify: @Sendable (any Error) -> (code: String, status: Int?)

    var testDescription: String { name }

    static let all: [FaultedClient] = [oauth1, drupal, afsigned, googleBooks]

    /// Whether `error` says the task was cancelled: `CancellationError`, or a client error
    /// whose cause is one (or URLSession's cancelled error).
    static func isCancellation(_ error: any Error) -> Bool {
        var current: (any Error)? = error
        while let error = current {
            if error is CancellationError { return true }
            if let error = error as? URLError, error.code == .cancelled { return true }
            current = cause(of: error)
        }
        return false
    }

    /// Reads an error of the client's type `E` with `read`; any other error by its description.
    private static func reading<E: Error>(_: E.Type, _ read: @escaping @Sendable (E) -> (String, Int?)) -> @Sendable (any Error) -> (code: String, status: Int?) {
        { error in (error as? E).map(read) ?? (String(describing: error), nil) }
    }

    private static func cause(of error: any Error) -> (any Error)? {
        switch error {
        case let error as SignedHTTPError: error.cause
        case let error as DrupalServicesError: error.cause
        case let error as AFSignedError: error.cause
        case let error as GoogleBooksError: error.cause
        default: nil
        }
    }

    static let oauth1 = FaultedClient(
        name: "OAuth1Client (twitter)", entry: .twitter,
        readRoute: "GET /1.1/account/verify_credentials.json", readMethod: "GET",
        decodeRoute: "POST /oauth/request_token",
        badBodyCodes: ["invalid token response"],
        make: { running, http in
            let credentials = running.credentials
            let client = OAuth1Client(
                provider: OAuth1Provider.twitter.pointed(at: running.baseURL),
                consumerKey: credentials["consumerKey"]!, consumerSecret: credentials["consumerSecret"]!, http: http
            )
            let token = OAuth1Token(token: credentials["accessToken"]!, secret: credentials["accessTokenSecret"]!)
            let url = running.baseURL.appendingPathComponent("1.1/account/verify_credentials.json")
            return Calls(
                read: { _ = try await client.send(OAuth1Request(url: url), with: token) },
                decode: { _ = try await client.requestToken(callback: URL(string: "https://app.example/callback")!) }
            )
        },
        classify: reading(OAuth1Error.self) { ($0.code.description, $0.statusCode) }
    )

    static let drupal = FaultedClient(
        name: "DrupalServicesClient", entry: .drupal,
        readRoute: "POST /services/json-rpc", readMethod: "POST",
        decodeRoute: "POST /services/json-rpc",
        badBodyCodes: ["invalid response", "decoding failed"],
        make: { running, http in
            let credentials = running.credentials
            let client = DrupalServicesClient(
                configuration: DrupalServicesConfiguration(
                    baseURL: running.baseURL,
                    apiKey: DrupalAPIKey(key: credentials["apiKey"]!, domain: credentials["domain"]!)
                ),
                http: http
            )
            _ = try await client.connect()
            return Calls(read: { _ = try await client.node(1) }, decode: { _ = try await client.node(1) })
        },
        classify: reading(DrupalServicesError.self) { ($0.code.description, $0.statusCode) }
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
        make: { running, http in
            let credentials = running.credentials
            let client = AFSignedClient(
                configuration: AFSignedConfiguration(baseURL: running.baseURL, credentials: AFSignedCredentials(clientID: credentials["clientID"]!, clientSecret: credentials["clientSecret"]!)),
                http: http
            )
            return Calls(
                read: { _ = try await client.json("GET", "/users", as: Users.self) },
                decode: { _ = try await client.json("GET", "/users", as: Users.self) }
            )
        },
        classify: reading(AFSignedError.self) { ($0.code.description, $0.statusCode) }
    )

    static let googleBooks = FaultedClient(
        name: "GoogleBooksClient", entry: .googlebooks,
        readRoute: "GET /books/v1/volumes", readMethod: "GET",
        decodeRoute: "GET /books/v1/volumes",
        badBodyCodes: ["decoding failed", "invalid response"],
        make: { running, http in
            let client = GoogleBooksClient(
                configuration: GoogleBooksConfiguration(baseURL: running.baseURL, apiKey: running.credentials["apiKey"]),
                http: http
            )
            let search = GoogleBooksSearch([.title("river")])
            return Calls(read: { _ = try await client.search(search) }, decode: { _ = try await client.search(search) })
        },
        classify: reading(GoogleBooksError.self) { ($0.code.description, $0.statusCode) }
    )
}
