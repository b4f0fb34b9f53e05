import ArgumentParser
import DrupalServicesClient
import Foundation

/// `signed-api drupal call`: one signed JSON-RPC call, connecting (and logging in when asked)
/// first, with the result printed as JSON.
struct DrupalCallCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "call",
        abstract: "Make a signed Drupal Services JSON-RPC call and print its result as JSON.",
        discussion: """
            Connects (system.connect) for a session, logs in first when --username is given (and \
            out again afterwards), then calls METHOD with the key arguments, the session id and \
            ARGs. Each ARG is read as JSON when it is valid JSON (1, true, ["title","body"], \
            {"type":"story"}) and as a string otherwise. A failure the site reports (Drupal answers \
            them as strings on HTTP 200) is an error: the message goes to standard error and the \
            exit status is 1.
            Without an API key the calls are not signed (a site without keys).
            Example: signed-api drupal call --url http://127.0.0.1:8404/services/json-rpc \
            --api-key-file key.txt --domain app.example.com node.get 1 '["title"]'
            \(SecretSources.discussion) SIGNED_API_API_KEY is read only with --domain, SIGNED_API_PASSWORD only \
            with --username.
            """
    )

    @Option(help: "The site's JSON-RPC endpoint, e.g. https://example.com/services/json-rpc.")
    var url: String

    @OptionGroup var apiKey: SecretOption<APIKey>

    @Option(parsing: .unconditional, help: "The domain the key was registered for.")
    var domain: String?

    @Option(parsing: .unconditional, help: "Log in as this user before the call.")
    var username: String?

    @OptionGroup var password: SecretOption<Password>

    @Flag(name: .customLong("no-sessid"), help: "The site does not use sessid (its 'Use sessid' setting is off).")
    var noSessid = false

    @Option(name: .customLong("jsonrpc"), help: "The JSON-RPC version to speak: 1.1 or 2.0.")
    var version: JSONRPCVersion = .v1_1

    @Argument(help: "The method, e.g. node.get.")
    var method: String

    @Argument(parsing: .allUnrecognized, help: "The method's own arguments, JSON or text.")
    var arguments: [String] = []

    func validate() throws {
        guard let endpoint = URL(string: url), let scheme = endpoint.scheme?.lowercased(), ["http", "https"].contains(scheme), endpoint.host != nil else {
            throw ValidationError("--url must be an http or https URL such as https://example.com/services/json-rpc (got '\(url)')")
        }
        if let given = apiKey.givenOption, domain == nil { throw ValidationError("\(given) needs --domain: the domain the key was registered for") }
        if username == nil, let given = password.givenOption { throw ValidationError("--username and \(given) go together") }
        try SecretSources.checkStandardInput(readBy: [apiKey.standardInputOption, password.standardInputOption])
    }

    /// The site's settings from the options, the API key read from `sources` where no flag
    /// gives it; only with `--domain` (`validate()` has refused a key given without it), so an
    /// exported key does not sign calls to a site without keys.
    func configuration(sources: SecretSources = .process) throws -> DrupalServicesConfiguration {
        var key: DrupalAPIKey?
        if let domain, let value = try apiKey.value(from: sources) { key = DrupalAPIKey(key: value, domain: domain) }
        return DrupalServicesConfiguration(baseURL: URL(string: url)!, apiKey: key, endpointPath: "", usesSessid: !noSessid, version: version)
    }

    /// The user name and password to log in with (`nil` without `--username`), the password
    /// read from `sources` where no flag gives it.
    func login(sources: SecretSources = .process) throws -> (username: String, password: String)? {
        guard let username else { return nil }
        return (username, try password.required(from: sources))
    }

    /// Each argument as JSON when it parses as JSON, else as a string.
    func parsedArguments() -> [JSONValue] {
        arguments.map { text in
            (try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))) ?? .string(text)
        }
    }

    func run() async throws {
        let sources = SecretSources.process
        let client = DrupalServicesClient(configuration: try configuration(sources: sources))
        let login = try login(sources: sources)
        let result: JSONValue
        do {
            if let login {
                try await client.login(username: login.username, password: login.password)
            }
            do {
                result = try await client.call(method, parsedArguments())
            } catch {
                if username != nil { try? await client.logout() }
                throw error
            }
        } catch let error as DrupalServicesError {
            throw Failure(error: error)
        }
        if username != nil, method != "user.logout" { try? await client.logout() }
        print(Self.pretty(result))
    }

    /// A failed call as the command reports it: the SDK's explanation, then the mock server's
    /// own (`X-Mock-Reason`) when the site is this package's mock.
    struct Failure: Error, CustomStringConvertible {
        let error: DrupalServicesError

        var description: String {
            "\(error)" + (error.mockReason.map { "\nmock server: \($0)" } ?? "")
        }
    }

    /// `value` as indented JSON with sorted members.
    static func pretty(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? value.jsonText
    }
}
