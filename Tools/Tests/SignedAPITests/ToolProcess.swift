import Foundation
import Testing
import TestSupport

/// One run of a built executable of this package (`signed-api`, `mock-servers`) as a real
/// process: its exit status and what it wrote to standard output and standard error.
struct ToolProcess {
    var status: Int32
    var output: String
    var errorOutput: String

    /// Runs `name` with `arguments` until it exits; `environment` is added to ours (e.g.
    /// `COLUMNS` so that `--help` is not wrapped), without our `SIGNED_API_*` variables (a
    /// secret only where a test gives it), and `input` is its standard input (empty when `nil`).
    static func run(_ name: String, _ arguments: [String], environment: [String: String] = [:], input: String? = nil) async throws -> ToolProcess {
        let binary = try #require(BuiltExecutable.url(name), Comment(rawValue: BuiltExecutable.missingMessage(name)))
        let result = try await ChildProcess.run(
            binary, arguments, environment: environment, removingEnvironmentPrefixes: ["SIGNED_API_"], input: input.map { Data($0.utf8) }
        )
        return ToolProcess(status: result.status, output: result.output, errorOutput: result.errorOutput)
    }
}
