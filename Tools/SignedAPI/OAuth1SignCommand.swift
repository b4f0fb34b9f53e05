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

    @Option(help: "The HTTP method, e.g. GET or POST.")
    var method: String

    @Option(help: "The absolute request URL, query included.")
    var url: String

    @Option(help: "The consumer key.")
    var consumerKey: String

    @Option(help: "The consumer secret (never printed).")
    var consumerSecret: String

    @Option(help: "The token (request or access token).")
    var token: String?

    @Option(help: "The token secret (never printed).")
    var tokenSecret: String?

    @Option(help: "HMAC-SHA1, HMAC-SHA256, HMAC-SHA512 or PLAINTEXT.")
    var signatureMethod: String = "HMAC-SHA1"

    @Option(help: "A fixed nonce (random when omitted).")
    var nonce: String?

    @Option(help: "A fixed timestamp in seconds since 1970 (now when omitted).")
    var timestamp: Int?

    @Option(help: "oauth_callback (a URL or oob).")
    var callback: String?

    @Option(help: "oauth_verifier.")
    var verifier: String?

    @Option(help: "The realm of the Authorization header (not signed).")
    var realm: String?

    @Flag(help: "Leave out oauth_version (optional per RFC 5849; some examples omit it).")
    var omitVersion = false

    @Option(name: .customLong("form"), help: ArgumentHelp("A form body field, decoded; repeat for more.", valueName: "NAME=VALUE"))
    var form: [OAuth1FormOption] = []

    @Option(help: "json, header or base-string.")
    var output: Output = .json

    func validate() throws {
        guard OAuth1SignatureMethod(rawValue: signatureMethod) != nil else {
            throw ValidationError("--signature-method must be one of \(OAuth1SignatureMethod.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard URL(string: url) != nil else { throw ValidationError("--url is not a valid URL") }
        guard (token == nil) == (tokenSecret == nil) else { throw ValidationError("--token and --token-secret go together") }
    }

    func run() throws {
        print(try render())
    }

    /// The text this command prints.
    func render() throws -> String {
        let signed = try sign()
        let isPlaintext = signed.protocolParameters.contains(FormField("oauth_signature_method", "PLAINTEXT"))
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
                "signature_method": signatureMethod,
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
            credentials: OAuth1Credentials(consumerKey: consumerKey, consumerSecret: consumerSecret, token: token, tokenSecret: tokenSecret),
            signatureMethod: OAuth1SignatureMethod(rawValue: signatureMethod) ?? .hmacSHA1,
            transmission: .authorizationHeader(realm: realm),
            includesVersion: !omitVersion,
            clock: { fixedTime ?? Date() },
            nonce: { fixedNonce ?? Nonce.alphanumeric(length: 30) }
        )
        guard let requestURL = URL(string: url) else { throw ValidationError("--url is not a valid URL") }
        let request = form.isEmpty
            ? OAuth1Request(method: method, url: requestURL)
            : OAuth1Request(method: method, url: requestURL, form: form.map(\.field))
        return try signer.sign(request, callback: callback, verifier: verifier)
    }
}
