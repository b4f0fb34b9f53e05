import ArgumentParser
import Foundation
import OAuth1Client
import SigningCore

/// `signed-api oauth1 explain`: does a received request's signature verify, and if not, why.
struct OAuth1ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Check a signed request against the secrets and say which part differs when it does not verify.",
        discussion: """
            Give the request as it was sent (method, URL, form fields or body, Authorization header) and the secrets. \
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

    @Option(parsing: .unconditional, help: "The raw body as sent (instead of --form).")
    var body: String?

    @Option(help: "The Content-Type (application/x-www-form-urlencoded with --form).")
    var contentType: String?

    @Option(parsing: .unconditional, help: "The base string the other side computed or that was signed (verbatim or percent-encoded), to compare with ours.")
    var theirBaseString: String?

    func validate() throws {
        guard options.form.isEmpty || body == nil else { throw ValidationError("give the body either as --form fields or as --body, not both") }
    }

    func run() throws {
        let (text, valid) = try render()
        print(text)
        if !valid { throw ExitCode(1) }
    }

    /// The report this command prints, and whether the signature verifies; the secrets are
    /// read from `sources` where no flag gives them.
    func render(sources: SecretSources = .process) throws -> (text: String, valid: Bool) {
        guard let requestURL = URL(string: options.url) else { throw ValidationError("--url is not a valid URL") }
        let bodyText = body ?? (options.form.isEmpty ? "" : FormEncoding.serialize(options.formFields))
        let type = contentType ?? (options.form.isEmpty ? nil : "application/x-www-form-urlencoded")
        return Self.report(
            method: options.method, url: requestURL, authorization: authorization, contentType: type, body: Array(bodyText.utf8),
            key: .secrets(consumerSecret: try options.consumerSecret.required(from: sources), tokenSecret: try options.tokenSecret.value(from: sources)),
            theirBaseString: theirBaseString
        )
    }

    /// The report for a request as sent, and whether its signature verifies: what this command
    /// and `signed-api explain` (for a captured OAuth 1.0a request) print.
    static func report(
        method: String, url: URL, authorization: String?, contentType: String?, body: [UInt8],
        key: OAuth1VerificationKey, theirBaseString: String?
    ) -> (text: String, valid: Bool) {
        let request: OAuth1IncomingRequest
        do {
            request = try OAuth1IncomingRequest(method: method, url: url, authorizationHeader: authorization, contentType: contentType, body: body)
        } catch {
            return ("the request cannot be checked: \(error.message)", false)
        }
        let diagnosis = request.diagnose(key, theirBaseString: theirBaseString)
        var lines: [String] = []
        lines.append("signature:   \(diagnosis.isValid ? "valid" : "INVALID") (\(request.signatureMethod.rawValue), parameters in the \(request.protocolParameterLocation.description))")
        lines.append("base string: \(diagnosis.baseString)")
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
