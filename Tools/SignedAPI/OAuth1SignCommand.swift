import ArgumentParser
import Foundation
import OAuth1Client
import OAuth1RSA
import SigningCore

/// `signed-api oauth1 sign`: the base string, signature and `Authorization` header for a request.
struct OAuth1SignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Sign a request with OAuth 1.0a and print the base string, signature and Authorization header.",
        discussion: """
            Secrets are never printed unless you pass --reveal-secrets. With PLAINTEXT the signature is the \
            encoded secrets: --output json shows it (and the header) redacted, and --output header, which prints \
            a header to send as it is, refuses to run without --reveal-secrets.
            \(OAuth1SignatureMethod.rsaMethodNames) sign with the consumer's RSA private key instead of the secrets \
            (--private-key-file key.pem: PEM, RSA PRIVATE KEY or PRIVATE KEY, not encrypted), as Jira's application \
            links do; the key is never printed, and neither secret is taken.
            A body that is not a form (--body or --body-file, with --content-type, e.g. application/json) is not \
            signed unless you pass --body-hash: then its hash travels as oauth_body_hash, which the signature covers.
            \(SecretSources.discussion) SIGNED_API_TOKEN_SECRET is read only with --token and an HMAC or PLAINTEXT \
            method, SIGNED_API_PRIVATE_KEY only with an RSA method.
            """
    )

    /// What to print.
    enum Output: String, ExpressibleByArgument, CaseIterable {
        case json
        case header
        case baseString = "base-string"
    }

    @OptionGroup var options: OAuth1RequestOptions

    @Option(parsing: .unconditional, help: "The consumer key.")
    var consumerKey: String

    @Option(parsing: .unconditional, help: "The token (request or access token).")
    var token: String?

    @Option(help: "How the request is signed (the RSA methods with --private-key-file).")
    var signatureMethod: OAuth1SignatureMethod = .hmacSHA1

    @OptionGroup var privateKey: SecretOption<PrivateKey>

    @Flag(help: "Sign a body that is not a form through oauth_body_hash (sent even for an empty body); without it such a body is not signed.")
    var bodyHash = false

    @Option(parsing: .unconditional, help: "A fixed nonce (random when omitted).")
    var nonce: String?

    @Option(help: "A fixed timestamp in seconds since 1970 (now when omitted).")
    var timestamp: Int?

    @Option(help: "oauth_callback (a URL or oob).")
    var callback: String?

    @Option(parsing: .unconditional, help: "oauth_verifier.")
    var verifier: String?

    @Option(parsing: .unconditional, help: "The realm of the Authorization header (not signed).")
    var realm: String?

    @Flag(help: "Leave out oauth_version (optional per RFC 5849; some examples omit it).")
    var omitVersion = false

    @Option(help: "What to print: everything as JSON, the Authorization header alone, or the base string alone.")
    var output: Output = .json

    @Flag(help: "With PLAINTEXT, print the real signature and Authorization header, which contain the secrets (--output header requires it).")
    var revealSecrets = false

    /// Whether the secrets would show in the output: a PLAINTEXT signature is the secrets.
    private var hidesSecrets: Bool { signatureMethod == .plaintext && !revealSecrets }

    func validate() throws {
        if signatureMethod.key == .rsaKeyPair {
            if let given = options.consumerSecret.givenOption ?? options.tokenSecret.givenOption {
                throw ValidationError("\(signatureMethod) signs with the private key alone (\(PrivateKey.fileOption)), no secret takes part: drop \(given)")
            }
        } else if let given = privateKey.givenOption {
            throw ValidationError("\(given) is for \(OAuth1SignatureMethod.rsaMethodNames); \(signatureMethod) signs with the secrets: pass --signature-method RSA-SHA1 (or another RSA method), or drop \(given)")
        }
        if token == nil, let given = options.tokenSecret.givenOption { throw ValidationError("--token and \(given) go together") }
        if bodyHash, options.isForm {
            throw ValidationError("--body-hash is for bodies that are not forms: a form body is signed field by field and never carries oauth_body_hash")
        }
        try options.checkStandardInput(alsoReadBy: [privateKey.standardInputOption])
        if output == .header, hidesSecrets {
            throw ValidationError("""
                a PLAINTEXT signature is the secrets themselves, so its Authorization header contains them; \
                pass --reveal-secrets to print it, or sign with an HMAC --signature-method
                """)
        }
    }

    func run() throws {
        print(try render())
    }

    /// The text this command prints, the secrets read from `sources` where no flag gives them.
    /// `validate()` has refused a PLAINTEXT header without `--reveal-secrets`; the JSON redacts
    /// the secrets instead.
    func render(sources: SecretSources = .process) throws -> String {
        let signed = try sign(sources: sources)
        switch output {
        case .header: return signed.authorizationHeader ?? ""
        case .baseString: return signed.baseString
        case .json:
            let header = signed.authorizationHeader ?? ""
            let protocolParameters = signed.protocolParameters.filter { $0.name != "oauth_signature" }
            let object: [String: any Sendable] = [
                "base_string": signed.baseString,
                "signature": hidesSecrets ? "<redacted: a PLAINTEXT signature is the secrets; --reveal-secrets prints it>" : signed.signature,
                "authorization_header": hidesSecrets ? Self.redactingSignature(of: header) : header,
                "signature_method": signatureMethod.rawValue,
                "base_string_uri": try OAuth1BaseString.baseStringURI(signed.request.url),
                "protocol_parameters": Dictionary(protocolParameters.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }),
            ]
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// `header` with the value of its `oauth_signature` replaced by `REDACTED`.
    private static func redactingSignature(of header: String) -> String {
        var header = header
        if let range = header.range(of: "oauth_signature=\"") {
            let end = header[range.upperBound...].firstIndex(of: "\"") ?? header.endIndex
            header.replaceSubrange(range.upperBound..<end, with: "REDACTED")
        }
        return header
    }

    /// The signed request; the token secret is read only with `--token` and a method that uses
    /// it, the private key only with an RSA method (`validate()` has refused either given where it
    /// takes no part), so an exported variable cannot spoil a request without a use for it.
    private func sign(sources: SecretSources) throws -> OAuth1SignedRequest {
        let fixedNonce = nonce
        let fixedTime = timestamp.map { Date(timeIntervalSince1970: TimeInterval($0)) }
        let signer = OAuth1Signer(
            credentials: try credentials(sources: sources),
            signatureMethod: signatureMethod,
            transmission: .authorizationHeader(realm: realm),
            includesVersion: !omitVersion,
            bodySigning: bodyHash ? .bodyHashAlways : .unsigned,
            clock: { fixedTime ?? Date() },
            nonce: { fixedNonce ?? Nonce.alphanumeric(length: 30) }
        )
        return try signer.sign(options.request(sources: sources), callback: callback, verifier: verifier)
    }

    /// The consumer key with the private key for an RSA method, with the secrets otherwise.
    private func credentials(sources: SecretSources) throws -> OAuth1Credentials {
        if signatureMethod.key == .rsaKeyPair {
            return OAuth1Credentials(consumerKey: consumerKey, privateKey: try privateKey.rsaKey(from: sources), token: token)
        }
        let consumerSecret = try options.consumerSecret.required(from: sources)
        let tokenSecret = token == nil ? nil : try options.tokenSecret.required(from: sources)
        return OAuth1Credentials(consumerKey: consumerKey, consumerSecret: consumerSecret, token: token, tokenSecret: tokenSecret)
    }
}
