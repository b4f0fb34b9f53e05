import ArgumentParser
import Foundation
import HTTPMessageSignatures

/// `signed-api httpsig sign`: the header lines that sign a request (RFC 9421 §3.1), and
/// nothing else on standard output.
struct HTTPSigSignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Sign a request: print the header lines to add (Content-Digest, Signature-Input, Signature), one 'Name: value' per line.",
        discussion: """
            Example: signed-api httpsig sign --method POST --url 'https://example.com/foo?param=Value' \
            --header 'Content-Type: application/json' --body-file body.json --alg hmac-sha256 \
            --key-file secret.bin --keyid my-key --component @method --component @authority \
            --component @path --component content-digest --created 1618884473
            --component takes an identifier as it appears in the signature base, in order: @method, content-type, \
            '"@query-param";name="q"', '"example-dict";key="a"', 'date;bs' (the quotes may be left out of a bare name). \
            Without --component: @method, @authority, @path, @query when there is a query, content-digest and \
            content-type when there is a body. content-digest among the components makes the command compute \
            Content-Digest (sha-256) when the request has none, and check it when it has one.
            The key (--key-file, SIGNED_API_KEY or --key): a PEM private key (PKCS #8, PKCS #1, SEC 1) for \
            ed25519, ecdsa-p256-sha256, ecdsa-p384-sha384, rsa-pss-sha512 and rsa-v1_5-sha256, or the hmac-sha256 \
            secret: every byte of --key-file (a final line end too; write it with printf or head -c), the UTF-8 of \
            SIGNED_API_KEY or --key.
            \(SecretSources.discussion)
            """
    )

    @OptionGroup var request: HTTPSigRequestOptions
    @OptionGroup var key: HTTPSigKeyOptions

    @Option(
        name: .customLong("component"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp("A covered component, as in the signature base (repeat, in order).", valueName: "identifier"),
        transform: HTTPSigSignCommand.component
    )
    var components: [HTTPSignatureComponent] = []

    @Option(help: "created, in seconds since 1970 (now when omitted).")
    var created: Int?

    @Option(help: "expires, in seconds since 1970 (none when omitted).")
    var expires: Int?

    @Option(parsing: .unconditional, help: "nonce (none when omitted).")
    var nonce: String?

    @Option(parsing: .unconditional, help: "tag, e.g. web-bot-auth (none when omitted).")
    var tag: String?

    @Option(help: "The signature's label.")
    var label: String = "sig1"

    @Flag(name: .customLong("include-alg"), help: "Send alg (left out by default: the verifier's key decides, RFC 9421 §7.3.6).")
    var includeAlg = false

    /// A component identifier as written in a signature base; a bare name (`@method`,
    /// `content-type`, `example-dict;key="a"`) is quoted first.
    static func component(_ text: String) throws -> HTTPSignatureComponent {
        var identifier = text
        if !text.hasPrefix("\"") {
            let name = text.prefix { $0 != ";" }
            identifier = "\"\(name)\"" + text.dropFirst(name.count)
        }
        do {
            return try HTTPSignatureComponent(parsing: identifier)
        } catch {
            throw ValidationError("'\(text.prefix(80))' is not a component identifier: \(error.message)")
        }
    }

    func validate() throws {
        if let created, let expires, expires < created {
            throw ValidationError("--expires \(expires) is before --created \(created)")
        }
        try SecretSources.checkStandardInput(readBy: [key.key.standardInputOption], capture: request.bodyFile == "-" ? "the body" : nil)
    }

    /// The header lines to add, `Name: value`, the key and body read from `sources`; `now` is
    /// `created` when `--created` is not given.
    ///
    /// - Throws: `ValidationError` for a key that cannot be read or used, and for a request
    ///   that cannot be signed as asked (a covered field it lacks, a Content-Digest that does not
    ///   match the body, …), saying why.
    func lines(sources: SecretSources = .process, now: Date = Date()) throws -> [String] {
        let message = try request.request(sources: sources)
        let date = created.map { Date(timeIntervalSince1970: TimeInterval($0)) } ?? now
        let createdSeconds = Int(date.timeIntervalSince1970.rounded(.down))
        var nonceSource: (@Sendable () -> String)?
        if let nonce { nonceSource = { nonce } }
        let signer = HTTPMessageSigner(
            key: try key.signingKey(from: sources), keyID: key.keyid, components: components.isEmpty ? nil : components, label: label, tag: tag,
            expiresAfter: expires.map { .seconds($0 - createdSeconds) }, nonce: nonceSource, includesAlgorithm: includeAlg
        )
        guard signer.key.algorithm == key.alg else {
            throw ValidationError("\(key.source) holds a \(signer.key.algorithm) key, not \(key.alg)")
        }
        let signed: HTTPMessage
        do {
            signed = try signer.sign(.request(message), at: date)
        } catch {
            throw ValidationError("cannot sign: \(error.code): \(error.message)")
        }
        return signed.headers.fields.dropFirst(message.headers.fields.count).map { "\($0.name): \($0.value)" }
    }

    func run() throws {
        for line in try lines() { print(line) }
    }
}
