import AFSignedClient
import ArgumentParser
import DrupalServicesClient
import Foundation
import OAuth1RSA
@testable import SignedAPI
import SigningCore
import Testing

/// One secret of one subcommand, for ``SecretInputTests``: the words that run the command without
/// that secret, and the output it gives in-process once the secret is added.
struct SecretCase: Sendable, CustomTestStringConvertible {
    /// The request an `explain` capture holds.
    enum Capture: Sendable {
        case oauth1, afsigned, drupal
    }

    /// The subcommand, e.g. `["oauth1", "sign"]`.
    var command: [String]
    /// The secret's flag without dashes, e.g. `consumer-secret`.
    var name: String
    /// The secret that makes the output right.
    var secret: String
    /// Every other argument.
    var arguments: [String]
    /// Whether the command refuses to run without the secret.
    var isRequired: Bool
    /// For `explain`: the capture, given as a file.
    var capture: Capture?

    var testDescription: String { "\(command.joined(separator: " ")) --\(name)" }
    var flag: String { "--\(name)" }
    var fileOption: String { "--\(name)-file" }
    var variable: String { "SIGNED_API_" + name.uppercased().replacingOccurrences(of: "-", with: "_") }

    /// What the command prints (or, for `drupal call`, which does not run here, a digest of the
    /// settings it would call with), the secret added as `extra` and read from `sources`.
    func output(_ extra: [String], sources: SecretSources) async throws -> String {
        var words = command + arguments + extra
        let captureFile = try capture.map { try SecretFile(Array(Self.captureText($0).utf8)) }
        defer { captureFile?.remove() }
        if let captureFile { words.insert(captureFile.path, at: 1) }
        switch try SignedAPI.parseAsRoot(CommandLineWords.joiningOptionValues(words)) {
        case let command as OAuth1SignCommand:
            return try command.render(sources: sources)
        case let command as OAuth1ExplainCommand:
            let (text, valid) = try command.render(sources: sources)
            return "\(valid)\n\(text)"
        case let command as AFSignedSignCommand:
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return String(decoding: try encoder.encode(try command.signed(sources: sources)), as: UTF8.self)
        case let command as AFSignedVerifyCommand:
            let (verified, lines) = try await command.verdict(sources: sources)
            return "\(verified)\n" + lines.joined(separator: "\n")
        case let command as DrupalHashCommand:
            return try command.lines(sources: sources).joined(separator: "\n")
        case let command as DrupalCallCommand:
            let key = try command.configuration(sources: sources).apiKey
            let login = try command.login(sources: sources)
            return "key: \(key.map { DrupalKeyAuthentication.hash(apiKey: $0.key, input: $0.domain) } ?? "none")\n"
                + "login: \(login.map { "\($0.username) \(SHA256.hash($0.password).hex)" } ?? "none")"
        case let command as ExplainCommand:
            let (text, valid) = try await command.render(CapturedRequest(parsing: command.readCapture()), sources: sources)
            return "\(valid)\n\(text)"
        case let command:
            Issue.record("no output for \(type(of: command))")
            return ""
        }
    }

    /// A capture of `kind`, signed with ``ExplainCommandTests``' secrets.
    static func captureText(_ kind: Capture) throws -> String {
        switch kind {
        case .oauth1:
            return try ExplainCommandTests.oauthCapture()
        case .drupal:
            return ExplainCommandTests.drupalCapture(ExplainCommandTests.drupalCall())
        case .afsigned:
            let sign = try AFSignedSignCommand.parse([
                "--path", "/users", "--timestamp", "1700000000", "--param", "page=2", "--client-id", "demo", "--client-secret", ExplainCommandTests.clientSecret,
            ])
            let query = FormEncoding.serialize(try sign.signed().parameters.map { FormField($0[0], $0[1]) })
            return "GET /users?\(query) HTTP/1.1\r\nHost: api.example.com\r\n\r\n"
        }
    }

    /// `arguments` without the option `name` and its value.
    static func removing(_ name: String, from arguments: [String]) -> [String] {
        guard let index = arguments.firstIndex(of: "--\(name)") else { return arguments }
        return Array(arguments[..<index] + arguments[(index + 2)...])
    }

