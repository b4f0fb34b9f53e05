import Foundation

/// Where the soak sends its traffic: a loopback host and port, never anything else.
struct LoopbackTarget: Sendable {
    /// The address to connect to (`localhost` is connected to as `127.0.0.1`).
    let host: String
    let port: Int
    /// `host:port` as given, for `Host` headers and signatures.
    let authority: String

    /// The target of a base URL such as `http://127.0.0.1:8401`.
    ///
    /// - Throws: a description of the problem when the URL is not `http://HOST:PORT` with a
    ///   loopback host (`127.0.0.0/8` or `localhost`; IPv6 is not supported).
    init(baseURL: String) throws(LoopbackTargetError) {
        guard let components = URLComponents(string: baseURL), components.scheme == "http",
              let host = components.host, let port = components.port, (1...65535).contains(port)
        else { throw LoopbackTargetError(message: "\(baseURL) is not an http://HOST:PORT URL") }
        guard Self.isLoopback(host) else {
            throw LoopbackTargetError(message: "\(host) is not a loopback host; the soak only targets 127.0.0.0/8 or localhost")
        }
        self.host = host == "localhost" ? "127.0.0.1" : host
        self.port = port
        authority = "\(host):\(port)"
    }

    /// The target of an in-process server on `127.0.0.1:port`.
    init(loopbackPort port: Int) {
        host = "127.0.0.1"
        self.port = port
        authority = "127.0.0.1:\(port)"
    }

    /// Whether `host` is `localhost` or a dotted IPv4 address in 127.0.0.0/8.
    static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false).map { UInt8($0) }
        return octets.count == 4 && octets.allSatisfy { $0 != nil } && octets[0] == 127
    }
}

/// Why a soak target was refused.
struct LoopbackTargetError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
