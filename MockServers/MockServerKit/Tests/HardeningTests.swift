import Foundation
import HTTPTypes
import HummingbirdTesting
import MockServerKit
import MockServerTesting
import NIOCore
import SigningCore
import Testing

/// Regression tests for what a hostile test, config file or stranger did to a running server:
/// out-of-range faults that trapped it, a journal that grew without bound, secrets in the
/// journal, non-ASCII header values, an oversized admin body.
@Suite("Hardening: values, journal, secrets, headers")
struct HardeningTests {
    /// Faults that used to kill the process on the first matching request, and the field the
    /// refusal must name.
    static let trappingFaults: [(MockFault, String)] = [
        (.status(code: 1000, retryAfterSeconds: nil), "fault.status.code"),
        (.status(code: -1, retryAfterSeconds: nil), "fault.status.code"),
        (.status(code: 429, retryAfterSeconds: Int.max - 5), "fault.status.retryAfterSeconds"),
        (.clockSkew(seconds: Int.max), "fault.clockSkew.seconds"),
        (.clockSkew(seconds: Int.min), "fault.clockSkew.seconds"),
        (.latency(milliseconds: -1), "fault.latency.milliseconds"),
        (.latency(milliseconds: Int.max), "fault.latency.milliseconds"),
        (.randomLatency(minimumMilliseconds: 10, maximumMilliseconds: 5), "fault.randomLatency.maximumMilliseconds"),
        (.dribble(chunkBytes: 0, intervalMilliseconds: 1), "fault.dribble.chunkBytes"),
    ]

    @Test("out-of-range faults are refused by the Swift API, naming the field and range", arguments: trappingFaults)
    func swiftAPI(fault: MockFault, field: String) async throws {
        try await MockServer.withRunning(EchoProvider()) { server throws in
            let error = #expect(throws: MockServerError.self) { try server.faults.add(FaultRule(fault: fault)) }
            #expect(error?.code == .invalidConfiguration)
            #expect(error?.message.contains("faults[0].\(field) must be a whole number in") == true, "\(error?.message ?? "")")
            #expect(server.faults.all.isEmpty)
            #expect(try await MockHTTP.send(.get, "/health", to: server.baseURL).status == .ok)
        }
    }

