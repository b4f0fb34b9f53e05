import ArgumentParser
import DrupalServicesClient

/// `signed-api drupal hash`: the key-authentication hash of one call, alone on one line, to
/// compare with what an app or a site computes.
struct DrupalHashCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hash",
        abstract: "Print the key-authentication hash: HMAC-SHA256 of 'timestamp;domain;nonce;method' under the API key, lowercase hex.",
        discussion: """
            Example: signed-api drupal hash --api-key 0123456789abcdef0123456789abcdef \
            --domain '*' --timestamp 1262304000 --nonce 1804289383 --method node.get
            With --show-input, the hashed string is printed first, on its own line.
            \(SecretSources.discussion)
            """
    )

    @OptionGroup var apiKey: SecretOption<APIKey>

    @Option(parsing: .unconditional, help: "The domain the key was registered for ('*' allowed).")
    var domain: String

    @Option(help: "Seconds since 1970, as sent in the call.")
    var timestamp: String

    @Option(parsing: .unconditional, help: "The nonce, as sent in the call.")
    var nonce: String

    @Option(help: "The JSON-RPC method, e.g. node.get.")
    var method: String

    @Flag(name: .customLong("show-input"), help: "Also print the string that is hashed (it holds no secret).")
    var showInput = false

    func validate() throws {
        guard !timestamp.isEmpty, timestamp.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            throw ValidationError("--timestamp must be whole seconds since 1970 in decimal digits, e.g. 1262304000 (got '\(timestamp)')")
        }
        guard !method.isEmpty else { throw ValidationError("--method must name the JSON-RPC method, e.g. node.get") }
    }

    /// The output lines, the API key read from `sources` where no flag gives it.
    func lines(sources: SecretSources = .process) throws -> [String] {
        let input = DrupalKeyAuthentication.hashInput(timestamp: timestamp, domain: domain, nonce: nonce, method: method)
        let hash = DrupalKeyAuthentication.hash(apiKey: try apiKey.required(from: sources), input: input)
        return showInput ? [input, hash] : [hash]
    }

    func run() throws {
        for line in try lines() { print(line) }
    }
}
