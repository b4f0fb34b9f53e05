import AFSignedClient
import ArgumentParser
import DrupalServicesClient
import Foundation
import HTTPMessageSignatures
import OAuth1Client
import SignedHTTP

/// `signed-api explain`: a captured request, whichever scheme signed it — which scheme it is,
/// whether its signature verifies and, when it does not, why.
struct ExplainCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Read a captured HTTP request, tell which scheme signed it and whether its signature verifies, and if not, why.",
        discussion: """
            Give the request as it went over the wire (from a proxy, `curl -v`, a server log, or typed): the request \
            line, the header lines, an empty line and the body. The scheme is told from where the signature travels: \
            OAuth 1.0a (Authorization: OAuth …, or oauth_signature in the query or form body), AFSigned (auth_signature, \
            or X-Auth-Signature for version 4), HTTP Message Signatures (RFC 9421: Signature-Input and Signature), Drupal \
            Services key authentication (a JSON-RPC body). Give the secret that scheme needs; it is never printed. An OAuth 1.0a request signed with an RSA method \
            (\(OAuth1SignatureMethod.rsaMethodNames)) is checked with the consumer's public key instead (--public-key-file). \
            An RFC 9421 request is explained without a key too (its signatures, covered components, signature base, \
            Content-Digest against the body, created against the clock); with the key (--key-file, SIGNED_API_KEY or \
            --key: the hmac-sha256 secret or a PEM public key, read as `httpsig verify` reads it; --alg when the \
            signature sends none) it is verified, and with --their-signature-base (a server's X-Signature-Base, as sent \
            or decoded) the component that differs is named with its usual cause. \
            Exits 0 when the signature verifies, 1 when it does not or when the request carries none. The per-scheme \
            commands take the request as options instead: `oauth1 explain`, `afsigned verify`, `httpsig verify`, `drupal hash`.
            \(SecretSources.discussion) A secret cannot come from standard input when the capture does.
            """
    )

    @Argument(help: "The file holding the captured request ('-' or none: standard input).")
    var file: String?

    @Option(name: .customLong("url-scheme"), help: "The URL's scheme when the request line gives a path and the Host header the host: http or https.")
    var urlScheme: String = "https"

    @OptionGroup var consumerSecret: SecretOption<ConsumerSecret>

    @OptionGroup var tokenSecret: SecretOption<TokenSecret>

    @OptionGroup var publicKey: PublicKeyOption

    @Option(parsing: .unconditional, help: "OAuth 1.0a: the base string the other side computed (a mock's X-OAuth1-Base-String), to compare with ours.")
    var theirBaseString: String?

    @Option(help: OAuth1IncomingRequest.ParameterPlacement.help("OAuth 1.0a: "))
    var parameterPlacement: OAuth1IncomingRequest.ParameterPlacement = .onePlace

    @OptionGroup var clientSecret: SecretOption<ClientSecret>

    @Option(help: "AFSigned and RFC 9421: the verifier's clock, seconds since 1970 (now when omitted).")
    var now: Int?

    @Option(help: "AFSigned: how far auth_timestamp may lie from the clock, in seconds.")
    var window: Int = 12 * 60 * 60

    @OptionGroup var apiKey: SecretOption<APIKey>

    @Option(
        help: ArgumentHelp("RFC 9421: the key's algorithm, \(HTTPSignatureAlgorithm.all.map(\.name).joined(separator: ", ")) (the signature's alg when omitted).", valueName: "alg"),
        transform: HTTPSigKeyOptions.algorithm
    )
    var alg: HTTPSignatureAlgorithm?

    @OptionGroup var httpsigKey: SecretOption<HTTPSigKey>

    @Option(help: "RFC 9421: the label of the signature to check (the first when omitted).")
    var label: String?

    @Option(name: .customLong("max-age"), help: "RFC 9421: how old created may be, in seconds (60 s of clock skew allowed besides).")
    var maxAge: Int = 300

    @Option(parsing: .unconditional, help: "RFC 9421: the signature base the other side built (a server's X-Signature-Base as sent, or its lines), to compare with ours.")
    var theirSignatureBase: String?

    /// Whether the capture is read from standard input (no file, or `-`).
    private var readsCaptureFromStandardInput: Bool { file == nil || file == "-" }

    func validate() throws {
        guard ["http", "https"].contains(urlScheme) else { throw ValidationError("--url-scheme must be http or https (got '\(urlScheme)')") }
        guard maxAge >= 0 else { throw ValidationError("--max-age must be 0 or more seconds") }
        try SecretSources.checkStandardInput(
            readBy: [
                consumerSecret.standardInputOption, tokenSecret.standardInputOption, publicKey.standardInputOption,
                clientSecret.standardInputOption, apiKey.standardInputOption, httpsigKey.standardInputOption,
            ],
            capture: readsCaptureFromStandardInput ? "the capture" : nil
        )
    }

    func run() async throws {
        let (text, valid) = try await render(CapturedRequest(parsing: readCapture()))
        print(text)
        if !valid { throw ExitCode.failure }
    }

    /// The capture's bytes, from the file or standard input; at most one byte past what
    /// ``CapturedRequest`` reads, so that a larger one is refused without reading it all.
    func readCapture() throws -> [UInt8] {
        let handle: FileHandle
        if !readsCaptureFromStandardInput, let file {
            do {
                handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: file))
            } catch {
                throw ValidationError("cannot read the capture '\(file)': \((error as NSError).localizedDescription)")
            }
        } else {
            handle = FileHandle.standardInput
        }
        defer { if handle !== FileHandle.standardInput { try? handle.close() } }
        return try Array(handle.read(upToCount: CapturedRequest.maximumSize + 1) ?? Data())
    }

    /// The report for `request`, and whether its signature verifies; the secrets (and the public
    /// key file) are read from `sources` where no flag gives them (each one given is read, needed
    /// or not).
    ///
    /// - Throws: `ValidationError` when a secret or key file cannot be read, the secret (or, for
    ///   OAuth 1.0a RSA, the public key) the request needs was not given, or the request's URL
    ///   cannot be told.
    func render(_ request: CapturedRequest, sources: SecretSources = .process) async throws -> (text: String, valid: Bool) {
        let oauthKeys = OAuth1ExplainKeys(
            consumerSecret: try consumerSecret.value(from: sources), tokenSecret: try tokenSecret.value(from: sources),
            publicKey: try publicKey.key(from: sources)
        )
        let clientSecret = try self.clientSecret.value(from: sources), apiKey = try self.apiKey.value(from: sources)
        let httpsigKey = try self.httpsigKey.bytes(from: sources)
        guard let scheme = CapturedScheme(request) else {
            return ([
                "scheme:      none found",
                "verdict:     the request carries no signature this tool knows: no Authorization: OAuth header or oauth_signature field (OAuth 1.0a), "
                    + "no auth_signature field or X-Auth-Signature header (AFSigned), no Signature-Input or Signature field (RFC 9421), "
                    + "no JSON-RPC body with arguments (Drupal)",
            ].joined(separator: "\n"), false)
        }
        if scheme == .httpMessageSignatures, theirBaseString != nil {
            throw ValidationError("this is an RFC 9421 request: give the other side's signature base with --their-signature-base (--their-base-string is OAuth 1.0a's)")
        }
        if scheme != .httpMessageSignatures, theirSignatureBase != nil {
            throw ValidationError("--their-signature-base is for an RFC 9421 request, and this is \(scheme.description)\(scheme == .oauth1 ? ": give its base string with --their-base-string" : "")")
        }
        let report: (text: String, valid: Bool)
        switch scheme {
        case .httpMessageSignatures:
            let url = try request.url(scheme: urlScheme)
            report = try await HTTPSigExplanation(
                message: HTTPMessageRequest(method: request.method, url: url, headers: request.headers, body: request.body, requestTarget: request.target.hasPrefix("/") ? request.target : nil),
                urlScheme: url.scheme ?? urlScheme, key: httpsigKey.map { ($0, self.httpsigKey) }, algorithm: alg, label: label,
                theirBase: theirSignatureBase, now: now.map { Date(timeIntervalSince1970: TimeInterval($0)) } ?? Date(), maximumAge: maxAge
            ).report()
        case .oauth1:
            report = try OAuth1ExplainCommand.report(
                method: request.method, url: try request.url(scheme: urlScheme), authorization: request.headers["Authorization"],
                contentType: request.headers["Content-Type"], body: request.body, keys: oauthKeys, theirBaseString: theirBaseString,
                placement: parameterPlacement
            )
        case .afsigned(let version, let clientIDField):
            guard let clientSecret else { throw ValidationError("this is an AFSigned request: give \(ClientSecret.noun) (\(ClientSecret.ways))") }
            report = try await afsignedReport(request, version: version, clientIDField: clientIDField, clientSecret: clientSecret)
        case .drupal(let calls):
            guard let apiKey else { throw ValidationError("this is a Drupal Services call: give \(APIKey.noun) (\(APIKey.ways))") }
            report = Self.drupalReport(calls, apiKey: apiKey)
        }
        return ("scheme:      \(scheme.description)\n" + report.text, report.valid)
    }

    /// `afsigned verify`'s verdict for the request, the client id taken from where the
    /// version sends it.
    private func afsignedReport(_ request: CapturedRequest, version: AFSignedVersion, clientIDField: AFSignedClientIDField, clientSecret: String) async throws -> (text: String, valid: Bool) {
        let url = try request.url(scheme: urlScheme)
        let incoming: AFSignedIncomingRequest
        do {
            incoming = try AFSignedIncomingRequest(APIRequest(method: request.method, url: url, headers: request.headers, body: request.body))
        } catch {
            return ("does not verify: the request cannot be read: \(error.message)", false)
        }
        let clientID = version == .v4
            ? incoming.headers[AFSignedField.clientIDHeader]
            : (incoming.query + incoming.body).first { $0.name == clientIDField.rawValue }?.value
        let verifier = AFSignedVerifier(
            credentials: [AFSignedCredentials(clientID: clientID ?? "", clientSecret: clientSecret)],
            version: version, clientIDField: clientIDField, timestampWindow: .seconds(window)
        )
        let (verified, lines) = await AFSignedVerifyCommand.verdict(incoming, verifier: verifier, now: now)
        return (lines.joined(separator: "\n"), verified)
    }

    /// Each call's hash input, received and expected hash, and verdict.
    static func drupalReport(_ calls: [JSONRPCRequest], apiKey: String) -> (text: String, valid: Bool) {
        var lines: [String] = []
        var valid = true
        for (index, call) in calls.enumerated() {
            lines.append("call:        \(call.method)" + (calls.count > 1 ? " (\(index + 1) of \(calls.count))" : ""))
            let arguments: DrupalKeyArguments
            do {
                arguments = try DrupalKeyArguments(leading: call.params, usesSessid: false)
            } catch {
                lines.append("verdict:     the key arguments cannot be read: \(error.message)")
                valid = false
                continue
            }
            guard arguments.count == 4 else {
                lines.append("verdict:     the call carries \(arguments.count) argument\(arguments.count == 1 ? "" : "s"), so not the key arguments (hash, domain_name, domain_time_stamp, nonce) before its own")
                valid = false
                continue
            }
            let input = arguments.hashInput(method: call.method)
            let expected = DrupalKeyAuthentication.hash(apiKey: apiKey, input: input)
            let matches = DrupalKeyAuthentication.isValid(hash: arguments.hash, apiKey: apiKey, input: input)
            lines.append("hash input:  \(input)")
            lines.append("received:    \(arguments.hash)")
            if !matches { lines.append("expected:    \(expected)") }
            if matches {
                lines.append("verdict:     the hash is HMAC-SHA256 of the hash input under this API key (the site also checks the domain, the timestamp's age and the nonce)")
            } else if arguments.hash.lowercased() == expected {
                lines.append("verdict:     the hash is right but not in lowercase: Drupal compares the text exactly, so send lowercase hex")
            } else {
                lines.append("verdict:     the hash is not HMAC-SHA256 of the hash input under this API key: either the key differs, or the app hashed another string "
                    + "(compare its timestamp;domain;nonce;method with the input above, or with the X-Drupal-Hash-Input a Drupal mock answers)")
            }
            valid = valid && matches
        }
        return (lines.joined(separator: "\n"), valid)
    }
}
