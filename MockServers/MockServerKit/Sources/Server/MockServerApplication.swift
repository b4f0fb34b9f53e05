#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
public import Hummingbird
import HummingbirdCore
public import NIOCore

/// Builds the Hummingbird application of one provider, for ``MockServer`` and for tests that
/// drive it with HummingbirdTesting (`app.test(.router)` or `.live`).
public enum MockServerApplication {
    /// The application serving `provider` with `context`.
    ///
    /// - Parameters:
    ///   - provider: the provider whose routes it serves.
    ///   - context: the server's shared state: configuration, clock, journal, faults, routes.
    ///   - onServerRunning: called with the listening channel (its local address holds the
    ///     port chosen for port 0).
    public static func build(
        provider: some MockProvider,
        context: MockServerContext,
        onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }
    ) -> Application<RouterResponder<MockRequestContext>> {
        let router = Router(context: MockRequestContext.self)
        router.add(middleware: MockServerMiddleware(server: context))
        ServiceRoutes.add(to: router, server: context)
        provider.addRoutes(to: router, context: context)
        let limits = context.configuration.limits
        let decoderLimit = parserLimit(for: limits)
        return Application(
            router: router,
            server: .http1(configuration: .init(
                additionalChannelHandlers: [ConnectionGuard.Installer(server: context)],
                httpDecoderConfiguration: .init(maxHeaderFieldSize: decoderLimit, maxHeaderListSize: decoderLimit)
            )),
            configuration: .init(address: .hostname(context.configuration.host, port: context.configuration.port), serverName: nil),
            onServerRunning: { channel in
                let logger = context.logger
                try? await channel.eventLoop.submit {
                    try channel.pipeline.syncOperations.addHandler(AcceptPause(logger: logger), position: .first)
                }.get()
                await onServerRunning(channel)
            },
            logger: context.logger
        )
    }

    /// The HTTP/1 decoder's limit on a request target, a header field and the header section:
    /// well above ``MockServerLimits/maxHeaderBytes``, so that the middleware sees most requests
    /// over that limit whole and answers them 414 or 431; beyond this one the decoder gives up
    /// and ``ConnectionGuard`` answers instead.
    static func parserLimit(for limits: MockServerLimits) -> Int {
        max(4 * limits.maxHeaderBytes, 8 << 10)
    }
}
#endif
