import Foundation
import SigningCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension SoakTraffic {
    /// Traffic for the Google Books provider (run with `requiresKey`): lookups of volumes found
    /// by one search at the start, and every fourth request a narrow title search, each with
    /// the demo API key. The API is not signed, so a replay is the same lookup again and is
    /// served. Tampered: the key changed (400 `keyInvalid`). Invalid: `maxResults=41` (400).
    static func googleBooks(target: LoopbackTarget, credentials: [String: String]) async throws -> SoakTraffic {
        let path = "/books/v1/volumes"
        let key = PercentEncoding.encode(credentials["apiKey"] ?? "")
        let (data, _) = try await URLSession.shared.data(from: URL(string: "http://\(target.authority)\(path)?q=the&maxResults=40&key=\(key)")!)
        let items = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["items"] as? [[String: Any]] ?? []
        let volumes: [(id: String, word: String)] = items.compactMap { item in
            guard let id = item["id"] as? String, let title = (item["volumeInfo"] as? [String: Any])?["title"] as? String,
                  let word = title.split(separator: " ").max(by: { $0.count < $1.count })
            else { return nil }
            return (id, String(word))
        }
        guard !volumes.isEmpty else { throw LoopbackTargetError(message: "googlebooks: the search for volumes to look up found none") }
        @Sendable func request(_ sequence: Int, key: String) -> PreparedRequest {
            let volume = volumes[sequence % volumes.count]
            if sequence % 4 == 0 {
                return PreparedRequest(target: "\(path)?q=intitle:\(PercentEncoding.encode(volume.word))&maxResults=10&key=\(key)", headers: [])
            }
            return PreparedRequest(target: "\(path)/\(PercentEncoding.encode(volume.id))?key=\(key)", headers: [])
        }
        return SoakTraffic(
            provider: "googlebooks", target: target,
            valid: { request($0, key: key) },
            tampered: { request($0, key: key + "x") },
            invalid: { _ in PreparedRequest(target: "\(path)?q=the&maxResults=41&key=\(key)", headers: []) },
            oversized: oversized(method: "GET", target: "\(path)?q=the&key=\(key)", contentType: "application/octet-stream"),
            probePath: path,
            expectations: kitExpectations.merging([
                .valid: .status(200),
                .replay: .status(200),
                .tamper: .status(400, containing: "keyInvalid"),
                .invalid: .status(400),
            ]) { $1 }
        )
    }
}
