import AFSignedClient
import ArgumentParser
import Foundation

/// `signed-api afsigned verify`: whether a request with its auth parameters verifies, and if
/// not, why (the reference backend's words, the detail, and the string the verifier signed).
struct AFSignedVerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Verify a request with its auth parameters; exit 0 when it verifies, 1 when not, saying why.",
        discussion: """
            Pass the request as it was sent: --param for every parameter, auth_version, auth_client_id, \
            auth_timestamp and auth_signature included (version 4: --header for the X-Auth-* headers).
            \(SecretSources.discussion)
            """
    )

    @OptionGroup var request: AFSignedRequestOptions

    @Option(
        name: .customLong("header"),
        parsing: .unconditionalSingleValue,
        help: ArgumentHelp("A header as sent (repeat; version 4's X-Auth-* headers).", valueName: "NAME=VALUE")
    )
    var headers: [FormFieldArgument] = []

    @Option(help: "The verifier's clock, seconds since 1970 (now when omitted).")
    var now: Int?

    @Option(help: "How far auth_timestamp may lie from the clock, in seconds.")
    var window: Int = 12 * 60 * 60

    /// The verdict's lines and whether it verified, the client secret read from `sources` where
    /// no flag gives it.
    ///
    /// - Throws: `ValidationError` when the client secret cannot be read.
    func verdict(sources: SecretSources = .process) async throws -> (verified: Bool, lines: [String]) {
        var fields = HeaderFields()
        for header in headers { fields[header.field.name] = header.field.value }
        let (query, body) = request.placed
        let incoming = AFSignedIncomingRequest(method: request.upperMethod, path: request.path, query: query, body: body, headers: fields)
        let verifier = AFSignedVerifier(credentials: [try request.credentials(from: sources)], version: request.version, clientIDField: request.clientIDField, timestampWindow: .seconds(window))
        return await Self.verdict(incoming, verifier: verifier, now: now)
    }

    /// Whether `incoming` verifies, and the lines that say so or why not (the reference backend's
    /// words, the detail, the string the verifier signed): what this command and
    /// `signed-api explain` (for a captured AFSigned request) print. `now` is seconds since 1970
    /// (the current time when `nil`).
    static func verdict(_ incoming: AFSignedIncomingRequest, verifier: AFSignedVerifier, now: Int?) async -> (verified: Bool, lines: [String]) {
        let date = now.map { Date(timeIntervalSince1970: TimeInterval($0)) } ?? Date()
        do {
            let verified = try await verifier.verify(incoming, now: date)
            return (true, ["verifies: signed by \(verified.clientID) at \(verified.timestamp)"])
        } catch {
            var lines = ["does not verify: \(error.providerMessage ?? error.code.description)", "why: \(error.message)"]
            if let string = error.serverSignatureBase { lines.append("string to sign: \(string.debugDescription)") }
            return (false, lines)
        }
    }

    func run() async throws {
        let (verified, lines) = try await verdict()
        for line in lines { print(line) }
        if !verified { throw ExitCode.failure }
    }
}
