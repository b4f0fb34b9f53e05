import Foundation

/// Facts about the environment the tests run in, read in one place.
public enum TestEnvironment {
    /// Whether `CI=true`. Peer checks (Python, oauthlib, a built helper executable) skip with a
    /// message when their peer is missing, except under CI, where a missing peer is a failure:
    /// a green CI run means every independent check really ran.
    public static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"
}
