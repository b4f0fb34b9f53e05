import ArgumentParser
import Foundation
import HTTPMessageSignatures
import HTTPMessageSignaturesCrypto

/// One `--header "Name: value"` argument: the name (an HTTP token) and the value after the colon,
/// its leading spaces and tabs dropped (RFC 9110 §5.1's optional whitespace).
struct HeaderLineArgument: Sendable {
    let name: String
    let value: String

    /// The characters of an HTTP token (RFC 9110 §5.6.2), which a field name is.
    static let tokenCharacters = Set("!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

    /// Reads `Name: value`.
    ///
    /// - Throws: `ValidationError` saying what is wrong: no colon, an empty name, or a name
    ///   that is not a token (a space before the colon, …).
    static func parse(_ argument: String) throws -> HeaderLineArgument {
        guard let colon = argument.firstIndex(of: ":") else {
            throw ValidationError("a header is \"Name: value\", with a colon after the name")
        }
        let name = String(argument[..<colon])
        guard !name.isEmpty else { throw ValidationError("the header has no name before its colon") }
        guard name.allSatisfy({ tokenCharacters.contains($0) }) else {
            throw ValidationError("the header name \"\(name.prefix(60))\" is not an HTTP token (letters, digits and !#$%&'*+-.^_`|~, no spaces)")
        }
        let value = argument[argument.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
        return HeaderLineArgument(name: name, value: String(value))
    }
}

/// The request `httpsig sign` and `httpsig verify` take: method, URL, header lines and body.
struct HTTPSigRequestOptions: ParsableArguments {
    @Option(help: "The HTTP method, as sent (@method keeps its case).")
    var method: String

    @Option(parsing: .unconditional, help: "The target URI, absolute and percent-encoded as sent (https://example.com/foo?param=Value).")
    var url: String

    @Option(
        name: .customLong("header"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp("A header line as sent, in order (repeat; a repeated name is one field of several lines). verify: Signature-Input and Signature among them.", valueName: "Name: value"),
        transform: HeaderLineArgument.parse
    )
    var headers: [HeaderLineArgument] = []

    @Option(name: .customLong("body-file"), help: ArgumentHelp("The content, read as bytes from this file ('-': standard input); none when omitted.", valueName: "path"))
    var bodyFile: String?

    /// The largest body read: 16 MiB.
    static let maximumBodySize = 16 << 20

    func validate() throws {
        guard !method.isEmpty, method.allSatisfy({ HeaderLineArgument.tokenCharacters.contains($0) }) else {
            throw ValidationError("--method must be an HTTP method such as GET or POST (got '\(method.prefix(40))')")
        }
        _ = try targetURL()
    }

    /// `--url` as a URL with a scheme and an authority.
    func targetURL() throws -> URL {
        guard let url = URL(string: url), let scheme = url.scheme, !scheme.isEmpty,
              let host = URLComponents(url: url, resolvingAgainstBaseURL: false)?.encodedHost, !host.isEmpty else {
            throw ValidationError("--url must be an absolute, percent-encoded URL such as https://example.com/foo?a=1 (got '\(url.prefix(100))')")
        }
        return url
    }

    /// The request, its body read from `sources` when it comes from standard input.
    func request(sources: SecretSources) throws -> HTTPMessageRequest {
        var fields = HeaderFields()
        for header in headers { fields.append(header.name, header.value) }
        let body = try bodyFile.map {
            try sources.contents(ofFile: $0, option: "--body-file", limit: Self.maximumBodySize, advice: "sign a smaller body")
        } ?? []
        return HTTPMessageRequest(method: method, url: try targetURL(), headers: fields, body: body)
    }
}

/// `--key`, `--key-file`, `SIGNED_API_KEY`: an RFC 9421 key.
enum HTTPSigKey: SecretKind {
    static let name = "key"
    static let noun = "the RFC 9421 key (a PEM key, or the hmac-sha256 secret)"
}

/// The key and algorithm `httpsig sign` and `httpsig verify` take.
struct HTTPSigKeyOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The algorithm (RFC 9421 §3.3): \(HTTPSignatureAlgorithm.all.map(\.name).joined(separator: ", ")). The key must be of its kind.",
            valueName: "alg"
        ),
        transform: HTTPSigKeyOptions.algorithm
    )
    var alg: HTTPSignatureAlgorithm

