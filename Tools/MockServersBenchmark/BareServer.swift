import Hummingbird
import NIOCore
import ServiceLifecycle

/// A Hummingbird application that does no work of its own: the reference a mock route is
/// compared with. `GET /constant` answers `ok`; `GET /answer/N` answers the `N`th of
/// `answers` as JSON, so a mock's route can also be compared with a bare route that moves the
/// same bytes (what the transport alone costs).
struct BareServer {
    let port: Int
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    static func start(answers: [[UInt8]] = []) async throws -> BareServer {
        let router = Router()
        router.get("/constant") { _, _ in "ok" }
        let bodies = answers.map { ByteBuffer(bytes: $0) }
        router.get("/answer/:index") { _, context -> Response in
            guard let index = context.parameters.get("index", as: Int.self), bodies.indices.contains(index) else {
                return Response(status: .notFound)
            }
            return Response(status: .ok, headers: [.contentType: "application/json; charset=UTF-8"], body: .init(byteBuffer: bodies[index]))
        }
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
