import AFSignedClient
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TestSupport

/// The reference backend's own PHP verifier (`Peers/afsigned_verifier.php`, its logic run by
/// `php -S`) checks thousands of requests signed by AFSignedClient with random names, values,
/// arrays, maps, unicode and reserved characters: every one verifies and PHP's string to sign
/// equals ours byte for byte; each, tampered, fails. Skips without php; fails under CI
/// (`.ci/run` installs php-cli).
@Suite("AFSigned against the reference PHP backend verifier", .serialized, .heavy)
struct AFSignedPHPPeerTests {
    static let php: URL? = ["/usr/bin/php", "/usr/local/bin/php", "/opt/homebrew/bin/php"]
        .map(URL.init(fileURLWithPath:)).first { FileManager.default.isExecutableFile(atPath: $0.path) }
    static let credentials = AFSignedCredentials(clientID: "CLIENT_ID", clientSecret: "CLIENT_SECRET-\(UUID().uuidString)")

    /// `php -S` on a free loopback port serving the verifier, stopped by `body`'s caller.
    static func withVerifier(_ body: (URL) async throws -> Void) async throws {
        let php = try #require(Self.php, "php-cli is required under CI=true (apt-get install php-cli)")
        let port = try freePort()
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Peers/afsigned_verifier.php")
        let server = try ChildProcess(php, ["-S", "127.0.0.1:\(port)", script.path], environment: [
            "AFSIGNED_CLIENT_ID": credentials.clientID, "AFSIGNED_CLIENT_SECRET": credentials.clientSecret,
        ])
        // stop() sends SIGKILL: the test process's blocked signals are inherited, and php -S
        // waits on SIGTERM.
        defer { server.stop() }
        let base = URL(string: "http://127.0.0.1:\(port)")!
        var ready = false
        for _ in 0..<100 where !ready {
            ready = (try? await URLSessionTransport().send(APIRequest(url: base))) != nil
            if !ready { try await Task.sleep(for: .milliseconds(50)) }
        }
        try #require(ready, "php -S did not start: \(server.errorOutput)")
        try await body(base)
    }

    /// A port nobody listens on: bound to 0, read back, released.
    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        try #require(bound, "no free loopback port")
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Records the last request sent, then sends it over URLSession.
    final class Recorder: HTTPTransport, @unchecked Sendable {
        private let lock = NSLock()
        private var request: APIRequest?
        var last: APIRequest? { lock.withLock { request } }

        func send(_ request: APIRequest) async throws -> APIResponse {
            lock.withLock { self.request = request }
            return try await URLSessionTransport().send(request)
        }
    }

    /// Random parameters: names and values from letters, digits, unicode and every reserved
    /// character, lists and one-level maps, some empty values; deterministic from the seed.
    struct RandomRequests {
        var random: SplitMix64
        static let alphabet = Array("abcXYZ019_-~.!*'();:@&=+$,/?%#[] éü東京🙂")
        static let nameAlphabet = Array("abcdefXYZ019_-~!*'();:@$,/?%#éü東京🙂. [")

        mutating func text(_ alphabet: [Character], maximum: Int) -> String {
            let length = Int(random.next() % UInt64(maximum + 1))
            return String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
        }

        mutating func name() -> String {
            var name = text(Self.nameAlphabet, maximum: 8)
            if name.isEmpty || name.hasPrefix("auth_") { name = "p" + name }
            return name
        }

        mutating func parameters() -> [AFSignedParameter] {
            (0..<Int(random.next() % 7)).map { _ in
                switch random.next() % 5 {
                case 0: AFSignedParameter(name(), .list((0..<Int(random.next() % 4)).map { _ in text(Self.alphabet, maximum: 12) }))
                case 1: AFSignedParameter(name(), .map((0..<Int(1 + random.next() % 3)).map { _ in FormField(name(), text(Self.alphabet, maximum: 12)) }))
                default: AFSignedParameter(name(), .text(text(Self.alphabet, maximum: 16)))
                }
            }
        }

        mutating func method() -> String { ["GET", "POST", "PUT", "PATCH", "DELETE"][Int(random.next() % 5)] }
        mutating func path() -> String { ["/users", "/users/42", "/a%20b/c+d", "/caf%C3%A9", "/"][Int(random.next() % 5)] }
    }

