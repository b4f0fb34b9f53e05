import NIOCore
import NIOPosix

/// A TCP connection that writes raw bytes — what an HTTP client would refuse to send — and
/// reports how the server answered: the status of the first response line, or a close.
enum RawConnection {
    /// Connects to `host:port`, runs `send` with the connection's writer while reading, and
    /// returns as soon as the server answers or closes, or `send` returns or the caller is
    /// cancelled (then ``SoakOutcome/held``: the connection was still open).
    static func run(
        host: String,
        port: Int,
        send: @escaping @Sendable (NIOAsyncChannelOutboundWriter<ByteBuffer>) async -> Void
    ) async -> SoakOutcome {
        let connected: NIOAsyncChannel<ByteBuffer, ByteBuffer>
        do {
            connected = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connect(host: host, port: port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            return .refused
        }
        return (try? await connected.executeThenClose { inbound, outbound in
            await withTaskGroup(of: SoakOutcome.self) { group in
                group.addTask { await answer(inbound) }
                group.addTask {
                    await send(outbound)
                    return .held
                }
                let first = await group.next() ?? .closed
                group.cancelAll()
                // Cancelled from outside (the soak ended): the connection was open until then.
                return first == .closed && Task.isCancelled ? .held : first
            }
        }) ?? .closed
    }

    /// The status of the first response line, or ``SoakOutcome/closed`` when the stream ends
    /// (or fails) before one.
    private static func answer(_ inbound: NIOAsyncChannelInboundStream<ByteBuffer>) async -> SoakOutcome {
        var received: [UInt8] = []
        do {
            for try await buffer in inbound {
                received += buffer.readableBytesView
                if let status = statusCode(received) { return .status(status) }
            }
        } catch {
            // A reset ends the answer as a close does.
        }
        return statusCode(received).map(SoakOutcome.status) ?? .closed
    }

    /// The code of a complete `HTTP/1.x NNN` status line at the start of `bytes`.
    private static func statusCode(_ bytes: [UInt8]) -> Int? {
        guard let end = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let fields = String(decoding: bytes[..<end], as: UTF8.self).split(separator: " ")
        guard fields.count >= 2, fields[0].hasPrefix("HTTP/") else { return nil }
        return Int(fields[1])
    }
}
