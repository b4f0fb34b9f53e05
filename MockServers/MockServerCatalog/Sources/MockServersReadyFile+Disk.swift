import Foundation
import MockServerKit
import SignedHTTP

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing the ready file atomically and reading it back with errors that name the file.
extension MockServersReadyFile {
    /// The largest file ``read(from:)`` accepts: a ready file of every provider is about 2 KiB.
    public static let maximumBytes = 1 << 20

    /// Writes the file at `path` atomically (a temporary file beside it, renamed into place),
    /// readable only by the owner (mode 0600): a reader that sees the file sees all of it.
    ///
    /// - Throws: `CocoaError` naming the temporary file or `path` when either cannot be written.
    public func write(to path: String) throws {
        let data = try encoded()
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        guard rename(temporary.path, url.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
    }

    /// Reads and decodes the file at `path`.
    ///
    /// - Throws: `MockServerError` (`invalidConfiguration`) whose message names `path` and says
    ///   what is wrong: missing, unreadable, empty, larger than ``maximumBytes``, or not a ready
    ///   file (with the JSON member at fault).
    public static func read(from path: String) throws -> MockServersReadyFile {
        func failure(_ problem: String, _ cause: (any Error)? = nil) -> MockServerError {
            MockServerError(code: .invalidConfiguration, message: "the ready file \(path) \(problem)", cause: cause)
        }
        guard FileManager.default.fileExists(atPath: path) else {
            throw failure("does not exist (mock-servers writes it once every provider listens)")
        }
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
        } catch {
            throw failure("cannot be read: \(error.localizedDescription)", error)
        }
        guard !data.isEmpty else { throw failure("is empty") }
        guard data.count <= maximumBytes else { throw failure("is larger than \(maximumBytes) bytes; a ready file is a few KiB") }
        do {
            return try JSONDecoder().decode(MockServersReadyFile.self, from: data)
        } catch let error as DecodingError {
            throw failure("is not a mock-servers ready file: \(error.pathAndReason())", error)
        } catch {
            throw failure("is not a mock-servers ready file: \(error.localizedDescription)", error)
        }
    }
}
