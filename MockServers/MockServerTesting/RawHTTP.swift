import Foundation
import NIOCore
import NIOPosix

/// A bare TCP client for what a well-behaved HTTP client cannot send: invalid bytes, huge or
/// partial requests, and for seeing exactly what came back before the connection closed.
public enum RawHTTP {
    /// What the server sent before the connection ended.
    public struct Reply: Sendable {
        /// Every byte received.
        public var bytes: [UInt8]
        /// Whether the connection ended with an error (such as a reset) rather than a clean close.
        public var endedWithError: Bool

        /// The bytes as text (lossy).
        public var text: String { String(decoding: bytes, as: UTF8.self) }

        /// The body of the first response: what follows its blank line (the whole of it when the
        /// answer was sent with `Content-Length` and nothing came after it).
        public var body: [UInt8] {
            let separator: [UInt8] = Array("\r\n\r\n".utf8)
            guard let start = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else { return [] }
            return Array(bytes[(start + separator.count)...])
        }

        /// ``body`` decoded as a JSON object (`nil` when it is not one).
        public var json: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]
        }

        /// The status code of the first response, when one arrived.
        public var status: Int? {
            let line = text.prefix { $0 != "\r" && $0 != "\n" }
            let parts = line.split(separator: " ")
            guard parts.count >= 2, parts[0].hasPrefix("HTTP/") else { return nil }
            return Int(parts[1])
        }
    }

    /// The reply did not end within the time allowed.
    public struct TimedOut: Error {}

    /// Connects to `port` on 127.0.0.1, writes `bytes`, and reads until the server closes the
    /// connection or `timeout`, when given, passes (then throws ``TimedOut``; a guard against a
    /// hang, not a measure). Without `timeout` the test's own time limit is the guard: the
    /// exchange ends when its task is cancelled.
    ///
    /// - Parameter holdOpen: after the server closed its side of the connection, this side stays
    ///   open until `holdOpen` returns, as a client that never hangs up would.
    public static func exchange(port: Int, bytes: [UInt8], timeout: Duration? = nil, holdOpen: (@Sendable () async -> Void)? = nil) async throws -> Reply {
        try await withThrowingTaskGroup(of: Reply?.self) { group in
            group.addTask { try await run(port: port, bytes: bytes, holdOpen: holdOpen) }
            if let timeout {
                group.addTask {
                    try await Task.sleep(for: timeout)
                    return nil
                }
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let reply = first else { throw TimedOut() }
            return reply
        }
    }

    /// ``exchange(port:bytes:timeout:holdOpen:)`` with text.
    public static func exchange(port: Int, text: String, timeout: Duration? = nil, holdOpen: (@Sendable () async -> Void)? = nil) async throws -> Reply {
        try await exchange(port: port, bytes: Array(text.utf8), timeout: timeout, holdOpen: holdOpen)
    }

    private static func run(port: Int, bytes: [UInt8], holdOpen: (@Sendable () async -> Void)?) async throws -> Reply {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            // Holding open means surviving the server's half-close instead of closing with it.
            .channelOption(ChannelOptions.allowRemoteHalfClosure, value: holdOpen != nil)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            var received: [UInt8] = []
            do {
                try await outbound.write(ByteBuffer(bytes: bytes))
                for try await chunk in inbound {
                    received += chunk.readableBytesView
                }
            } catch {
                return Reply(bytes: received, endedWithError: true)
            }
            await holdOpen?()
            return Reply(bytes: received, endedWithError: false)
        }
    }
}
