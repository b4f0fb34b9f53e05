// Public imports: a conformance of a public type is public, so the protocol and the type must
// be imported publicly (SE-0409); this executable has no clients, so nothing else is exposed.
public import ArgumentParser
public import OAuth1Client

/// `--parameter-placement one-place|split`: whether `explain` holds a request to RFC 5849 §3.5
/// (the protocol parameters in one place, the default) or reads them split between the header,
/// the query and the form body as Discogs accepts them (`OAuth1IncomingRequest.ParameterPlacement`).
extension OAuth1IncomingRequest.ParameterPlacement: ExpressibleByArgument {
    public init?(argument: String) {
        switch argument {
        case "one-place": self = .onePlace
        case "split": self = .split
        default: return nil
        }
    }

    public static var allValueStrings: [String] { ["one-place", "split"] }

    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }

    /// The help of both `explain` commands' `--parameter-placement`, after `lead`.
    static func help(_ lead: String = "") -> ArgumentHelp {
        ArgumentHelp(
            lead + "Where the oauth_* parameters may be: one-place (RFC 5849 §3.5, the default) or split between the header, the query and the form body, as Discogs accepts them.",
            valueName: "one-place|split"
        )
    }
}
