import ArgumentParser
import Foundation
import OAuth1Client
import SigningCore

/// `signed-api oauth1 sign`: the base string, signature and `Authorization` header for a request.
struct OAuth1SignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Sign a request with OAuth 1.0a and print the base string, signature and Authorization header.",
        discussion: "Secrets are never printed. With PLAINTEXT the signature is the encoded secrets, so it is shown redacted."
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

    @Option(help: "How the request is signed.")
    var signatureMethod: OAuth1SignatureMethod = .hmacSHA1

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

    func validate() throws {
        guard (token == nil) == (options.tokenSecret == nil) else { throw ValidationError("--token and --token-secret go together") }
    }

    func run() throws {
        print(try render())
    }

    /// The text this command prints.
    func render() throws -> String {
        let signed = try sign()
        let isPlaintext = signatureMethod == .plaintext
        let signature = isPlaintext ? "<redacted: a PLAINTEXT signature is the secrets>" : signed.signature
        var header = signed.authorizationHeader ?? ""
        if isPlaintext, let range = header.range(of: "oauth_signature=\"") {
            let end = header[range.upperBound...].firstIndex(of: "\"") ?? header.endIndex
            header.replaceSubrange(range.upperBound..<end, with: "REDACTED")
        }
        switch output {
        case .header: return header
        case .baseString: return signed.baseString
        case .json:
            let protocolParameters = signed.protocolParameters.filter { $0.name != "oauth_signature" }
            let object: [String: any Sendable] = [
                "base_string": signed.baseString,
                "signature": signature,
                "authorization_header": header,
                "signature_method": signatureMethod.rawValue,
                "base_string_uri": try OAuth1BaseString.baseStringURI(signed.request.url),
                "protocol_parameters": Dictionary(protocolParameters.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }),
            ]
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
            return String(decoding: data, as: UTF8.self)
        }
    }

    private func sign() throws -> OAuth1SignedRequest {
        let fixedNonce = nonce
        let fixedTime = timestamp.map { Date(timeIntervalSince1970: TimeInterval($0)) }
        let signer = OAuth1Signer(
            credentials: OAuth1Credentials(
                consumerKey: consumerKey, consumerSecret: options.consumerSecret, token: token, tokenSecret: options.tokenSecret
            ),
            signatureMethod: signatureMethod,
            transmission: .authorizationHeader(realm: realm),
            includesVersion: !omitVersion,
            clock: { fixedTime ?? Date() },
            nonce: { fixedNonce ?? Nonce.alphanumeric(length: 30) }
        )
        guard let requestURL = URL(string: options.url) else { throw ValidationError("--url is not a valid URL") }
        let request = options.form.isEmpty
            ? OAuth1Request(method: options.method, url: requestURL)
            : OAuth1Request(method: options.method, url: requestURL, form: options.formFields)
        return try signer.sign(request, callback: callback, verifier: verifier)
    }
}
