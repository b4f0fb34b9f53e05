#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
import Foundation
import Logging
import NIOCore

/// Pauses accepting for a moment when `accept` fails for want of file descriptors or memory
/// (EMFILE, ENFILE, ENOBUFS, ENOMEM), instead of spinning a core.
///
/// NIO's own `AcceptBackoffHandler` cannot help when the very first `accept` of a wake-up fails:
/// the read stays pending and the listening socket stays registered, so the event loop wakes at
/// once, again and again. Turning `autoRead` off unregisters the socket; it is turned on again
/// after `pause`, when connections may have closed and freed descriptors.
final class AcceptPause: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = any Channel

    private let pause: TimeAmount
    private let logger: Logger
    private var paused = false
    private var warned = false

    init(pause: TimeAmount = .milliseconds(250), logger: Logger) {
        self.pause = pause
        self.logger = logger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        warned = false  // accepting again: the next shortage is worth a warning
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let error = error as? IOError, [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(error.errnoCode) else {
            context.fireErrorCaught(error)
            return
        }
        guard !paused, let options = context.channel.syncOptions else { return }
        paused = true
        if !warned {
            warned = true
            logger.warning("cannot accept connections (\(error)); pausing until descriptors are free")
        }
        try? options.setOption(.autoRead, value: false)
        let channel = context.channel
        context.eventLoop.assumeIsolated().scheduleTask(in: pause) { [self] in
            paused = false
            try? channel.syncOptions?.setOption(.autoRead, value: true)
        }
    }
}
#endif
