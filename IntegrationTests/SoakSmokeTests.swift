import Foundation
import MockServerCatalog
import Testing
import TestSupport

/// The built `mock-servers-benchmark soak` against the built standalone `mock-servers`, briefly:
/// every provider at once under valid, replayed, tampered, invalid, oversized, malformed and
/// slowloris traffic, every answer as its provider must give it (docs/reliability.md has the
/// million-request run).
@Suite("soak of every provider (short)")
struct SoakSmokeTests {
    static let benchmark = "mock-servers-benchmark"

    /// Bounded by a request count, not a time: 3000 mixed requests (about 500 per provider, so
    /// every kind of the mix is sent with near certainty), however loaded the machine; the
    /// duration is only the upper bound.
    @Test("a 3000-request soak of a standalone mock-servers: every provider sent every kind, no mismatch, no 5xx, descriptors back",
          .enabled(if: BuiltExecutable.isAvailable(benchmark) && BuiltExecutable.isAvailable("mock-servers", override: "MOCK_SERVERS_BINARY"),
                   "\(BuiltExecutable.missingMessage(benchmark))"),
          .heavy(hangGuard: .seconds(120)))
    func standalone() async throws {
        let soak = try #require(BuiltExecutable.url(Self.benchmark), Comment(rawValue: BuiltExecutable.missingMessage(Self.benchmark)))
        let server = try #require(BuiltExecutable.url("mock-servers", override: "MOCK_SERVERS_BINARY"), Comment(rawValue: BuiltExecutable.missingMessage("mock-servers")))
        let child = try ChildProcess(soak, [
            "soak", "--server", server.path, "--duration", "60", "--max-requests", "3000", "--connections", "12", "--slow-clients", "12",
            "--mix", "valid=40,replay=10,tamper=10,invalid=10,oversized=5,malformed=10", "--json",
        ])
        let status = await child.waitForExit(timeout: .seconds(90))
        let output = child.output
        #expect(status == 0, "exit \(String(describing: status)); stderr: \(child.errorOutput)\n\(output)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "not JSON: \(output)")
        #expect(report["mismatches"] as? Int == 0)
        #expect(report["serverErrors"] as? Int == 0)
        let providers = try #require(report["providers"] as? [String: [String: Any]])
        #expect(Set(providers.keys) == Set(MockProviderCatalog.names))
        for (name, provider) in providers {
            let kinds = try #require(provider["kinds"] as? [String: [String: Any]])
            for kind in ["valid", "replay", "tamper", "invalid", "oversized", "malformed", "slow"] {
                #expect((kinds[kind]?["count"] as? Int ?? 0) > 0, "\(name) sent no \(kind)")
            }
        }
        let descriptors = try #require(report["openFileDescriptors"] as? [String: Int])
        #expect(try #require(descriptors["end"]) <= (descriptors["start"] ?? 0) + 4, "\(descriptors)")
    }
}
