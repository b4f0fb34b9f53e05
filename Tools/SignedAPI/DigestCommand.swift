import ArgumentParser
import Foundation
import SigningCore

/// `signed-api digest`: the SHA-1/SHA-256/SHA-512 digest or HMAC of standard input, printed on
/// one line, so that SigningCore can be checked from outside (`… | signed-api digest …`).
struct DigestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "digest",
        abstract: "Hash or HMAC standard input.",
        discussion: """
            Reads the message from standard input (any bytes, streamed in chunks) and prints its \
            digest on one line. With --hmac-key-hex, prints the HMAC (RFC 2104) under that key.
            Example: printf abc | signed-api digest --algorithm sha256
            """
    )

    /// The hash function.
    enum Algorithm: String, CaseIterable, ExpressibleByArgument {
        case sha1, sha256, sha512
    }

    /// How the digest is printed.
    enum OutputEncoding: String, CaseIterable, ExpressibleByArgument {
        case hex, base64
    }

    @Option(help: "The hash function.")
    var algorithm: Algorithm

    @Option(name: .customLong("hmac-key-hex"), help: ArgumentHelp("Compute an HMAC under this key, given in hexadecimal.", valueName: "hex"))
    var hmacKeyHex: String?

    @Option(help: "How to print the digest: lowercase hex, or standard padded Base64.")
    var encoding: OutputEncoding = .hex

    /// The decoded HMAC key, if one was given.
    func hmacKey() throws -> [UInt8]? {
        guard let hmacKeyHex else { return nil }
        do {
            return try Hex.decode(hmacKeyHex)
        } catch {
            throw ValidationError("--hmac-key-hex is not valid hexadecimal: \(error.description)")
        }
    }

    func validate() throws {
        _ = try hmacKey()
    }

    func run() throws {
        var failure: (any Error)?
        let line = try digestLine { buffer in
            while true {
                let count = read(STDIN_FILENO, buffer.baseAddress, buffer.count)
                if count >= 0 { return count }
                if errno == EINTR { continue }
                failure = ReadError(code: errno)
                return 0
            }
        }
        if let failure { throw failure }
        print(line)
    }

    /// The output line for the message that `read` delivers: `read` fills the buffer it is
    /// given and returns the byte count, 0 at the end of the input.
    func digestLine(read: (UnsafeMutableRawBufferPointer) throws -> Int) throws -> String {
        let key = try hmacKey()
        let digest: Digest = switch algorithm {
        case .sha1: try Self.digest(SHA1.self, key: key, read: read)
        case .sha256: try Self.digest(SHA256.self, key: key, read: read)
        case .sha512: try Self.digest(SHA512.self, key: key, read: read)
        }
        return switch encoding {
        case .hex: digest.hex
        case .base64: digest.base64
        }
    }

    private static func digest<Hash: HashAlgorithm>(
        _: Hash.Type, key: [UInt8]?, read: (UnsafeMutableRawBufferPointer) throws -> Int
    ) throws -> Digest {
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
        defer { chunk.deallocate() }
        if let key {
            var mac = HMAC<Hash>(key: key)
            while case let count = try read(chunk), count > 0 { mac.update(bufferPointer: UnsafeRawBufferPointer(rebasing: chunk[..<count])) }
            return mac.finalize()
        }
        var hasher = Hash()
        while case let count = try read(chunk), count > 0 { hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: chunk[..<count])) }
        return hasher.finalize()
    }

    /// Standard input could not be read.
    struct ReadError: Error, CustomStringConvertible {
        var code: Int32
        var description: String { "cannot read standard input: \(String(cString: strerror(code)))" }
    }
}
