#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
public import Hummingbird
public import NIOCore

/// The Hummingbird request context of mock servers: the core storage, the connection (for
/// connection-reset faults) and the journal note for the request.
public struct MockRequestContext: RequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage
    /// The connection the request arrived on.
    public let channel: any Channel
    /// Where the route writes its verdict for the journal.
    public var note: JournalNote

    /// Creates a context for a request on `source.channel`.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
        note = JournalNote()
    }
}
#endif
