import ArgumentParser
import Foundation
import Hummingbird
import MockServerCatalog
import MockServerKit
import OAuth1Client

/// Load benchmark for the mock servers, loopback only and bounded in time: requests per second
/// and latency of a signed `verify_credentials` call (signature verified, nonce recorded,
/// journaled) against a bare Hummingbird route returning a constant, in one run.
struct CompareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare a signed OAuth 1.0a route of the mock servers with a bare Hummingbird route."
    )

    @Option(help: "Seconds per measured run (1...120).")
    var duration: Int = 10

    @Option(help: "Concurrent keep-alive connections (1...256).")
    var connections: Int = 32

    @Option(help: "Seconds of warm-up before each run (0...30).")
    var warmup: Int = 2

    @Option(name: .customLong("max-rate"), help: "Signed requests prepared per second of run time (1000...200000).")
    var requestsPerSecondCap: Int = 20_000

    func validate() throws {
        guard (1...120).contains(duration) else { throw ValidationError("--duration must be 1...120") }
        guard (1...256).contains(connections) else { throw ValidationError("--connections must be 1...256") }
        guard (0...30).contains(warmup) else { throw ValidationError("--warmup must be 0...30") }
        guard (1000...200_000).contains(requestsPerSecondCap) else { throw ValidationError("--max-rate must be 1000...200000") }
    }

    func run() async throws {
        let bare = try await BareServer.start()
        let signed = try await MockServer.start(
            MockCatalogEntry.twitter.provider(),
            configuration: MockServerConfiguration(journalCapacity: 1000)
        )
        let credentials = signed.providers[0].credentials
        let signer = OAuth1Signer(credentials: OAuth1Credentials(
            consumerKey: credentials["consumerKey"]!,
            consumerSecret: credentials["consumerSecret"]!,
            token: credentials["accessToken"],
            tokenSecret: credentials["accessTokenSecret"]
        ))
        let signedURL = URL(string: signed.baseURL.absoluteString + "/1.1/account/verify_credentials.json")!
        let authority = "\(signed.baseURL.host!):\(signed.baseURL.port!)"

        func signedRequests(_ count: Int) throws -> [PreparedRequest] {
            try (0..<count).map { _ in
                let headers = try signer.sign(OAuth1Request(url: signedURL)).request.headers
                return PreparedRequest(target: "/1.1/account/verify_credentials.json", headers: headers.map { ($0.name, $0.value) })
            }
        }
        let bareTarget = LoadTarget(
            port: bare.port, authority: "127.0.0.1:\(bare.port)",
            requests: [PreparedRequest(target: "/constant", headers: [])], repeats: true
        )
        let warmupTarget = LoadTarget(port: signed.baseURL.port!, authority: authority, requests: try signedRequests(requestsPerSecondCap * warmup), repeats: false)
        let signedTarget = LoadTarget(port: signed.baseURL.port!, authority: authority, requests: try signedRequests(requestsPerSecondCap * duration), repeats: false)

        print("loopback, \(connections) connections, \(duration) s per run after \(warmup) s warm-up; signed requests prepared in advance (\(signedTarget.requests.count))")
        var results: [(String, LoadResult)] = []
        var rssBefore = 0
        for (name, warm, target) in [("bare Hummingbird constant", bareTarget, bareTarget), ("signed verify_credentials", warmupTarget, signedTarget)] {
            if warmup > 0 { _ = try await LoadGenerator.run(warm, connections: connections, seconds: warmup) }
            if rssBefore == 0 { rssBefore = ProcessStatus.read()?.residentKilobytes ?? 0 }
            let result = try await LoadGenerator.run(target, connections: connections, seconds: duration)
            results.append((name, result))
            print(result.line(name))
        }
        let rssAfter = ProcessStatus.read()?.residentKilobytes ?? 0
        if results[1].1.requests >= signedTarget.requests.count - connections {
            print("note: the prepared signed requests ran out; raise --max-rate for a full-length run")
        }
        let ratio = results[1].1.requestsPerSecond / max(results[0].1.requestsPerSecond, 1)
        print(String(format: "signed / bare throughput: %.2fx", ratio))
        print("resident memory: \(rssBefore) KiB before, \(rssAfter) KiB after")
        await signed.stop()
        await bare.stop()
    }
}
