import ArgumentParser
import Foundation
import Hummingbird
import MockServerKit
import OAuth1Client
import OAuth1Provider

/// Load benchmark for the mock servers, loopback only and bounded in time: requests per second
/// and latency of a signed `verify_credentials` call (signature verified, nonce recorded,
/// journaled) against a bare Hummingbird route returning a constant, in one run.
@main
struct MockServersBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mock-servers-benchmark",
        abstract: "Compare a signed OAuth 1.0a route of the mock servers with a bare Hummingbird route."
    )

    @Option(help: "Seconds per measured run (1...120).")
    var duration: Int = 10

    @Option(help: "Concurrent keep-alive connections (1...256).")
    var connections: Int = 32

    @Option(help: "Seconds of warm-up before each run (0...30).")
    var warmup: Int = 2

    func validate() throws {
        guard (1...120).contains(duration) else { throw ValidationError("--duration must be 1...120") }
        guard (1...256).contains(connections) else { throw ValidationError("--connections must be 1...256") }
        guard (0...30).contains(warmup) else { throw ValidationError("--warmup must be 0...30") }
    }

    func run() async throws {
        let bare = try await BareServer.start()
        let signed = try await MockServer.start(
            OAuth1MockProvider(flavour: .twitter),
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

        let bareTarget = LoadTarget(port: bare.port, authority: "127.0.0.1:\(bare.port)") { _ in ("/constant", [:]) }
        let signedTarget = LoadTarget(port: signed.baseURL.port!, authority: authority) { _ in
            let request = try signer.sign(OAuth1Request(url: signedURL))
            return ("/1.1/account/verify_credentials.json", request.request.headers)
        }

        print("loopback, \(connections) connections, \(duration) s per run after \(warmup) s warm-up")
        let rssBefore = ResidentMemory.kilobytes()
        var results: [(String, LoadResult)] = []
        for (name, target) in [("bare Hummingbird constant", bareTarget), ("signed verify_credentials", signedTarget)] {
            if warmup > 0 { _ = try await LoadGenerator.run(target, connections: connections, seconds: warmup) }
            let result = try await LoadGenerator.run(target, connections: connections, seconds: duration)
            results.append((name, result))
            print(result.line(name))
        }
        let rssAfter = ResidentMemory.kilobytes()
        let ratio = results[1].1.requestsPerSecond / max(results[0].1.requestsPerSecond, 1)
        print(String(format: "signed / bare throughput: %.2fx", ratio))
        print("resident memory: \(rssBefore) KiB before, \(rssAfter) KiB after")
        await signed.stop()
        await bare.stop()
    }
}
