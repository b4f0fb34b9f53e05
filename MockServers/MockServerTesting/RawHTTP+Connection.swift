import NIOCore
import NIOPosix

extension RawHTTP {
    /// A connection the test holds and writes to piece by piece, for what one
    /// ``RawHTTP/exchange(port:bytes:timeout:holdOpen:)`` cannot do: stay idle, trickle a
    /// request, hang up in the middle. What the server sends back is read and dropped.
    public final class Connection: Sendable {
        private let channel: any Channel

        private init(channel: any Channel) {
            self.channel = channel
        }

        /// Connects to `port` on 127.0.0.1.
        public static func open(port: Int) async throws -> Connection {
            Connection(channel: try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connect(host: "127.0.0.1", port: port).get())
        }

        /// Whether the connection is still open (the server has not closed it, nor has this side).
        public var isOpen: Bool { channel.isActive }

        /// Writes `text` and flushes it.
        ///
        /// - Throws: NIO's error when the connection is already closed.
        public func send(_ text: String) async throws {
            try await channel.writeAndFlush(ByteBuffer(string: text))
        }

        /// Returns once the connection is closed, by either side.
        public func waitUntilClosed() async throws {
            try await channel.closeFuture.get()
        }

        /// Hangs up (nothing happens when the connection is already closed).
        public func close() async {
            try? await channel.close()
        }
    }
}
