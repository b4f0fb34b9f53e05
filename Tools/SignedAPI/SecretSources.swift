import ArgumentParser
import Foundation

/// Where secrets come from besides their flags: the environment, files and standard input.
/// Commands take one as a parameter whose default, ``process``, is this process's; tests pass
/// their own environment and standard input.
struct SecretSources: Sendable {
    /// The environment variables.
    var environment: [String: String]
    /// Reads standard input: at most the given number of bytes.
    var readStandardInput: @Sendable (Int) throws -> [UInt8]

    /// This process's environment and standard input.
    static var process: SecretSources {
        SecretSources(environment: ProcessInfo.processInfo.environment) { try Self.bytes(from: STDIN_FILENO, limit: $0) }
    }

    /// The largest secret file read: 64 KiB.
    static let maximumFileSize = 64 << 10

    /// What the `--help` of every command that takes a secret says about giving it.
    static let discussion = """
        Every secret comes three ways: its flag (--api-key KEY), its file option (--api-key-file PATH, '-' for \
        standard input, one final line end dropped; not with the flag), or, when neither is given, its environment \
        variable (SIGNED_API_API_KEY; likewise SIGNED_API_CONSUMER_SECRET, SIGNED_API_TOKEN_SECRET, \
        SIGNED_API_PRIVATE_KEY, SIGNED_API_CLIENT_SECRET, SIGNED_API_PASSWORD, SIGNED_API_KEY). Prefer the file or the variable: every user of the machine \
        sees a flag in ps, and it stays in shell history.
        """

    /// The secret in the file at `path` (`-`: standard input) with one final line end (LF or
    /// CRLF) dropped, nothing else.
    ///
    /// - Throws: `ValidationError` naming `option` and `path`, never the content, when the file
    ///   cannot be read, is larger than ``maximumFileSize``, holds nothing but a line end, or is
    ///   not UTF-8.
    func secret(inFile path: String, option: String, noun: String) throws -> String {
        var bytes = try contents(ofFile: path, option: option, limit: Self.maximumFileSize, advice: "give a file that holds \(noun) alone")
        if bytes.last == UInt8(ascii: "\n") {
            bytes.removeLast()
            if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        }
        guard !bytes.isEmpty else { throw ValidationError("\(option) \(Self.place(path)) is empty: put \(noun) in it") }
        guard let text = String(bytes: bytes, encoding: .utf8) else {
            throw ValidationError("\(option) \(Self.place(path)) is not UTF-8 text: save \(noun) in it as UTF-8")
        }
        return text
    }

    /// The bytes of the file at `path` (`-`: standard input), exactly as they are: a secret's,
    /// or a request body's.
    ///
    /// - Throws: `ValidationError` naming `option` and `path`, never the content, when the file
    ///   cannot be read or holds more than `limit` bytes (then `advice` says what to give).
    func contents(ofFile path: String, option: String, limit: Int, advice: String) throws -> [UInt8] {
        let bytes: [UInt8]
        do {
            bytes = path == "-" ? try readStandardInput(limit + 1) : try Self.bytes(at: path, limit: limit + 1)
        } catch {
            throw ValidationError("cannot read \(option) \(Self.place(path)): \(error)")
        }
        guard bytes.count <= limit else {
            let size = limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit >> 10) KiB"
            throw ValidationError("\(option) \(Self.place(path)) is larger than \(size): \(advice)")
        }
        return bytes
    }

    /// A file option's path as messages quote it: `'PATH'`, or `'-' (standard input)`.
    static func place(_ path: String) -> String {
        path == "-" ? "'-' (standard input)" : "'\(path)'"
    }

    /// Refuses standard input for more than one secret, and for any secret when it holds
    /// something else (`capture`: what, e.g. `the capture` or `the body`).
    ///
    /// - Parameter options: each secret's ``SecretOption/standardInputOption``.
    /// - Throws: `ValidationError` naming the options that read standard input.
    static func checkStandardInput(readBy options: [String?], capture: String? = nil) throws {
        let readers = options.compactMap(\.self)
        if let capture, let reader = readers.first {
            throw ValidationError("""
                standard input holds \(capture), so \(reader) cannot be '-': give \(capture) as a file, \
                or the secret in a file or its environment variable
                """)
        }
        guard readers.count <= 1 else {
            throw ValidationError("""
                standard input holds one secret only, but \(readers.joined(separator: " and ")) are \(readers.count == 2 ? "both" : "all") '-': \
                give the others a file or their environment variable
                """)
        }
    }

    /// At most `limit` bytes of the file at `path`.
    private static func bytes(at path: String, limit: Int) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ReadFailure(code: errno) }
        defer { close(descriptor) }
        return try bytes(from: descriptor, limit: limit)
    }

    /// At most `limit` bytes from `descriptor`, read until its end or the limit.
    private static func bytes(from descriptor: Int32, limit: Int) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: limit)
        var count = 0
        while count < limit {
            let result = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, limit - count) }
            if result > 0 {
                count += result
            } else if result == 0 {
                break
            } else if errno != EINTR {
                throw ReadFailure(code: errno)
            }
        }
        return Array(buffer[..<count])
    }

    /// A failed `open` or `read`, in the system's words for its `errno`.
    struct ReadFailure: Error, CustomStringConvertible {
        var code: Int32
        var description: String { String(cString: strerror(code)) }
    }
}
