import SigningCore

/// Where two signature base strings differ, said in terms a person can act on: the method,
/// the base string URI, and the parameters each side signed that the other did not.
///
/// This is what turns an opaque "invalid signature" into "the server signed `status=a+b`,
/// we signed `status=a%20b`". Values of `oauth_token` and `oauth_verifier` are shown redacted.
public struct OAuth1BaseStringDifference: Sendable, Hashable, CustomStringConvertible {
    /// The response header in which a cooperating server (this package's mock providers) sends
    /// the base string it computed when it rejects a signature. ``OAuth1Client`` reads it and
    /// reports the difference from its own; the mock providers write it. The one place the
    /// name is spelled.
    public static let headerName = "X-OAuth1-Base-String"

    /// Our base string.
    public let ours: String
    /// The other side's base string.
    public let theirs: String
    /// One line per difference, empty when the base strings are identical.
    public let findings: [String]

    /// Compares `ours` with `theirs`.
    public init(ours: String, theirs: String) {
        self.ours = ours
        self.theirs = theirs
        guard ours != theirs else {
            findings = []
            return
        }
        let mine = Self.split(ours)
        let other = Self.split(theirs)
        var findings: [String] = []
        if mine.method != other.method {
            findings.append("method: we signed '\(mine.method)', they signed '\(other.method)'")
        }
        if mine.uri != other.uri {
            findings.append("base string URI: we signed '\(mine.uri)', they signed '\(other.uri)'")
        }
        var theirRemaining = other.parameters
        var onlyOurs: [String] = []
        for parameter in mine.parameters {
            if let index = theirRemaining.firstIndex(of: parameter) {
                theirRemaining.remove(at: index)
            } else {
                onlyOurs.append(parameter)
            }
        }
        for parameter in onlyOurs { findings.append("only we signed \(Self.redacted(parameter))") }
        for parameter in theirRemaining { findings.append("only they signed \(Self.redacted(parameter))") }
        if findings.isEmpty {
            findings.append(mine.parameters == other.parameters ? "the base strings differ in their encoding" : "the same parameters in a different order; sort by encoded name, then value")
        }
        self.findings = findings
    }

    /// Whether the base strings are identical.
    public var isIdentical: Bool { findings.isEmpty }

    public var description: String {
        isIdentical ? "the base strings are identical" : findings.joined(separator: "; ")
    }

    /// Method, URI (decoded once) and the normalised parameters (each still encoded once, as
    /// they were signed), from a base string; tolerant of malformed input.
    private static func split(_ baseString: String) -> (method: String, uri: String, parameters: [String]) {
        let parts = baseString.split(separator: "&", maxSplits: 2, omittingEmptySubsequences: false)
        func decoded(_ index: Int) -> String {
            guard index < parts.count else { return "" }
            return (try? PercentEncoding.decode(parts[index])) ?? String(parts[index])
        }
        let parameters = decoded(2).split(separator: "&").map(String.init)
        return (decoded(0), decoded(1), parameters)
    }

    private static func redacted(_ parameter: String) -> String {
        for name in ["oauth_token=", "oauth_verifier="] where parameter.hasPrefix(name) {
            return "'\(name)…'"
        }
        return "'\(parameter)'"
    }
}
