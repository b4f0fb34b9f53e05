import ArgumentParser
import SigningCore

/// A `--form NAME=VALUE` argument: one decoded form field (split at the first `=`).
struct OAuth1FormOption: ExpressibleByArgument {
    let field: FormField

    init?(argument: String) {
        guard let equals = argument.firstIndex(of: "=") else { return nil }
        field = FormField(String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    static var defaultCompletionKind: CompletionKind { .default }
}
