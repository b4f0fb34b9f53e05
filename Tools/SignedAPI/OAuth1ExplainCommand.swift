import ArgumentParser
import Foundation
import OAuth1Client
import SigningCore

/// `signed-api oauth1 explain`: does a received request's signature verify, and if not, why.
struct OAuth1ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Check a signed request against the secrets or the public key and say which part differs when it does not verify.",
        discussion: """
            Give the request as it was sent (method, URL, form fields or body, Authorization header) and the key of \
            the method it declares: the secrets, or for \(OAuth1SignatureMethod.rsaMethodNames) the consumer's public key \
            (--public-key-file), whose signatures cannot be recomputed, only checked. With oauth_body_hash, the body's \
            hash is checked too. \
            Exits 0 when the signature verifies, 1 when it does not. From the request alone a request changed after \
            signing cannot be told from a wrong secret; give --their-base-string (the provider's X-OAuth1-Base-String \
            header, verbatim or percent-encoded, or the base_string that `sign` printed) and the verdict names what \
            differs, or blames the secrets when both base strings agree. Exits 1 whenever their base string differs from ours.
            \(SecretSources.discussion)
            """
    )

    @OptionGroup var options: OAuth1RequestOptions

    @Option(parsing: .unconditional, help: "The Authorization header value as sent, e.g. 'OAuth oauth_consumer_key=\"…\", …'.")
    var authorization: String?

    @OptionGroup var publicKey: PublicKeyOption

    @Option(parsing: .unconditional, help: "The base string the other side computed or that was signed (verbatim or percent-encoded), to compare with ours.")
    var theirBaseString: String?

    @Option(help: OAuth1IncomingRequest.ParameterPlacement.help())
    var parameterPlacement: OAuth1IncomingRequest.ParameterPlacement = .onePlace

    func validate() throws {
        try options.checkStandardInput(alsoReadBy: [publicKey.standardInputOption])
    }

    func run() throws {
        let (text, valid) = try render()
        print(text)
        if !valid { throw ExitCode(1) }
    }

    /// The report this command prints, and whether the signature verifies; the secrets are
    /// read from `sources` where no flag gives them, and so are the body and the public key files.
    func render(sources: SecretSources = .process) throws -> (text: String, valid: Bool) {
        let request = try options.request(sources: sources)
        let keys = OAuth1ExplainKeys(
            consumerSecret: try options.consumerSecret.value(from: sources), tokenSecret: try options.tokenSecret.value(from: sources),
            publicKey: try publicKey.key(from: sources)
        )
        return try Self.report(
            method: request.method, url: request.url, authorization: authorization, contentType: request.header("Content-Type"), body: request.body,
            keys: keys, theirBaseString: theirBaseString, placement: parameterPlacement
        )
    }

    /// The report for a request as sent, and whether its signature verifies: what this command
    /// and `signed-api explain` (for a captured OAuth 1.0a request) print. The request's
    /// declared method picks the key among `keys`; `placement` says whether the protocol
    /// parameters may be split between places.
    ///
    /// - Throws: `ValidationError` when `keys` lacks the key that method needs, naming the option.
    static func report(
        method: String, url: URL, authorization: String?, contentType: String?, body: [UInt8],
        keys: OAuth1ExplainKeys, theirBaseString: String?, placement: OAuth1IncomingRequest.ParameterPlacement = .onePlace
    ) throws -> (text: String, valid: Bool) {
        let request: OAuth1IncomingRequest
        do {
            request = try OAuth1IncomingRequest(method: method, url: url, authorizationHeader: authorization, contentType: contentType, body: body, placement: placement)
        } catch {
            let hint = error.code == .parametersInSeveralLocations ? " (a provider that accepts them split, as Discogs does: give --parameter-placement split)" : ""
            return ("the request cannot be checked: \(error.message)\(hint)", false)
        }
        let key = try keys.key(for: request.signatureMethod)
        let diagnosis = request.diagnose(key, theirBaseString: theirBaseString)
        var lines: [String] = []
        lines.append("signature:   \(diagnosis.isValid ? "valid" : "INVALID") (\(request.signatureMethod.rawValue), parameters in the \(request.protocolParameterLocations.map(\.description).joined(separator: " and ")))")
        lines.append("base string: \(diagnosis.baseString)")
        if let matches = request.bodyHashMatches {
            lines.append("body hash:   " + (matches
                ? "matches the body (oauth_body_hash, \(request.signatureMethod.hash))"
                : "DOES NOT match the body: the body changed after signing, or the signer hashed other bytes (\(request.signatureMethod.hash) of the exact bytes sent)"))
        }
        if !diagnosis.isValid, request.signatureMethod.key == .sharedSecrets, case .secrets(let consumerSecret, let tokenSecret) = key,
           let expected = try? request.expectedSignature(consumerSecret: consumerSecret, tokenSecret: tokenSecret) {
            lines.append("received:    \(request.signature)")
            lines.append("expected:    \(expected)")
        }
        if let difference = diagnosis.difference {
            lines.append("theirs:      \(difference.isIdentical ? "identical to ours" : difference.theirs)")
        }
        for (index, sentence) in diagnosis.summary.enumerated() {
            lines.append((index == 0 ? "verdict:     " : "             ") + sentence)
        }
        return (lines.joined(separator: "\n"), diagnosis.verdict == .valid)
    }
}

extension OAuth1IncomingRequest.ParameterLocation {
    var description: String {
        switch self {
        case .authorizationHeader: "Authorization header"
        case .formBody: "form body"
        case .query: "query"
        }
    }
}
