#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
import NIOCore

/// Sits right before the HTTP/1 decoder and notes whether the bytes being decoded carry a
/// request target longer than the decoder's limit.
///
/// NIO's decoder refuses a too-long request target and a too-large header section with the same
/// error (`HTTPParserError.headerOverflow`); ``ConnectionGuard`` asks this watch which of the two
/// it was, to answer 414 or 431. The decoder counts the target's bytes against the same limit as
/// a header field's and fails while reading the buffer in which the target passes that limit,
/// so the watch answers for the buffer just read.
final class RequestTargetWatch: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// Where in a line the bytes read so far end.
    private enum Position {
        /// At the start of a line.
        case lineStart
        /// In a leading token, which is a method when a space follows it.
        case method
        /// In a request target, this many bytes into it.
        case target(Int)
        /// Anywhere else: a header line, the HTTP version, a body.
        case elsewhere
    }

    private let limit: Int
    private var position = Position.lineStart
    /// Whether a request target passed ``limit`` in the buffer last read.
    private(set) var targetOverflowed = false

    /// A watch for a decoder that refuses a target longer than `limit` bytes.
    init(limit: Int) {
        self.limit = limit
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        targetOverflowed = false
        scan(unwrapInboundIn(data).readableBytesView)
        context.fireChannelRead(data)
    }

    private func scan(_ bytes: ByteBufferView) {
        let lineFeed = UInt8(ascii: "\n")
        var index = bytes.startIndex
        while index < bytes.endIndex {
            switch position {
            case .elsewhere:
                // The common case, a header line or a body: skip to the line's end.
                guard let end = bytes[index...].firstIndex(of: lineFeed) else { return }
                index = end
                position = .lineStart
            case .lineStart:
                position = Self.isTokenByte(bytes[index]) ? .method : (bytes[index] == lineFeed ? .lineStart : .elsewhere)
            case .method:
                let byte = bytes[index]
                position = byte == UInt8(ascii: " ") ? .target(0) : Self.isTokenByte(byte) ? .method : (byte == lineFeed ? .lineStart : .elsewhere)
            case .target(let count):
                let end = bytes[index...].firstIndex { $0 == UInt8(ascii: " ") || $0 == lineFeed } ?? bytes.endIndex
                let total = count + (end - index)
                if total > limit { targetOverflowed = true }
                guard end < bytes.endIndex else {
                    position = .target(total)
                    return
                }
                index = end
                position = bytes[end] == lineFeed ? .lineStart : .elsewhere
            }
            index += 1
        }
    }

    /// Whether `byte` may be in a method (an HTTP token; letters in practice).
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "~"): true
        default: false
        }
    }
}
#endif
