/// Where two signature bases differ, line by line (RFC 9421 §2.5): each covered component whose
/// value differs, or which only one side covered, with both values and what usually causes it.
///
/// This is what turns "signature invalid" into "`@authority`: ours `api.example.com`, theirs
/// `api.example.com:8443` — a proxy or load balancer changed the authority". "Ours" is the base a
/// client signed (or built for a captured request); "theirs" is the verifier's, from
/// ``HTTPMessageSignatureError/serverSignatureBase`` or a mock's `X-Signature-Base`.
///
/// ```swift
/// if let theirs = error.serverSignatureBase,
///    let difference = HTTPSignatureBaseDifference(ours: myBase, theirs: HTTPSignatureBase(text: theirs)) {
///     print(difference)
/// }
/// ```
public struct HTTPSignatureBaseDifference: Sendable, Hashable, CustomStringConvertible {
    /// One component of the bases, as each side has it.
    public struct Line: Sendable, Hashable, CustomStringConvertible {
        /// The component identifier as the base prints it (`"@authority"`, `"content-type"`,
        /// `"@signature-params"`).
        public let identifier: String
        /// Our value; `nil` when only the other side covered the component.
        public let ours: String?
        /// Their value; `nil` when only we covered the component.
        public let theirs: String?

        /// Creates a line, e.g. an expected one in a test.
        public init(identifier: String, ours: String?, theirs: String?) {
            self.identifier = identifier
            self.ours = ours
            self.theirs = theirs
        }

        /// The usual cause of this difference, when one is known for the component.
        public var likelyCause: String? {
            switch identifier {
            case "\"@authority\"", "\"@scheme\"":
                "a proxy or load balancer changed the address the client signed: configure the verifier's PublicURLPolicy with the public URL"
            case "\"@target-uri\"":
                "the address or the query changed on the way: a proxy (configure the verifier's PublicURLPolicy) or another encoding of the query"
            case "\"@query\"", "\"@request-target\"":
                "the query was encoded differently on the way (`+` or `%20` for a space, percent-encoding of reserved characters, parameter order)"
            case "\"content-digest\"":
                "the body was changed (re-encoded, re-serialised) after its digest was computed"
            case "\"@signature-params\"":
                "the parameters differ: compare created (the signer's clock), keyid, nonce, alg and the list of covered components"
            default:
                identifier.hasPrefix("\"@") ? nil : "the header was changed on the way: folded, re-cased, combined with another of the same name, or its whitespace trimmed"
            }
        }

        /// `identifier: ours …, theirs …`.
        public var description: String {
            let mine = ours.map { "ours \($0)" } ?? "not covered by us"
            let other = theirs.map { "theirs \($0)" } ?? "not covered by them"
            return "\(identifier): \(mine); \(other)"
        }
    }

    /// The components that differ: ours in our order first, then those only they covered.
    public let lines: [Line]

    /// The difference between `ours` and `theirs`, or `nil` when the bases are the same.
    public init?(ours: HTTPSignatureBase, theirs: HTTPSignatureBase) {
        guard ours.text != theirs.text else { return nil }
        let mine = Self.components(of: ours.text)
        let other = Self.components(of: theirs.text)
        let theirValues = Dictionary(other.map { ($0.identifier, $0.value) }, uniquingKeysWith: { first, _ in first })
        let ourIdentifiers = Set(mine.map(\.identifier))
        var lines: [Line] = []
        for (identifier, value) in mine where theirValues[identifier] != value {
            lines.append(Line(identifier: identifier, ours: value, theirs: theirValues[identifier]))
        }
        for (identifier, value) in other where !ourIdentifiers.contains(identifier) {
            lines.append(Line(identifier: identifier, ours: nil, theirs: value))
        }
        // Bases with the same lines in another order (or repeated lines) still differ.
        if lines.isEmpty {
            lines.append(Line(identifier: "(order of the lines)", ours: mine.map(\.identifier).joined(separator: " "), theirs: other.map(\.identifier).joined(separator: " ")))
        }
        self.lines = lines
    }

    /// One line per differing component, with its likely cause.
    public var description: String {
        lines.map { line in line.likelyCause.map { "\(line) — \($0)" } ?? line.description }.joined(separator: "\n")
    }

    /// The base's lines as (identifier, value): the identifier runs to the first `: ` outside a
    /// quoted string (a `key` parameter may hold one), the value is the rest.
    static func components(of text: String) -> [(identifier: String, value: String)] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var inString = false, escaped = false
            var index = line.startIndex
            while index < line.endIndex {
                let character = line[index]
                if inString {
                    if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                } else if character == "\"" {
                    inString = true
                } else if character == ":", line.index(after: index) < line.endIndex, line[line.index(after: index)] == " " {
                    return (String(line[..<index]), String(line[line.index(index, offsetBy: 2)...]))
                }
                index = line.index(after: index)
            }
            return (String(line), "")
        }
    }
}
