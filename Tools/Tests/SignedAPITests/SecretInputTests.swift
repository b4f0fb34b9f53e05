import ArgumentParser
import DrupalServicesClient
import Foundation
@testable import SignedAPI
import Testing
import TestSupport

/// Every secret of every subcommand comes from its flag, its file (or standard input) or its
/// environment variable alike, in that order; a file that cannot give it is refused naming the
/// option and the path; no secret is ever printed, in output or error.
@Suite("signed-api secrets from a flag, a file, standard input or the environment", .heavy)
struct SecretInputTests {
    /// `message` with the secret of `example` nowhere in it.
    static func expectNoSecret(_ message: String, _ example: SecretCase, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!message.contains(example.secret), "the secret was printed: \(message)", sourceLocation: sourceLocation)
    }

    /// The message ArgumentParser prints for what `body` throws.
    static func refusal(_ body: () async throws -> String) async -> String {
        do {
            let output = try await body()
            Issue.record("accepted, printing: \(output)")
            return ""
        } catch {
            return SignedAPI.message(for: error)
        }
    }

    @Test("the file (LF or CRLF), standard input and the environment give what the flag gives", arguments: SecretCase.all)
    func sameOutputEveryWay(_ example: SecretCase) async throws {
        let byFlag = try await example.output([example.flag, example.secret], sources: .test())
        Self.expectNoSecret(byFlag, example)
        // A wrong secret changes the output, or is refused (a private key that is not one).
        #expect((try? await example.output([example.flag, "wrong"], sources: .test())) != byFlag, "the output does not depend on the secret")
        for lineEnd in ["", "\n", "\r\n"] {
            let file = try SecretFile(Array((example.secret + lineEnd).utf8))
            defer { file.remove() }
            #expect(try await example.output([example.fileOption, file.path], sources: .test()) == byFlag)
        }
        #expect(try await example.output([example.fileOption, "-"], sources: .test(input: example.secret + "\n")) == byFlag)
        #expect(try await example.output([], sources: .test([example.variable: example.secret])) == byFlag)
    }

    @Test("the flag and the file win over the environment", arguments: SecretCase.all)
    func precedence(_ example: SecretCase) async throws {
        let byFlag = try await example.output([example.flag, example.secret], sources: .test())
        let wrong = SecretSources.test([example.variable: "wrong"], input: "wrong")
        #expect(try await example.output([example.flag, example.secret], sources: wrong) == byFlag)
        let file = try SecretFile(Array(example.secret.utf8))
        defer { file.remove() }
        #expect(try await example.output([example.fileOption, file.path], sources: wrong) == byFlag)
    }

    @Test("the flag and the file together are refused, naming both", arguments: SecretCase.all)
    func flagAndFile(_ example: SecretCase) async throws {
        let file = try SecretFile(Array(example.secret.utf8))
        defer { file.remove() }
        let message = await Self.refusal { try await example.output([example.flag, example.secret, example.fileOption, file.path], sources: .test()) }
        #expect(message.contains("with \(example.flag) or with \(example.fileOption), not both"), "\(message)")
        Self.expectNoSecret(message, example)
    }

    /// A secret file that cannot give the secret, and what the refusal says.
    enum BadFile: String, CaseIterable, Sendable {
        case missing, directory, empty, onlyLineEnd, oversize, notUTF8

        /// The file's content for `secret` (`nil`: none is written).
        func content(_ secret: String) -> [UInt8]? {
            switch self {
            case .missing, .directory: nil
            case .empty: []
            case .onlyLineEnd: Array("\r\n".utf8)
            case .oversize: Array(String(repeating: secret + "\n", count: SecretSources.maximumFileSize / secret.utf8.count + 1).utf8)
            case .notUTF8: Array(secret.utf8) + [0xFF, 0xFE]
            }
        }

        var reason: String {
            switch self {
            case .missing: "No such file or directory"
            case .directory: "Is a directory"
            case .empty, .onlyLineEnd: "is empty: put the"
            case .oversize: "is larger than 64 KiB"
            case .notUTF8: "is not UTF-8 text"
            }
        }
    }

    @Test("a missing, unreadable, empty, oversize or non-UTF-8 file is refused, naming the option and the path, never the content",
          arguments: SecretCase.all, BadFile.allCases)
    func badFile(_ example: SecretCase, _ bad: BadFile) async throws {
        let file = try SecretFile(bad.content(example.secret) ?? [])
        defer { file.remove() }
        let path = switch bad {
        case .missing: file.path + ".missing"
        case .directory: file.directory.path
        default: file.path
        }
        let message = await Self.refusal { try await example.output([example.fileOption, path], sources: .test([example.variable: "ignored"])) }
        #expect(message.contains("\(example.fileOption) '\(path)'"), "\(message)")
        #expect(message.contains(bad.reason), "\(message)")
        Self.expectNoSecret(message, example)
    }

    @Test("standard input that cannot give the secret is refused alike", arguments: SecretCase.all)
    func badStandardInput(_ example: SecretCase) async {
        let message = await Self.refusal { try await example.output([example.fileOption, "-"], sources: .test(input: "\n")) }
        #expect(message.contains("\(example.fileOption) '-' (standard input) is empty"), "\(message)")
    }

    @Test("without the secret anywhere, a command that needs it names the three ways to give it", arguments: SecretCase.all.filter(\.isRequired))
    func missing(_ example: SecretCase) async {
        let message = await Self.refusal { try await example.output([], sources: .test()) }
        #expect(message.contains("\(example.fileOption) PATH, \(example.variable) or \(example.flag)"), "\(message)")
    }

    @Test("one final line end is dropped from a file, nothing else", arguments: [
        ("s\n", "s"), ("s\r\n", "s"), ("s\n\n", "s\n"), ("s\r\n\r\n", "s\r\n"), ("s\r", "s\r"), (" s \t\n", " s \t"), ("a b", "a b"), ("\ns", "\ns"),
    ])
    func lineEnd(content: String, secret: String) throws {
        let file = try SecretFile(Array(content.utf8))
        defer { file.remove() }
        #expect(try SecretSources.test().secret(inFile: file.path, option: "--x-file", noun: "x") == secret)
        #expect(try SecretSources.test(input: content).secret(inFile: "-", option: "--x-file", noun: "x") == secret)
    }

    @Test("standard input gives one secret at most", arguments: [
        ["oauth1", "sign", "--method", "GET", "--url", "https://e.com/", "--consumer-key", "k", "--token", "t", "--consumer-secret-file", "-", "--token-secret-file", "-"],
        ["oauth1", "explain", "--method", "GET", "--url", "https://e.com/", "--consumer-secret-file", "-", "--token-secret-file", "-"],
        ["drupal", "call", "--url", "http://e.com/x", "--domain", "d", "--username", "u", "--api-key-file", "-", "--password-file", "-", "node.get"],
        ["explain", "capture.txt", "--consumer-secret-file", "-", "--client-secret-file", "-"],
    ])
    func twoStandardInputs(words: [String]) {
        let files = words.filter { $0.hasSuffix("-file") }
        #expect { try SignedAPI.parseAsRoot(words) } throws: {
            SignedAPI.message(for: $0).contains("standard input holds one secret only, but \(files[0]) and \(files[1]) are both '-'")
        }
    }

    @Test("explain refuses a secret from standard input when the capture comes from there", arguments: [[], ["-"]])
    func explainCaptureAndSecretOnStandardInput(capture: [String]) {
        #expect { try SignedAPI.parseAsRoot(["explain"] + capture + ["--api-key-file", "-"]) } throws: {
            SignedAPI.message(for: $0).contains("standard input holds the capture, so --api-key-file cannot be '-'")
        }
    }

    @Test("a variable is read only where its partner option says the secret is used")
    func partnerOptions() throws {
        let twitter = SecretCase.removing("token", from: SecretCase.removing("token-secret", from: OAuth1CommandTests.twitterArguments))
        let withoutToken = try OAuth1SignCommand.parse(twitter)
        #expect(try withoutToken.render(sources: .test(["SIGNED_API_TOKEN_SECRET": "ts"])) == (try withoutToken.render(sources: .test())))
        #expect { try OAuth1SignCommand.parse(twitter + ["--token-secret-file", "ts.txt"]) } throws: {
            OAuth1SignCommand.message(for: $0).contains("--token and --token-secret-file go together")
        }

        let call = try DrupalCallCommand.parse(["--url", "http://example.com/services/json-rpc", "node.get"])
        let environment = SecretSources.test(["SIGNED_API_API_KEY": "key", "SIGNED_API_PASSWORD": "pw"])
        #expect(try call.configuration(sources: environment).apiKey == nil)
        #expect(try call.login(sources: environment) == nil)
        #expect { try DrupalCallCommand.parse(["--url", "http://example.com/services/json-rpc", "--password-file", "-", "node.get"]) } throws: {
            DrupalCallCommand.message(for: $0).contains("--username and --password-file go together")
        }
    }

    /// The subcommand at `path`, found through `signed-api`'s subcommands.
    static func command(_ path: [String]) throws -> any ParsableCommand.Type {
        var command: any ParsableCommand.Type = SignedAPI.self
        for name in path {
            command = try #require(command.configuration.subcommands.first { $0.configuration.commandName == name }, "no subcommand \(name)")
        }
        return command
    }

    @Test("--help of every subcommand that takes a secret names its file option and variable and says to prefer them", arguments: SecretCase.all)
    func help(_ example: SecretCase) throws {
        let help = SignedAPI.helpMessage(for: try Self.command(example.command), columns: 1000)
        #expect(help.contains("\(example.flag) <\(example.name)>"), "\(help)")
        #expect(help.contains("\(example.fileOption) <path>"), "\(help)")
        #expect(help.contains("Prefer \(example.fileOption) or \(example.variable): every user of the machine sees a flag in ps"), "\(help)")
        #expect(help.contains("With neither \(example.flag) nor this, \(example.variable) is read."), "\(help)")
        #expect(help.contains("Prefer the file or the variable"), "\(help)")
    }
}
