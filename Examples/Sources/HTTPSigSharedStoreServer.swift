import Foundation
import HTTPMessageSignatures
import Hummingbird
import HummingbirdSignedRequests
import Logging
import PostgresReplayStore

/// The request context: what the verified HTTP Message Signature said (its `keyid`, the
/// components it covered, its nonce).
struct ItemsAPIContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    var signature: HTTPMessageSignatureVerifier.Verified?
    init(source: ApplicationRequestContextSource) { coreContext = .init(source: source) }
}

/// A new item, as the JSON body of `POST /items`.
struct NewItem: Decodable {
    var name: String
}

/// One of several instances of an items API at https://items.example.com, for clients signing
/// with HTTP Message Signatures (RFC 9421). The instances share one PostgreSQL replay store,
/// so each nonce is accepted once, whichever instance the request reaches.
func sharedStoreItemsServer(databaseURL: String, keys: [String: any HTTPMessageVerifyingKey], port: Int = 8080) async throws -> some ApplicationProtocol {
    // The table, once, before serving (or apply PostgresReplayStore.schemaSQL() in your migrations).
    try await PostgresReplayStore(url: databaseURL).withRunning { try await $0.createSchema() }

    let store = try PostgresReplayStore(url: databaseURL)                   // runs beside the server: `services` below
    var verifier = HTTPMessageSignatureVerifier(
        keys: keys,                                                         // by keyid: HMAC secrets, or public keys (HTTPMessageSignaturesCrypto)
        requirements: .request,                                             // @method, @authority, @path; @query and content-digest when present
        replayStore: store,
        publicURL: .fixed(URL(string: "https://items.example.com")!)        // the URL clients sign, whatever Host the balancer sends
    )
    verifier.requiresNonce = true                                           // every request carries a new nonce
    verifier.realm = "Items"
    let router = Router(context: ItemsAPIContext.self)
    router.add(middleware: SignedRequestMiddleware(verifier, identity: \ItemsAPIContext.signature, refusalLogLevel: .notice))
    router.get("/items") { _, context in "Items for \(context.signature?.keyID ?? "")" }
    router.post("/items") { request, context in
        let item = try await request.decode(as: NewItem.self, context: context)  // its content-digest verified by the middleware
        return "\(item.name), added by \(context.signature?.keyID ?? "")"
    }
    return Application(router: router, configuration: .init(address: .hostname("0.0.0.0", port: port)), services: [store])
}
