import ArgumentParser
import Foundation
@testable import SignedAPI
import SigningCore
import Testing
import TestSupport

/// `signed-api digest`, in-process through `parseAsRoot` and as a real process.
@Suite("signed-api digest", .heavy)
struct DigestCommandTests {
    /// (arguments, stdin, expected line): FIPS 180-4 and RFC 4231 values.
    static let cases: [(arguments: [String], input: String, output: String)] = [
        (["--algorithm", "sha1"], "abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        (["--algorithm", "sha256"], "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        (["--algorithm", "sha256", "--encoding", "base64"], "abc", "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0="),
        (["--algorithm", "sha512"], "abc",
         "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"),
        (["--algorithm", "sha256", "--hmac-key-hex", "4a656665"], "what do ya want for nothing?",
         "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        (["--hmac-key-hex", "4A656665", "--algorithm", "sha1", "--encoding", "hex"], "what do ya want for nothing?",
         "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"),
        (["--algorithm", "sha1", "--hmac-key-hex", ""], "", "fbdb1d1b18aa6c08324b7d64b71fb76370690e1d"),
    ]

    /// Parses `arguments` as the root command would and returns the digest subcommand.
    private func parse(_ arguments: [String]) throws -> DigestCommand {
        let command = try SignedAPI.parseAsRoot(["digest"] + arguments)
        return try #require(command as? DigestCommand)
    }

    @Test(arguments: cases)
    func inProcess(_ example: (arguments: [String], input: String, output: String)) throws {
        let command = try parse(example.arguments)
        var remaining = Array(example.input.utf8)[...]
        let line = try command.digestLine { buffer in
            let count = min(buffer.count, remaining.count, 7)
            buffer.copyBytes(from: remaining.prefix(count))
            remaining = remaining.dropFirst(count)
            return count
        }
        #expect(line == example.output)
    }

    static let badArguments: [(arguments: [String], message: String)] = [
        ([], "Missing expected argument '--algorithm <algorithm>'"),
        (["--algorithm", "md5"], "The value 'md5' is invalid for '--algorithm <algorithm>'"),
        (["--algorithm", "sha256", "--encoding", "base32"], "The value 'base32' is invalid for '--encoding <encoding>'"),
        (["--algorithm", "sha256", "--hmac-key-hex", "abc"], "--hmac-key-hex is not valid hexadecimal: invalid hex at byte 3"),
        (["--algorithm", "sha256", "--hmac-key-hex", "zz"], "--hmac-key-hex is not valid hexadecimal: invalid hex at byte 0"),
        (["--algorithm", "sha256", "--verbose"], "Unknown option '--verbose'"),
        (["--algorithm", "sha256", "extra"], "Unexpected argument 'extra'"),
    ]

    @Test(arguments: badArguments)
    func rejectedInProcess(_ example: (arguments: [String], message: String)) {
        do {
            _ = try parse(example.arguments)
            Issue.record("\(example.arguments) was accepted")
        } catch {
            #expect(SignedAPI.message(for: error).contains(example.message), "\(SignedAPI.message(for: error))")
            #expect(SignedAPI.exitCode(for: error) != .success)
        }
    }

    // MARK: Real process

    /// The built `signed-api` binary: SwiftPM puts it beside the test bundle.
    static let binary = BuiltExecutable.url("signed-api")

    /// Runs the binary with `arguments` and `input` on stdin; returns exit status, stdout, stderr.
    private func run(_ arguments: [String], input: [UInt8]) async throws -> (status: Int32, output: String, error: String) {
        let binary = try #require(Self.binary, Comment(rawValue: BuiltExecutable.missingMessage("signed-api")))
        let result = try await ChildProcess.run(binary, ["digest"] + arguments, input: Data(input))
        return (result.status, result.output, result.errorOutput)
    }

    @Test(arguments: cases)
    func asProcess(_ example: (arguments: [String], input: String, output: String)) async throws {
        let result = try await run(example.arguments, input: Array(example.input.utf8))
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == example.output + "\n")
    }

    /// Binary input larger than the read chunk, with NUL and 0xFF bytes, hashes like SigningCore.
    @Test func binaryInputAsProcess() async throws {
        let input = (0..<(200 * 1024 + 3)).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) } + [0, 0xFF, 0x0A]
        let hashed = try await run(["--algorithm", "sha512"], input: input)
        #expect(hashed.status == 0)
        #expect(hashed.output == SHA512.hash(input).hex + "\n")
        let mac = try await run(["--algorithm", "sha256", "--hmac-key-hex", "00ff" + String(repeating: "ab", count: 100), "--encoding", "base64"], input: input)
        #expect(mac.output == HMAC<SHA256>(key: [0x00, 0xFF] + [UInt8](repeating: 0xAB, count: 100)).authenticationCode(for: input).base64 + "\n")
    }

    @Test(arguments: badArguments)
    func rejectedAsProcess(_ example: (arguments: [String], message: String)) async throws {
        let result = try await run(example.arguments, input: Array("abc".utf8))
        #expect(result.status == 64, "usage errors exit with EX_USAGE")
        #expect(result.output.isEmpty)
        #expect(result.error.contains(example.message), "\(result.error)")
    }
}
