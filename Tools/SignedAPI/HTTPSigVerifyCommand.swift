import ArgumentParser
import Foundation
import HTTPMessageSignatures

/// `signed-api httpsig verify`: whether a request's RFC 9421 signature verifies, and if not,
/// why, with the signature base this side built.
struct HTTPSigVerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Verify a request's HTTP Message Signature; exit 0 printing what it covers, 1 printing why not and the signature base.",
        discussion: """
            Pass the request as it was received, Signature-Input and Signature among its --header lines (and \
            Content-Digest, which is checked against --body-file when covered). The signature checked is --label's, \
            else the first. The key (--key-file, SIGNED_API_KEY or --key): a PEM public key (or the private key, \
            whose public half is used) of --alg's kind, or the hmac-sha256 secret, read as sign reads it. Only what \
            the signature covers is checked: see the covered components printed.
            \(SecretSources.discussion)
            """
    )

    @OptionGroup var request: HTTPSigRequestOptions
    @OptionGroup var key: HTTPSigKeyOptions

    @Option(help: "The label of the signature to check (the first when omitted).")
    var label: String?

    @Option(help: "The verifier's clock, in seconds since 1970 (now when omitted).")
    var now: Int?

    @Option(name: .customLong("max-age"), help: "How old created may be, in seconds (60 s of clock skew allowed besides).")
    var maxAge: Int = 300

    func validate() throws {
        guard maxAge >= 0 else { throw ValidationError("--max-age must be 0 or more seconds") }
        try SecretSources.checkStandardInput(readBy: [key.key.standardInputOption], capture: request.bodyFile == "-" ? "the body" : nil)
    }

    /// The verdict's lines and whether it verified, the key and body read from `sources`; `now`
    /// is the clock when `--now` is not given.
    ///
    /// - Throws: `ValidationError` when the key or the body cannot be read.
    func verdict(sources: SecretSources = .process, now clock: Date = Date()) async throws -> (verified: Bool, lines: [String]) {
        let message = try request.request(sources: sources)
        let verifyingKey = try key.verifyingKey(from: sources)
        let verifier = HTTPMessageSignatureVerifier(
            keys: [key.keyid: verifyingKey], selection: label.map { .label($0) } ?? .first, requirements: .none, maximumAge: .seconds(maxAge)
        )
        let date = now.map { Date(timeIntervalSince1970: TimeInterval($0)) } ?? clock
        do {
            let verified = try await verifier.verify(message, now: date)
            return (true, [
                "verifies: signature \(verified.label) (\(verified.algorithm), keyid \(Self.quoted(verified.keyID)))",
                "covered: \(verified.components.map(\.description).joined(separator: " "))",
                "created: \(verified.created.map { String(Int($0.timeIntervalSince1970)) } ?? "none")",
                "expires: \(verified.expires.map { String(Int($0.timeIntervalSince1970)) } ?? "none")",
            ])
        } catch {
            var lines = ["does not verify: \(error.code)", "why: \(error.message)"]
            if let base = error.serverSignatureBase ?? base(of: message) {
                lines.append("signature base:")
                lines.append(base)
            } else {
                lines.append("signature base: none (the signature's fields or components cannot be read)")
            }
            return (false, lines)
        }
    }

    /// The base this side builds for the signature the verifier checks, when the fields and the
    /// components can be read.
    private func base(of message: HTTPMessageRequest) -> String? {
        guard let signatures = try? HTTPSignatureFields.signatures(in: message.headers),
              let chosen = label.map({ label in signatures.first { $0.label == label } }) ?? signatures.first else { return nil }
        return try? HTTPSignatureBase(parameters: chosen.parameters, message: .request(message)).text
    }

    /// `text` in double quotes, its quotes and backslashes escaped.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    func run() async throws {
        let (verified, lines) = try await verdict()
        for line in lines { print(line) }
        if !verified { throw ExitCode.failure }
    }
}