    @OptionGroup var key: SecretOption<HTTPSigKey>

    @Option(parsing: .unconditional, help: "The keyid: sign sends it, verify finds the key under it.")
    var keyid: String

    /// The registered algorithm named `name`.
    static func algorithm(_ name: String) throws -> HTTPSignatureAlgorithm {
        guard let algorithm = HTTPSignatureAlgorithm(named: name) else {
            throw ValidationError("unknown algorithm '\(name.prefix(40))': use one of \(HTTPSignatureAlgorithm.all.map(\.name).joined(separator: ", ")) (RFC 9421 §6.2.2)")
        }
        return algorithm
    }

    /// What the key came from, for messages.
    var source: String { key.source }

    /// The key's bytes (see ``SecretOption/bytes(from:)``).
    ///
    /// - Throws: `ValidationError` when no place holds the key or its file cannot be read.
    private func bytes(from sources: SecretSources) throws -> [UInt8] {
        guard let bytes = try key.bytes(from: sources) else { throw key.missing }
        return bytes
    }

    /// The key `sign` signs with: the hmac-sha256 secret, or a PEM private key of ``alg``.
    func signingKey(from sources: SecretSources) throws -> any HTTPMessageSigningKey {
        try key.signingKey(bytes: bytes(from: sources), algorithm: alg)
    }

    /// The key `verify` checks with: the hmac-sha256 secret, or a PEM public key of ``alg`` (a
    /// private key's public half too).
    func verifyingKey(from sources: SecretSources) throws -> any HTTPMessageVerifyingKey {
        try key.verifyingKey(bytes: bytes(from: sources), algorithm: alg)
    }
}

extension SecretOption where Kind == HTTPSigKey {
    /// The key's bytes: a `--key-file` exactly as it is (an hmac-sha256 secret is every byte of
    /// its file, a final line end included), `--key` or `SIGNED_API_KEY` as UTF-8; `nil` when no
    /// place holds it.
    ///
    /// - Throws: `ValidationError` when the key file cannot be read.
    func bytes(from sources: SecretSources) throws -> [UInt8]? {
        if let file {
            return try sources.contents(ofFile: file, option: HTTPSigKey.fileOption, limit: SecretSources.maximumFileSize, advice: "give a file that holds the key alone")
        }
        return try value(from: sources).map { Array($0.utf8) }
    }

    /// The PEM text of the key `bytes`.
    private func pem(_ bytes: [UInt8], algorithm: HTTPSignatureAlgorithm) throws -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ValidationError("\(source) is not a PEM key (not UTF-8 text); \(algorithm) needs a PEM key")
        }
        return text
    }

    /// The signing key `bytes` hold: the hmac-sha256 secret, or a PEM private key of `algorithm`.
    func signingKey(bytes: [UInt8], algorithm: HTTPSignatureAlgorithm) throws -> any HTTPMessageSigningKey {
        do {
            if algorithm == .hmacSHA256 { return try HTTPSignatureHMACKey(secret: bytes) }
            return try HTTPSignaturePrivateKey(pemRepresentation: try pem(bytes, algorithm: algorithm), algorithm: algorithm)
        } catch let error as HTTPMessageSignatureError {
            throw ValidationError("\(source) does not hold a usable \(algorithm) signing key: \(error.message)")
        }
    }

    /// The verifying key `bytes` hold: the hmac-sha256 secret, or a PEM public key of
    /// `algorithm` (a private key's public half too).
    func verifyingKey(bytes: [UInt8], algorithm: HTTPSignatureAlgorithm) throws -> any HTTPMessageVerifyingKey {
        do {
            if algorithm == .hmacSHA256 { return try HTTPSignatureHMACKey(secret: bytes) }
            let pem = try pem(bytes, algorithm: algorithm)
            do {
                return try HTTPSignaturePublicKey(pemRepresentation: pem, algorithm: algorithm)
            } catch {
                guard let privateKey = try? HTTPSignaturePrivateKey(pemRepresentation: pem, algorithm: algorithm) else { throw error }
                return privateKey.publicKey
            }
        } catch let error as HTTPMessageSignatureError {
            throw ValidationError("\(source) does not hold a usable \(algorithm) verifying key: \(error.message)")
        }
    }
}