    @Test("out-of-range faults in a configuration are refused before anything is bound", arguments: trappingFaults)
    func configuration(fault: MockFault, field: String) async {
        let error = await #expect(throws: MockServerError.self) {
            try await MockServer.withRunning(EchoProvider(), configuration: MockServerConfiguration(faults: [FaultRule(fault: fault)])) { _ in }
        }
        #expect(error?.code == .invalidConfiguration)
        #expect(error?.message.hasPrefix("provider echo, faults[0].\(field)") == true, "\(error?.message ?? "")")
    }

    @Test("out-of-range faults sent to the admin route get 400 naming the field; the server keeps serving", arguments: trappingFaults)
    func adminRoute(fault: MockFault, field: String) async throws {
        try await MockServer.withRunning(EchoProvider(), configuration: MockServerConfiguration(adminEnabled: true)) { server in
            let body = try JSONEncoder().encode([FaultRule(fault: fault)])
            let response = try await MockHTTP.send(.post, "/__admin/faults", to: server.baseURL, headers: server.adminHeaders, body: ByteBuffer(bytes: body))
            #expect(response.status == .badRequest)
            #expect((MockHTTP.json(response)?["error"] as? String)?.contains("faults[0].\(field)") == true, "\(MockHTTP.text(response))")
            #expect(server.faults.all.isEmpty)
            #expect(try await MockHTTP.send(.get, "/echo", to: server.baseURL).status == .ok)
        }
    }

    @Test("configuration values out of range are refused", arguments: [
        (MockServerConfiguration(limits: MockServerLimits(maxHeaderBytes: -1)), "limits.maxHeaderBytes"),
        (MockServerConfiguration(limits: MockServerLimits(maxBodyBytes: -5)), "limits.maxBodyBytes"),
        (MockServerConfiguration(limits: MockServerLimits(readTimeoutSeconds: 0)), "limits.readTimeoutSeconds"),
        (MockServerConfiguration(limits: MockServerLimits(maxConnections: 0)), "limits.maxConnections"),
        (MockServerConfiguration(port: 70_000), "port"),
        (MockServerConfiguration(journalCapacity: 0), "journalCapacity"),
        (MockServerConfiguration(journalEntryBytes: 1), "journalEntryBytes"),
        (MockServerConfiguration(faults: [FaultRule(fault: .emptyResponse, remaining: 0)]), "faults[0].remaining"),
        (MockServerConfiguration(faults: [FaultRule(fault: .emptyResponse, remaining: -1)]), "faults[0].remaining"),
        (MockServerConfiguration(faults: [FaultRule(route: "", fault: .emptyResponse)]), "faults[0].route"),
        (MockServerConfiguration(host: ""), "host"),
    ])
    func configurationRanges(configuration: MockServerConfiguration, field: String) async {
        let error = await #expect(throws: MockServerError.self) { try await MockServer.withRunning(EchoProvider(), configuration: configuration) { _ in } }
        #expect(error?.code == .invalidConfiguration)
        #expect(error?.message.contains(field) == true, "\(error?.message ?? "")")
    }

    @Test("skews at the edge of their range, several at once, saturate instead of trapping")
    func skewsSaturate() async throws {
        let edge = ConfigurationRanges.clockSkewSeconds.upperBound
        try await MockServer.withRunning(EchoProvider(), configuration: MockServerConfiguration(faults: [
            FaultRule(fault: .clockSkew(seconds: edge)), FaultRule(fault: .clockSkew(seconds: edge)), FaultRule(fault: .status(code: 429, retryAfterSeconds: 604_800)),
        ])) { server in
            let response = try await MockHTTP.send(.get, "/echo", to: server.baseURL)
            #expect(response.status.code == 429)
            #expect(response.headers[.retryAfter] == "604800")
        }
    }

    @Test("a board holds at most 1000 rules")
    func boardLimit() async throws {
        try await MockServer.withRunning(EchoProvider()) { server in
            try server.faults.replace(with: Array(repeating: FaultRule(route: "/never", fault: .emptyResponse), count: 1000))
            #expect(throws: MockServerError.self) { try server.faults.add(FaultRule(route: "/never", fault: .emptyResponse)) }
            #expect(server.faults.all.count == 1000)
        }
    }

    @Test("random fault and configuration documents never take a running server down", arguments: 0..<4)
    func fuzz(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        try await MockServer.withRunning(EchoProvider(), configuration: MockServerConfiguration(adminEnabled: true)) { server in
            let numbers = [0, 1, -1, 100, 429, 599, 600, 1000, 86_400, 604_801, Int(Int32.max), Int.max, Int.min, -315_360_001, 315_360_000]
            func number() -> Int { numbers[Int(random.next() % UInt64(numbers.count))] }
            for _ in 0..<60 {
                // One rule at a time, so the answer it gives is known.
                server.faults.clear()
                let fault: String = switch random.next() % 6 {
                case 0: #"{"latency":{"milliseconds":\#(number())}}"#
                case 1: #"{"status":{"code":\#(number()),"retryAfterSeconds":\#(number())}}"#
                case 2: #"{"clockSkew":{"seconds":\#(number())}}"#
                case 3: #"{"dribble":{"chunkBytes":\#(number()),"intervalMilliseconds":\#(min(number(), 5))}}"#
                case 4: #"{"randomLatency":{"minimumMilliseconds":\#(number()),"maximumMilliseconds":\#(number())}}"#
                default: #"{"nonsense":\#(number())}"#
                }
                let rule = #"{"route":"GET /echo","fault":\#(fault),"remaining":\#(number())}"#
                let posted = try await MockHTTP.send(.post, "/__admin/faults", to: server.baseURL, headers: server.adminHeaders, body: ByteBuffer(string: rule))
                #expect(posted.status == .ok || posted.status == .badRequest)
                // Whatever was accepted is in range: the next request is answered (latency faults
                // were accepted only up to ten minutes, so the rules are cleared before sending).
                if posted.status == .ok, server.faults.all.contains(where: { if case .latency(let ms) = $0.fault { ms > 50 } else { false } }) {
                    server.faults.clear()
                }
                if server.faults.all.contains(where: { if case .dribble = $0.fault { true } else if case .randomLatency = $0.fault { true } else { false } }) {
                    server.faults.clear()
                }
                // An accepted status fault answers its code; anything else left (a clock skew, no
                // rule) lets the route answer 200.
                let expected = server.faults.all.first.flatMap { rule -> Int? in
                    if case .status(let code, _) = rule.fault { code } else { nil }
                } ?? 200
                let answer = try await MockHTTP.send(.get, "/echo", to: server.baseURL)
                #expect(answer.status.code == expected, "\(rule)")
                let document = #"{"port":\#(number()),"journalCapacity":\#(number()),"limits":{"maxHeaderBytes":\#(number())},"faults":[\#(rule)]}"#
                if let configuration = try? JSONDecoder().decode(MockServerConfiguration.self, from: Data(document.utf8)) {
                    _ = try? configuration.validate()
                }
            }
            #expect(try await MockHTTP.send(.get, "/health", to: server.baseURL).status == .ok)
        }
    }

    @Test("rejected megabyte forms cost the journal a bounded number of bytes, with a note of what was cut")
    func journalBounded() async throws {
        try await MockServer.withRunning(EchoProvider(), configuration: MockServerConfiguration(journalCapacity: 20, journalEntryBytes: 256)) { server in
            let form = "a=" + String(repeating: "x", count: (1 << 20) - 100) + "&b=2&c=3"
            for _ in 0..<25 {
                _ = try await MockHTTP.send(.post, "/echo", to: server.baseURL, headers: [.contentType: "application/x-www-form-urlencoded"], body: ByteBuffer(string: form))
            }
            let entries = await server.journal.entries
            #expect(entries.count == 20)
            for entry in entries {
                let kept = entry.parameters.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count }
                #expect(kept <= 256)
                #expect(entry.omittedParameterBytes == form.utf8.count - 5 /* two '&', three '=' */ - kept)
            }
        }
    }

    @Test("secret-named parameters never reach the journal or the admin route")
    func secretNames() async throws {
        try await MockServer.withRunning(EchoProvider(), configuration: MockServerConfiguration(adminEnabled: true)) { server in
            _ = try await MockHTTP.send(.get, "/echo?oauth_token_secret=s3cr3t&client_secret=t0p&Password=pw&visible=1", to: server.baseURL)
            let entry = try #require(await server.journal.last)
            #expect(entry.parameter("oauth_token_secret") == MockSecrets.redacted)
            #expect(entry.parameter("client_secret") == MockSecrets.redacted)
            #expect(entry.parameter("Password") == MockSecrets.redacted)
            #expect(entry.parameter("visible") == "1")
            let admin = MockHTTP.text(try await MockHTTP.send(.get, "/__admin/journal", to: server.baseURL))
            #expect(!admin.contains("s3cr3t") && !admin.contains("t0p") && !admin.contains("\"pw\""))
        }
    }

    @Test("an admin body over 64 KiB gets 413")
    func adminBodyTooLarge() async throws {
        try await MockServer.withRunning(EchoProvider(), configuration: MockServerConfiguration(adminEnabled: true)) { server in
            let response = try await MockHTTP.send(.post, "/__admin/faults", to: server.baseURL, headers: server.adminHeaders, body: ByteBuffer(string: String(repeating: " ", count: 70_000) + "[]"))
            #expect(response.status == .contentTooLarge)
        }
    }
}
