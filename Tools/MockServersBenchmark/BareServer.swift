import Hummingbird
import NIOCore
import ServiceLifecycle

/// A Hummingbird application with one `GET /constant` route: the reference the signed route is
/// compared with.
struct BareServer {
    let port: Int
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    static func start() async throws -> BareServer {
        let router = Router()
        router.get("/constant") { _, _ in "ok" }
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? 0)
                continuation.finish()
            }
        )
        let group = ServiceGroup(configuration: .init(services: [app], logger: app.logger))
        let task = Task { try await group.run() }
        var port = 0
        for await value in ports { port = value }
        return BareServer(port: port, group: group, task: task)
    }

    func stop() async {
        await group.triggerGracefulShutdown()
        _ = await task.result
    }
}
