#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
/// What a provider computed to check a request's signature, kept with a refused request so a
/// person can compare it with what the client signed.
public struct JournalDiagnosis: Sendable, Hashable {
    /// What the text is, in the provider's words: `"base string"`, `"string to sign"`,
    /// `"hash input"`.
    public var title: String
    /// The header in which the provider sends this text with its refusal, and in which a client
    /// may send its own version of it with the request (`X-OAuth1-Base-String`,
    /// `X-Auth-String-To-Sign`, `X-Drupal-Hash-Input`).
    public var headerName: String
    /// The provider's text.
    public var text: String

    /// Creates a diagnosis.
    public init(title: String, headerName: String, text: String) {
        self.title = title
        self.headerName = headerName
        self.text = text
    }
}

/// The client's and the provider's texts side by side, taken apart into lines, with the lines
/// that differ marked: what the dashboard shows for a refused signature.
public struct DiagnosisComparison: Sendable, Hashable {
    /// One part of one side's text (the method, the URI, one parameter, one field).
    public struct Line: Sendable, Hashable {
        /// The part's name when it has one (a parameter's decoded name, `method`, `URI`).
        public var name: String?
        /// The part as that side has it.
        public var text: String
        /// Whether the other side has this part otherwise, or not at all.
        public var differs: Bool

        /// Creates a line.
        public init(name: String? = nil, text: String, differs: Bool) {
            self.name = name
            self.text = text
            self.differs = differs
        }
    }

    /// One sentence per difference, in the words of the scheme's own difference code; empty when
    /// the texts are identical.
    public var findings: [String]
    /// The client's text, taken apart.
    public var client: [Line]
    /// The provider's text, taken apart.
    public var server: [Line]

    /// Creates a comparison.
    public init(findings: [String], client: [Line], server: [Line]) {
        self.findings = findings
        self.client = client
        self.server = server
    }

    /// The comparison of two texts line by line, split at `separator` (a line differs when the
    /// other side has no equal line at the same position): the rule for a scheme without a
    /// difference code of its own.
    public static func byLines(client: String, server: String, separator: Character = "\n", names: [String] = []) -> DiagnosisComparison {
        let ours = client.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
        let theirs = server.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
        func lines(_ side: [String], _ other: [String]) -> [Line] {
            side.enumerated().map { index, text in
                Line(name: index < names.count ? names[index] : nil, text: text, differs: index >= other.count || other[index] != text)
            }
        }
        var findings: [String] = []
        for index in 0..<max(ours.count, theirs.count) {
            let mine = index < ours.count ? ours[index] : nil
            let other = index < theirs.count ? theirs[index] : nil
            guard mine != other else { continue }
            let what = index < names.count ? names[index] : "line \(index + 1)"
            findings.append("\(what): yours '\(mine ?? "")', the provider's '\(other ?? "")'")
        }
        return DiagnosisComparison(findings: findings, client: lines(ours, theirs), server: lines(theirs, ours))
    }
}
#endif
