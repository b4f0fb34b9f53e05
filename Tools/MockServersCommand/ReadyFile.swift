import Foundation
import MockServerKit

/// Writes the ready file: `{"twitter": {"baseURL": "http://127.0.0.1:PORT", "credentials": {…}}}`,
/// atomically (a temporary file renamed into place) and readable only by the owner.
enum ReadyFile {
    static func write(_ providers: [MockServer.Running], to path: String) throws {
        var object: [String: Any] = [:]
        for running in providers {
            object[running.name] = ["baseURL": running.baseURL.absoluteString, "credentials": running.credentials]
        }
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
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
}
