import NIOCore
import NIOHTTP1
import NIOPosix

/// A request target, method, headers and body, ready to send.
struct PreparedRequest: Sendable {
    var method: HTTPMethod = .GET
    var target: String
    var headers: [(String, String)]
    var body: [UInt8] = []
}

/// One keep-alive HTTP/1.1 client connection on loopback: sends a request, reads its whole
/// response, returns the status. Shared by the `compare` load generator and the soak.
struct HTTPClientConnection {
    private let channel: any Channel
    private let outbound: NIOAsyncChannelOutboundWriter<HTTPClientRequestPart>
    private var responses: NIOAsyncChannelInboundStream<HTTPClientResponsePart>.AsyncIterator
    /// Whether another request may be sent: false once a response did not end, or said
    /// `Connection: close` (as a 413 before the body is read does).
    private(set) var isOpen = true

    /// Connects to `host:port`, runs `body` with the connection, and closes it however `body` ends.
    static func with<Result>(
        host: String,
        port: Int,
        _ body: (inout HTTPClientConnection) async throws -> Result
    ) async throws -> Result {
        let asyncChannel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(wrappingChannelSynchronously: channel)
                }
            }
        let channel = asyncChannel.channel
        return try await asyncChannel.executeThenClose { inbound, outbound in
            var connection = HTTPClientConnection(channel: channel, outbound: outbound, responses: inbound.makeAsyncIterator())
            return try await body(&connection)
        }
    }

    /// Sends `request` with `Host: authority` and waits for the end of its response.
    ///
    /// - Parameter timeout: closes the connection when the response has not ended by then.
    /// - Returns: the response status, or `nil` when the connection closed (or timed out)
    ///   before a complete response. Check ``isOpen`` before sending the next request.
    mutating func exchange(_ request: PreparedRequest, authority: String, timeout: Duration? = nil) async -> Int? {
        await exchange(request, authority: authority, timeout: timeout, keepingBodyBytes: 0)?.status
    }

    /// Sends `request` as ``exchange(_:authority:timeout:)`` does and keeps the first
    /// `keepingBodyBytes` bytes of the response body.
    mutating func exchange(
        _ request: PreparedRequest, authority: String, timeout: Duration?, keepingBodyBytes: Int
    ) async -> (status: Int, body: [UInt8])? {
        var headers = HTTPHeaders([("Host", authority), ("User-Agent", "mock-servers-benchmark")])
        for (name, value) in request.headers { headers.add(name: name, value: value) }
        var parts: [HTTPClientRequestPart] = []
        if !request.body.isEmpty || request.method == .POST {
            headers.add(name: "Content-Length", value: String(request.body.count))
        }
        parts.append(.head(HTTPRequestHead(version: .http1_1, method: request.method, uri: request.target, headers: headers)))
        if !request.body.isEmpty { parts.append(.body(.byteBuffer(ByteBuffer(bytes: request.body)))) }
        parts.append(.end(nil))

        let channel = channel
        let watchdog = timeout.map { limit in
            channel.eventLoop.scheduleTask(in: .nanoseconds(Int64(limit / .nanoseconds(1)))) { channel.close(promise: nil) }
        }
        defer { watchdog?.cancel() }
        // A server may answer (413) and close before the whole body is written: read what came.
        try? await outbound.write(contentsOf: parts)
        var status: Int?
        var body: [UInt8] = []
        do {
            while let part = try await responses.next() {
                switch part {
                case .head(let head):
                    status = Int(head.status.code)
                    isOpen = head.isKeepAlive
                case .body(let buffer):
                    if body.count < keepingBodyBytes {
                        body += buffer.readableBytesView.prefix(keepingBodyBytes - body.count)
                    }
                case .end:
                    return status.map { ($0, body) }
                }
            }
        } catch {
            // A reset ends the response as a close does.
        }
        isOpen = false
        return nil
    }
}
