import Foundation
import Hummingbird
import HummingbirdSignedRequests

/// Hummingbird's context, plus the OAuth 1.0a identity the middleware verified.
struct PhotosContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    var oauth1: OAuth1Verifier.Verified?
    init(source: ApplicationRequestContextSource) { coreContext = .init(source: source) }
}

/// A photo API behind a load balancer: every route needs a request signed with OAuth 1.0a.
func photosServer(consumerSecrets: [String: String]) -> some ApplicationProtocol {
    let verifier = OAuth1Verifier(
        consumerSecret: { consumerKey in consumerSecrets[consumerKey] },  // or your database
        tokens: .none,                                                    // two-legged: the consumer's secret alone
        replayStore: MemoryReplayStore(),                                 // PostgresReplayStore for several instances
        publicURL: .fixed(URL(string: "https://photos.example.com")!),    // the URL clients sign
        realm: "Photos"
    )
    let router = Router(context: PhotosContext.self)
    router.add(middleware: SignedRequestMiddleware(verifier, identity: \PhotosContext.oauth1))
    router.get("/photos") { _, context in "Photos of \(context.oauth1?.consumerKey ?? "")" }
    return Application(router: router, configuration: .init(address: .hostname("0.0.0.0", port: 8080)))
}
