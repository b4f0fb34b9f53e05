import ArgumentParser
import Foundation
import OAuth1Client
@testable import SignedAPI
import SigningCore
import Testing

/// How option values are read: free-text values may begin with `-`, and the fixed sets
/// (signature methods, outputs, log levels) are ArgumentParser enums, listed in `--help` and in
/// the error for a bad value.
@Suite("signed-api and mock-servers option values")
struct ArgumentValueTests {
    static let signBase = ["--method", "POST", "--url", "https://e.com/p", "--consumer-key", "ck", "--consumer-secret", "cs"]

    @Test("--form takes a field whose name or value begins with -")
    func formWithLeadingDash() throws {
        let command = try OAuth1SignCommand.parse(Self.signBase + ["--form", "-x=1", "--form", "a=-1", "--output", "base-string"])
        #expect(command.options.formFields == [FormField("-x", "1"), FormField("a", "-1")])
        #expect(command.output == .baseString)
        let baseString = try command.render()
        #expect(baseString.contains("-x%3D1"), "\(baseString)")
        #expect(baseString.contains("a%3D-1"), "\(baseString)")
    }

    @Test("free-text options of sign take values beginning with -")
    func signValuesWithLeadingDash() throws {
        let command = try OAuth1SignCommand.parse([
            "--method", "GET", "--url", "https://e.com/", "--consumer-key", "-ck", "--consumer-secret", "-cs",
            "--token", "-tk", "--token-secret", "-ts", "--nonce", "-n", "--verifier", "-v", "--realm", "-r",
        ])
        #expect(command.consumerKey == "-ck")
        #expect(command.options.consumerSecret == "-cs")
        #expect(command.token == "-tk")
        #expect(command.options.tokenSecret == "-ts")
        #expect(command.nonce == "-n")
        #expect(command.verifier == "-v")
        #expect(command.realm == "-r")
    }

    @Test("free-text options of explain take values beginning with -")
    func explainValuesWithLeadingDash() throws {
        let command = try OAuth1ExplainCommand.parse([
            "--method", "POST", "--url", "https://e.com/", "--body", "-x=1", "--content-type", "application/x-www-form-urlencoded",
            "--authorization", "-not-oauth", "--consumer-secret", "-cs", "--token-secret", "-ts", "--their-base-string", "-POST&x",
        ])
        #expect(command.body == "-x=1")
        #expect(command.authorization == "-not-oauth")
        #expect(command.options.consumerSecret == "-cs")
        #expect(command.options.tokenSecret == "-ts")
        #expect(command.theirBaseString == "-POST&x")
    }

    @Test("a bad value is refused with the valid ones listed", arguments: [
        (["--signature-method", "RSA-SHA1"], "Please provide one of 'HMAC-SHA1', 'HMAC-SHA256', 'HMAC-SHA512' or 'PLAINTEXT'"),
        (["--signature-method", "hmac-sha1"], "Please provide one of 'HMAC-SHA1', 'HMAC-SHA256', 'HMAC-SHA512' or 'PLAINTEXT'"),
        (["--output", "xml"], "Please provide one of 'json', 'header' or 'base-string'"),
    ])
    func badEnumValue(arguments: [String], expected: String) throws {
        let error = #expect(throws: (any Error).self) { try OAuth1SignCommand.parse(Self.signBase + arguments) }
        let message = OAuth1SignCommand.message(for: try #require(error))
        #expect(message.contains("The value '\(arguments[1])' is invalid for '\(arguments[0])"), "\(message)")
        #expect(message.contains(expected), "\(message)")
    }

    @Test("sign --help lists the signature methods and outputs with their defaults")
    func signHelpListsValues() {
        let help = OAuth1SignCommand.helpMessage(columns: 1000)
        #expect(help.contains("(values: HMAC-SHA1, HMAC-SHA256, HMAC-SHA512, PLAINTEXT; default: HMAC-SHA1)"), "\(help)")
        #expect(help.contains("(values: json, header, base-string; default: json)"), "\(help)")
        #expect(help.contains("--reveal-secrets"))
    }

    @Test("the signature methods offered are exactly the library's")
    func signatureMethodValues() {
        #expect(OAuth1SignatureMethod.allValueStrings == OAuth1SignatureMethod.allCases.map(\.rawValue))
        for method in OAuth1SignatureMethod.allCases {
            #expect(OAuth1SignatureMethod(argument: method.rawValue) == method)
        }
    }

    @Test("mock-servers refuses a bad --log-level listing the levels, and its --help lists them")
    func mockServersLogLevel() throws {
        let levels = ["trace", "debug", "info", "notice", "warning", "error", "critical"]
        let bad = try ToolProcess.run("mock-servers", ["--log-level", "loud", "--port-base", "0"])
        #expect(bad.status != 0)
        #expect(bad.output.isEmpty)
        #expect(bad.errorOutput.contains("The value 'loud' is invalid for '--log-level <log-level>'"), "\(bad.errorOutput)")
        for level in levels {
            #expect(bad.errorOutput.contains("  - \(level)\n"), "\(bad.errorOutput)")
        }
        let help = try ToolProcess.run("mock-servers", ["--help"], environment: ["COLUMNS": "1000"])
        #expect(help.status == 0)
        #expect(help.output.contains("(values: \(levels.joined(separator: ", ")); default: info)"), "\(help.output)")
    }
}