    /// Every secret of every subcommand that takes one.
    static let all: [SecretCase] = {
        let twitter = OAuth1CommandTests.twitterArguments + ["--output", "json"]
        let jira = [
            "--method", "GET", "--url", "https://jira.example.com/rest/api/2/myself", "--consumer-key", "jira-app", "--token", "tk",
            "--signature-method", "RSA-SHA1", "--nonce", "n0nce", "--timestamp", "1700000000", "--output", "json",
        ]
        let explainTwitter = OAuth1CommandTests.explainArguments(url: "https://api.twitter.com/1.1/statuses/update.json?include_entities=true")
        let consumerSecret = "kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw", tokenSecret = "LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE"
        let afsigned = ["--method", "POST", "--path", "/users", "--param", "site_id=10", "--client-id", "CLIENT_ID"]
        let afsignedSent = [
            "--param", "auth_version=2", "--param", "auth_client_id=CLIENT_ID", "--param", "auth_timestamp=1273231888",
            "--param", "auth_signature=e601514d81135e70a32e9516c1c1df465827adc821a1709bdf1f24aafa4380d5", "--now", "1273231888",
        ]
        let drupalCall = ["--url", "http://example.com/services/json-rpc", "--domain", "app.example.com", "--username", "demo", "node.get", "1"]
        let explain = ExplainCommandTests.self
        return [
            SecretCase(command: ["oauth1", "sign"], name: "consumer-secret", secret: consumerSecret, arguments: removing("consumer-secret", from: twitter), isRequired: true),
            SecretCase(command: ["oauth1", "sign"], name: "token-secret", secret: tokenSecret, arguments: removing("token-secret", from: twitter), isRequired: true),
            SecretCase(command: ["oauth1", "sign"], name: "private-key", secret: TestRSAKeys.signing.pemRepresentation, arguments: jira, isRequired: true),
            SecretCase(command: ["oauth1", "explain"], name: "consumer-secret", secret: consumerSecret, arguments: removing("consumer-secret", from: explainTwitter), isRequired: true),
            SecretCase(command: ["oauth1", "explain"], name: "token-secret", secret: tokenSecret, arguments: removing("token-secret", from: explainTwitter), isRequired: false),
            SecretCase(command: ["afsigned", "sign"], name: "client-secret", secret: "CLIENT_SECRET", arguments: afsigned + ["--timestamp", "1273231888"], isRequired: true),
            SecretCase(command: ["afsigned", "verify"], name: "client-secret", secret: "CLIENT_SECRET", arguments: afsigned + afsignedSent, isRequired: true),
            SecretCase(command: ["drupal", "hash"], name: "api-key", secret: DrupalCommandTests.seedKey, arguments: removing("api-key", from: DrupalCommandTests.seedArguments), isRequired: true),
            SecretCase(command: ["drupal", "call"], name: "api-key", secret: "DrupalKeyNeverPrinted", arguments: drupalCall + ["--password", "pw"], isRequired: false),
            SecretCase(command: ["drupal", "call"], name: "password", secret: "Pass word, never printed ", arguments: drupalCall, isRequired: true),
            SecretCase(command: ["explain"], name: "consumer-secret", secret: explain.consumerSecret, arguments: ["--token-secret", explain.tokenSecret], isRequired: false, capture: .oauth1),
            SecretCase(command: ["explain"], name: "token-secret", secret: explain.tokenSecret, arguments: ["--consumer-secret", explain.consumerSecret], isRequired: false, capture: .oauth1),
            SecretCase(command: ["explain"], name: "client-secret", secret: explain.clientSecret, arguments: ["--now", "1700000000"], isRequired: false, capture: .afsigned),
            SecretCase(command: ["explain"], name: "api-key", secret: explain.apiKey, arguments: [], isRequired: false, capture: .drupal),
        ]
    }()
}

/// A file in a fresh temporary directory, readable and writable by its owner only (0600);
/// `remove()` deletes the directory.
struct SecretFile {
    let directory: URL
    let path: String

    init(_ bytes: [UInt8]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("signed-api-secret-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        path = directory.appendingPathComponent("secret").path
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes), attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown)
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}

extension SecretSources {
    /// Only `environment`, and a standard input holding `input`.
    static func test(_ environment: [String: String] = [:], input: String = "") -> SecretSources {
        SecretSources(environment: environment) { limit in Array(input.utf8.prefix(limit)) }
    }
}
