// Public imports: a conformance of a public type is public, so the protocol and the type must
// be imported publicly (SE-0409); this executable has no clients, so nothing else is exposed.
public import ArgumentParser
public import OAuth1Client

/// `--signature-method` takes the library's method by its wire name (`HMAC-SHA1`, …, `PLAINTEXT`),
/// so `--help` lists every method the library implements and a bad name gets ArgumentParser's
/// own error listing them.
extension OAuth1SignatureMethod: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument)
    }

    public static var allValueStrings: [String] { allCases.map(\.rawValue) }

    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }

    /// The methods that sign with an RSA key pair, for help and messages: `RSA-SHA1, RSA-SHA256, RSA-SHA512`.
    static var rsaMethodNames: String { allCases.filter { $0.key == .rsaKeyPair }.map(\.rawValue).joined(separator: ", ") }
}
