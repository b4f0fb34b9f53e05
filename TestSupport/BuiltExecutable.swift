public import Foundation

/// The package's own executables (`signed-api`, `mock-servers`, the crash-test writer) as the
/// tests find them: where `swift build` and `swift test` put them, beside the test binary.
///
/// One skip policy for all of them: a test that needs one is enabled when it is found, and
/// always under `CI=true`, where a missing executable then fails the test instead of skipping it.
public enum BuiltExecutable {
    /// The executable called `name`: the path in environment variable `override` when that is
    /// set, else the first match beside the test binary (walking up out of an `.xctest` bundle
    /// on Apple platforms), else `nil`.
    public static func url(_ name: String, override: String? = nil) -> URL? {
        if let override, let path = ProcessInfo.processInfo.environment[override] {
            return URL(fileURLWithPath: path)
        }
        var directory = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        for _ in 0..<6 {
            directory.deleteLastPathComponent()
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Whether a test that runs `name` should run: it was found, or this is CI (where the
    /// missing executable is a failure, not a skip).
    public static func isAvailable(_ name: String, override: String? = nil) -> Bool {
        url(name, override: override) != nil || TestEnvironment.isCI
    }

    /// What a test says when `name` is missing.
    public static func missingMessage(_ name: String, override: String? = nil) -> String {
        let variable = override.map { " (or set \($0))" } ?? ""
        return "\(name) is not built next to the tests; run `swift build`\(variable). This skip is a failure when CI=true."
    }
}
