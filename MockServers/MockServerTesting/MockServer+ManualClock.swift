public import Foundation
public import MockServerKit

extension MockServer {
    /// Where every mock test harness's manual clock starts (a fixed instant, so that times in
    /// the tests' expectations are known).
    public static let harnessStart = Date(timeIntervalSince1970: 1_800_000_000)

    /// Runs `body` with `provider` served on a fresh ``ManualClock`` started at
    /// ``harnessStart`` (the server's configuration from `limits` and `seed`), and stops the
    /// server however `body` ends: the one start of the mocks' test harnesses.
    public static func withRunningOnManualClock<Result>(
        _ provider: some MockProvider,
        limits: MockServerLimits = MockServerLimits(),
        seed: UInt64,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (MockServer, ManualClock) async throws -> Result
    ) async throws -> Result {
        let clock = ManualClock(start: harnessStart)
        return try await withRunning(provider, configuration: MockServerConfiguration(limits: limits, seed: seed), clock: clock) { server in
            try await body(server, clock)
        }
    }
}
