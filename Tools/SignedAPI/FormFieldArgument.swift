import ArgumentParser
import SigningCore

/// A `NAME=VALUE` argument (`--form`, `--param`): one decoded field, split at the first `=`.
struct FormFieldArgument: ExpressibleByArgument {
    let field: FormField

    init?(argument: String) {
        guard let equals = argument.firstIndex(of: "=") else { return nil }
        field = FormField(String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    static var defaultCompletionKind: CompletionKind { .default }
}
