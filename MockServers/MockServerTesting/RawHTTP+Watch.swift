import NIOCore
import NIOPosix

extension RawHTTP {
    /// Connects to `port` on 127.0.0.1, writes `request`, and reads a response that does not end
    /// by itself (server-sent events) until `done` holds for the text received so far; returns
    /// that text. Once the first bytes arrive (the server is answering), `started` runs, while
    /// what follows keeps arriving: the place to cause the events awaited.
    ///
    /// `timeout`, when given, guards against a hang (then throws ``TimedOut``); it is not a
    /// measure. Without it the test's own time limit is the guard: the watch ends when its task
    /// is cancelled.
    public static func watch(
        port: Int,
        request: String,
        timeout: Duration? = nil,
        started: @escaping @Sendable () async throws -> Void,
        until done: @escaping @Sendable (String) -> Bool
    ) async throws -> String {
        try await withThrowingTaskGroup(of: String?.self) { group in
            group.addTask {
                let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                    .connect(host: "127.0.0.1", port: port) { channel in
                        channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
                    }
                return try await channel.executeThenClose { inbound, outbound in
                    try await outbound.write(ByteBuffer(string: request))
                    var text = ""
                    var didStart = false
                    for try await chunk in inbound {
                        text += String(buffer: chunk)
                        if !didStart {
                            didStart = true
                            try await started()
                        }
                        if done(text) { return text }
                    }
                    return text
                }
            }
            if let timeout {
                group.addTask {
                    try await Task.sleep(for: timeout)
                    return nil
                }
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let text = first else { throw TimedOut() }
            return text
        }
    }
}
