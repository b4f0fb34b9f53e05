import Hummingbird
import HummingbirdSignedRequests
import Logging
import NIOCore
import PostgresReplayStore

/// The request context: the OAuth 1.0a identity the middleware verified, and the peer's address,
/// which a trusted proxy's forwarding headers need (`SocketAddress` is NIOCore's).
struct PhotosAPIContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    var oauth1: OAuth1Verifier.Verified?
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}

/// One of several instances of a photo API behind a load balancer at 10.0.0.2: they share one
/// PostgreSQL replay store, so a signed request is accepted once, whichever instance it reaches.
func sharedStorePhotosServer(databaseURL: String, consumerSecrets: [String: String], port: Int = 8080) async throws -> some ApplicationProtocol {
    // The table, once, before serving (or apply PostgresReplayStore.schemaSQL() in your migrations).
    try await PostgresReplayStore(url: databaseURL).withRunning { try await $0.createSchema() }

    let store = try PostgresReplayStore(url: databaseURL)              // runs beside the server: `services` below
    let verifier = OAuth1Verifier(
        consumerSecret: { consumerKey in consumerSecrets[consumerKey] },  // or your database
        tokens: .none,
        requiresBodyHash: true,                                           // a JSON body must be signed (oauth_body_hash)
        replayStore: store,
        publicURL: .trustedProxies(["10.0.0.2"]),                         // its X-Forwarded-* name the URL clients signed
        realm: "Photos"
    )
    let router = Router(context: PhotosAPIContext.self)
    // Refusals logged at notice; every request counted in swift-metrics' `signed_requests`
    // (bootstrap your backend, such as swift-prometheus, with MetricsSystem.bootstrap at start).
    router.add(middleware: SignedRequestMiddleware(verifier, identity: \PhotosAPIContext.oauth1, refusalLogLevel: .notice))
    router.get("/photos") { _, context in "Photos of \(context.oauth1?.consumerKey ?? "")" }
    return Application(router: router, configuration: .init(address: .hostname("0.0.0.0", port: port)), services: [store])
}
