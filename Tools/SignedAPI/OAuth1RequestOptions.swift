import ArgumentParser
import Foundation
import SigningCore

/// The options `oauth1 sign` and `oauth1 explain` share (`@OptionGroup`): the request and the
/// secrets it is signed with, declared once so that both commands spell, parse and check them alike.
///
/// Values that can begin with `-` (form fields, secrets) are read unconditionally: the word after
/// the option is its value even when it looks like an option, so `--form -x=1` is a form field
/// (and, with ``CommandLineWords``, `--form -=1` too).
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

    @OptionGroup var consumerSecret: SecretOption<ConsumerSecret>

    @OptionGroup var tokenSecret: SecretOption<TokenSecret>

    /// The `--form` fields, decoded, in the order given.
    var formFields: [FormField] { form.map(\.field) }

    func validate() throws {
        guard URL(string: url) != nil else { throw ValidationError("--url is not a valid URL") }
        try SecretSources.checkStandardInput(readBy: [consumerSecret.standardInputOption, tokenSecret.standardInputOption])
    }
}
