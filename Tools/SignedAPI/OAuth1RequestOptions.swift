import ArgumentParser
import Foundation
import SignedHTTP
import SigningCore

/// The options `oauth1 sign` and `oauth1 explain` share (`@OptionGroup`): the request, its body
/// and the secrets it is signed with, declared once so that both commands spell, parse and check
/// them alike.
///
/// Values that can begin with `-` (form fields, bodies, secrets) are read unconditionally: the
/// word after the option is its value even when it looks like an option, so `--form -x=1` is a
/// form field (and, with ``CommandLineWords``, `--form -=1` too).
struct OAuth1RequestOptions: ParsableArguments {
    @Option(help: "The HTTP method, e.g. GET or POST.")
    var method: String

    @Option(help: "The absolute request URL as sent, query included (for explain, with the oauth_* fields when they travelled in the query).")
    var url: String

    @Option(
        name: .customLong("form"),
        parsing: .unconditionalSingleValue,
        help: ArgumentHelp("A form body field, decoded; repeat for more.", valueName: "NAME=VALUE")
    )
    var form: [FormFieldArgument] = []

    @Option(parsing: .unconditional, help: "The raw body as sent (instead of --form), e.g. a JSON document.")
    var body: String?

    @Option(
        name: .customLong("body-file"),
        help: ArgumentHelp("Read the raw body from this file ('-': standard input), byte for byte (instead of --form or --body).", valueName: "path")
    )
    var bodyFile: String?

    @Option(help: "The Content-Type, e.g. application/json (application/x-www-form-urlencoded with --form).")
    var contentType: String?

    @OptionGroup var consumerSecret: SecretOption<ConsumerSecret>

    @OptionGroup var tokenSecret: SecretOption<TokenSecret>

    /// The largest body read from `--body-file`: 8 MiB, as for `explain`'s capture.
    static let maximumBodySize = 8 << 20

    /// The `--form` fields, decoded, in the order given.
    var formFields: [FormField] { form.map(\.field) }

    /// Whether the body is a form (`--form`, or a form `--content-type`), signed field by field.
    var isForm: Bool { !form.isEmpty || contentType.map(MediaType.isFormURLEncoded) == true }

    func validate() throws {
        guard URL(string: url) != nil else { throw ValidationError("--url is not a valid URL") }
        let bodies = [form.isEmpty ? nil : "--form", body == nil ? nil : "--body", bodyFile == nil ? nil : "--body-file"].compactMap(\.self)
        guard bodies.count <= 1 else {
            throw ValidationError("give the body one way only (--form, --body or --body-file), not \(bodies.joined(separator: " and "))")
        }
    }

    /// Refuses standard input for more than one secret (the shared ones and `others`, the
    /// command's own key option), and for any of them when `--body-file -` reads the body there.
    func checkStandardInput(alsoReadBy others: [String?]) throws {
        try SecretSources.checkStandardInput(
            readBy: [consumerSecret.standardInputOption, tokenSecret.standardInputOption] + others,
            capture: bodyFile == "-" ? "the body" : nil
        )
    }

    /// The request as given: its method, URL, `Content-Type` and body (the body file read from
    /// `sources`; the form fields serialised).
    ///
    /// - Throws: `ValidationError` when the URL is not valid or the body file cannot be read.
    func request(sources: SecretSources) throws -> APIRequest {
        guard let requestURL = URL(string: url) else { throw ValidationError("--url is not a valid URL") }
        var request = APIRequest(method: method, url: requestURL)
        if !form.isEmpty {
            request.body = Array(FormEncoding.serialize(formFields).utf8)
        } else if let body {
            request.body = Array(body.utf8)
        } else if let bodyFile {
            request.body = try sources.contents(ofFile: bodyFile, option: "--body-file", limit: Self.maximumBodySize, advice: "give the body of one request")
        }
        if let type = contentType ?? (form.isEmpty ? nil : MediaType.formURLEncoded.description) {
            request.setHeader("Content-Type", type)
        }
        return request
    }
}
