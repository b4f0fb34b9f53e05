import CredentialStore
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("credential-store-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The directory a store under test owns (not yet created).
    var storeURL: URL { url.appendingPathComponent("store", isDirectory: true) }

    func remove() {
        // Make everything removable again after tests that change modes.
        if let walker = FileManager.default.enumerator(atPath: url.path) {
            for case let relative as String in walker { chmod(url.path + "/" + relative, 0o700) }
        }
        try? FileManager.default.removeItem(at: url)
    }
}

/// The stores every shared test runs against.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case memory
    case file

    var testDescription: String { rawValue }

    func make(in directory: TemporaryDirectory) -> any CredentialStore {
        switch self {
        case .memory: MemoryStore()
        case .file: FileStore(directory: directory.storeURL)
        }
    }
}

/// The hex file-system name FileStore derives from a name, recomputed independently.
func hexName(_ name: String) -> String {
    name.utf8.map { byte in
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }.joined()
}

/// `stat` of a path, without following a final symbolic link.
func fileMode(_ path: String) -> mode_t? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return info.st_mode & 0o7777
}
