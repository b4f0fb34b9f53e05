#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
extension MockProviderOptions {
    /// The README's table of these options, rendered from ``declarations``: name, type, default,
    /// allowed values and what each does, one row per option, ending in a newline.
    public static var markdownTable: String {
        let rows = declarations.map { option in
            row(["`\(option.name)`", option.type, option.shownDefault(), option.allowed, option.summary])
        }
        return ([row(["option", "type", "default", "allowed", "what it does"]), "|---|---|---|---|---|"] + rows)
            .map { $0 + "\n" }.joined()
    }

    /// One table row; an empty cell is written `| |`.
    private static func row(_ cells: [String]) -> String {
        "|" + cells.map { $0.isEmpty ? " |" : " \($0) |" }.joined()
    }
}
#endif