    @Test(
        "3000 random signed requests all verify with PHP's own string; tampered, each fails",
        .enabled(if: TestEnvironment.isCI || php != nil, "php-cli is not installed (apt-get install php-cli); this skip is a failure when CI=true")
    )
    func randomRequests() async throws {
        try await Self.withVerifier { base in
            let recorder = Recorder()
            let client = AFSignedClient(configuration: AFSignedConfiguration(baseURL: base, credentials: Self.credentials, nonce: nil), http: SignedHTTPClient(transport: recorder, correctsClockSkew: false))
            var generator = RandomRequests(random: SplitMix64(seed: 2026))
            var verified = 0
            var unsignable = 0
            for index in 0..<3000 {
                let method = generator.method()
                let path = generator.path()
                let parameters = generator.parameters()
                let response: APIResponse
                do {
                    response = try await client.send(method, path, parameters: parameters)
                } catch let error as AFSignedError where error.code == .unsignableParameters {
                    unsignable += 1
                    continue
                }
                let sent = try #require(recorder.last)
                let body = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
                guard response.statusCode == 200, let encoded = body?["string"] as? String, let theirs = Data(base64Encoded: encoded) else {
                    Issue.record("request \(index) \(method) \(path) \(parameters) was refused: \(response.statusCode) \(String(decoding: response.body, as: UTF8.self))")
                    continue
                }
                let ours = try AFSignedCanonicalForm.bytes(version: .v2, method: method, path: AFSignedIncomingRequest(sent).path, query: AFSignedIncomingRequest(sent).query, body: AFSignedIncomingRequest(sent).body)
                #expect(Array(theirs) == ours, "request \(index): PHP signed \(String(decoding: theirs, as: UTF8.self).debugDescription)")
                verified += 1

                if index % 10 == 0 {
                    let tampered = try await URLSessionTransport().send(Self.tampered(sent))
                    #expect(tampered.statusCode == 401, "request \(index) verified after tampering")
                    #expect(String(decoding: tampered.body, as: UTF8.self).contains("Incorrect auth signature"))
                }
            }
            #expect(verified + unsignable == 3000)
            #expect(unsignable < 30, "\(unsignable) parameter sets were refused as unsignable")
        }
    }

    /// `request` with a parameter added to its query (a proxy or attacker changing the request).
    static func tampered(_ request: APIRequest) -> APIRequest {
        var changed = request
        var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)!
        components.percentEncodedQuery = (components.percentEncodedQuery.map { $0 + "&" } ?? "") + "injected=1"
        changed.url = components.url!
        return changed
    }

    @Test(
        "the reference backend's refusals: version, client id, timestamp, each in the reference backend's words",
        .enabled(if: TestEnvironment.isCI || php != nil, "php-cli is not installed (apt-get install php-cli); this skip is a failure when CI=true")
    )
    func refusals() async throws {
        try await Self.withVerifier { base in
            let stale = AFSignedClient(configuration: AFSignedConfiguration(baseURL: base, credentials: Self.credentials), http: SignedHTTPClient(correctsClockSkew: false, deviceClock: { Date().addingTimeInterval(-13 * 3600) }))
            let old = try await #require(throws: AFSignedError.self) { try await stale.send("GET", "/users") }
            #expect(old.statusCode == 401 && old.code == .timestampRefused && old.providerMessage?.contains("Incorrect auth timestamp") == true, "\(old)")
            let stranger = AFSignedClient(configuration: AFSignedConfiguration(baseURL: base, credentials: AFSignedCredentials(clientID: "someone", clientSecret: "x")))
            let unknown = try await #require(throws: AFSignedError.self) { try await stranger.send("GET", "/users") }
            #expect(unknown.code == .incorrectClientID && unknown.providerMessage?.contains("Incorrect client id") == true, "\(unknown)")
            let readme = AFSignedClient(configuration: AFSignedConfiguration(baseURL: base, credentials: Self.credentials, clientIDField: .key))
            let keyed = try await #require(throws: AFSignedError.self) { try await readme.send("GET", "/users") }
            #expect(keyed.code == .incorrectClientID, "the original PHP reads auth_client_id, not the README's auth_key: \(keyed)")
            let modern = AFSignedClient(configuration: AFSignedConfiguration(baseURL: base, credentials: Self.credentials, version: .v4))
            let headers = try await #require(throws: AFSignedError.self) { try await modern.send("GET", "/users") }
            #expect(headers.code == .incorrectVersion && headers.providerMessage?.contains("Incorrect client version") == true, "\(headers)")
        }
    }
}
