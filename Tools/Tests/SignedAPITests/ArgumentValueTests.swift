import ArgumentParser
import Foundation
import OAuth1Client
@testable import SignedAPI
import SigningCore
import Testing
import TestSupport

/// How option values are read: free-text values may begin with `-`, and the fixed sets
/// (signature methods, outputs, log levels) are ArgumentParser enums, listed in `--help` and in
/// the error for a bad value.
@Suite("signed-api and mock-servers option values", .heavy)
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

    /// A repeatable NAME=VALUE option of a subcommand, with the words it parses among.
    struct FieldOption: Sendable, CustomTestStringConvertible {
        var words: [String]
        var option: String
        var testDescription: String { "\(words.prefix(2).joined(separator: " ")) \(option)" }

        /// The fields the option was given, in order, from the parsed command line.
        func fields(_ value: String) throws -> [FormField] {
            switch try SignedAPI.parseAsRoot(CommandLineWords.joiningOptionValues(words + [option, value])) {
            case let command as OAuth1SignCommand: return command.options.formFields
            case let command as OAuth1ExplainCommand: return command.options.formFields
            case let command as AFSignedSignCommand: return command.request.fields
            case let command as AFSignedVerifyCommand: return option == "--header" ? command.headers.map(\.field) : command.request.fields
            case let command: throw ValidationError("no fields for \(type(of: command))")
            }
        }

        static let all = [
            FieldOption(words: ["oauth1", "sign"] + ArgumentValueTests.signBase, option: "--form"),
            FieldOption(words: ["oauth1", "explain", "--method", "POST", "--url", "https://e.com/p", "--consumer-secret", "cs"], option: "--form"),
            FieldOption(words: ["afsigned", "sign", "--path", "/p", "--client-id", "id", "--client-secret", "s"], option: "--param"),
            FieldOption(words: ["afsigned", "verify", "--path", "/p", "--client-id", "id", "--client-secret", "s"], option: "--param"),
            FieldOption(words: ["afsigned", "verify", "--path", "/p", "--client-id", "id", "--client-secret", "s"], option: "--header"),
        ]
    }

    @Test("every NAME=VALUE option takes any name and value, however many dashes or equals signs", arguments: FieldOption.all, [
        ("-=1", FormField("-", "1")), ("--=1", FormField("--", "1")), ("---=1", FormField("---", "1")), ("=x", FormField("", "x")),
        ("-=-", FormField("-", "-")), ("-=", FormField("-", "")), ("a=-", FormField("a", "-")), ("--=--", FormField("--", "--")),
        ("-==", FormField("-", "=")), ("-x=1", FormField("-x", "1")), ("--x=1", FormField("--x", "1")), ("a=b=c", FormField("a", "b=c")),
    ])
    func anyFieldValue(_ option: FieldOption, _ example: (String, FormField)) throws {
        let (value, field) = example
        #expect(try option.fields(value) == [field])
    }

    @Test("a word without = is refused as the option's value, not as an option", arguments: FieldOption.all, ["-", "---", "novalue"])
    func notAField(_ option: FieldOption, _ value: String) {
        #expect { try option.fields(value) } throws: {
            SignedAPI.message(for: $0).contains("The value '\(value)' is invalid for '\(option.option) <NAME=VALUE>'")
        }
    }

    @Test("only a word ArgumentParser would refuse is joined, to the long option before it, and nothing after --", arguments: [
        (["--form", "-=1"], ["--form=-=1"]), (["--form", "--=1"], ["--form=--=1"]), (["--form", "---"], ["--form=---"]),
        (["--form", "-=1", "-=2"], ["--form=-=1", "-=2"]), (["--form", "-x=1"], ["--form", "-x=1"]), (["--form", "-"], ["--form", "-"]),
        (["--form=a=1", "-=1"], ["--form=a=1", "-=1"]), (["-f", "-=1"], ["-f", "-=1"]), (["node.get", "-=1"], ["node.get", "-=1"]),
        (["--", "--form", "-=1"], ["--", "--form", "-=1"]), (["---", "-=1"], ["---", "-=1"]),
    ])
    func joining(words: [String], joined: [String]) {
        #expect(CommandLineWords.joiningOptionValues(words) == joined)
    }

    @Test("the built executable signs a form field named -")
    func fieldNamedDashByProcess() async throws {
        let run = try await ToolProcess.run("signed-api", ["oauth1", "sign"] + Self.signBase + ["--form", "-=1", "--form", "--=2", "--output", "base-string"])
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.output.contains("-%3D1") && run.output.contains("--%3D2"), "\(run.output)")
    }

    @Test("free-text options of sign take values beginning with -")
    func signValuesWithLeadingDash() throws {
        let command = try OAuth1SignCommand.parse([
            "--method", "GET", "--url", "https://e.com/", "--consumer-key", "-ck", "--consumer-secret", "-cs",
            "--token", "-tk", "--token-secret", "-ts", "--nonce", "-n", "--verifier", "-v", "--realm", "-r",
        ])
        #expect(command.consumerKey == "-ck")
        #expect(command.options.consumerSecret.flag == "-cs")
        #expect(command.token == "-tk")
        #expect(command.options.tokenSecret.flag == "-ts")
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
        #expect(command.options.body == "-x=1")
        #expect(command.authorization == "-not-oauth")
        #expect(command.options.consumerSecret.flag == "-cs")
        #expect(command.options.tokenSecret.flag == "-ts")
        #expect(command.theirBaseString == "-POST&x")
    }

    /// How ArgumentParser lists the seven signature methods (six values or more make a bulleted list).
    static let signatureMethodList = "Please provide one of the following:\n"
        + ["HMAC-SHA1", "HMAC-SHA256", "HMAC-SHA512", "RSA-SHA1", "RSA-SHA256", "RSA-SHA512", "PLAINTEXT"].map { "  - \($0)" }.joined(separator: "\n")

    @Test("a bad value is refused with the valid ones listed", arguments: [
        (["--signature-method", "RSA-MD5"], signatureMethodList),
        (["--signature-method", "hmac-sha1"], signatureMethodList),
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
        #expect(help.contains("(values: HMAC-SHA1, HMAC-SHA256, HMAC-SHA512, RSA-SHA1, RSA-SHA256, RSA-SHA512, PLAINTEXT; default: HMAC-SHA1)"), "\(help)")
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
    func mockServersLogLevel() async throws {
        let levels = ["trace", "debug", "info", "notice", "warning", "error", "critical"]
        let bad = try await ToolProcess.run("mock-servers", ["--log-level", "loud", "--port-base", "0"])
        #expect(bad.status != 0)
        #expect(bad.output.isEmpty)
        #expect(bad.errorOutput.contains("The value 'loud' is invalid for '--log-level <log-level>'"), "\(bad.errorOutput)")
        for level in levels {
            #expect(bad.errorOutput.contains("  - \(level)\n"), "\(bad.errorOutput)")
        }
        let help = try await ToolProcess.run("mock-servers", ["--help"], environment: ["COLUMNS": "1000"])
        #expect(help.status == 0)
        #expect(help.output.contains("(values: \(levels.joined(separator: ", ")); default: info)"), "\(help.output)")
    }
}
