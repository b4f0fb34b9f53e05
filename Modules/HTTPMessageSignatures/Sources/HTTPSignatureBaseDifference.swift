import Foundation
import RawStructuredFieldValues
import SigningCore

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

        /// The usual cause of this difference, when one is known for the component; made precise
        /// when both values are known (a header value re-cased or folded, a query encoded
        /// otherwise or reordered, which signature parameters differ).
        public var likelyCause: String? {
            switch identifier {
            case "\"@authority\"", "\"@scheme\"":
                "a proxy or load balancer changed the address the client signed: configure the verifier's PublicURLPolicy with the public URL"
            case "\"@target-uri\"":
                "the address or the query changed on the way: a proxy (configure the verifier's PublicURLPolicy) or another encoding of the query"
            case "\"@query\"", "\"@request-target\"":
                queryCause
            case "\"content-digest\"":
                "the body was changed (re-encoded, re-serialised) after its digest was computed"
            case "\"@signature-params\"":
                parametersCause
            default:
                identifier.hasPrefix("\"@") ? nil : headerCause
            }
        }

        /// A header field's line: re-cased or folded when only letter case or white space differs.
        private var headerCause: String {
            if let ours, let theirs {
                if ours.lowercased() == theirs.lowercased() {
                    return "the header was changed on the way: re-cased (only the letter case differs); a field's value is signed byte for byte, so send it as signed and let nothing normalise it"
                }
                let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
                if ours.filter({ !blank($0) }) == theirs.filter({ !blank($0) }) {
                    return "the header was changed on the way: folded (only white space differs: several lines of the field combined, RFC 9421 joining them with \", \", an obsolete line folding, or spaces around commas trimmed); sign the value exactly as it arrives"
                }
            }
            return "the header was changed on the way: folded, re-cased, combined with another of the same name, or its whitespace trimmed"
        }

        /// A query's line: the same parameters encoded otherwise, or in another order, or changed.
        private var queryCause: String {
            let generic = "the query was encoded differently on the way (`+` or `%20` for a space, percent-encoding of reserved characters, parameter order)"
            guard let ours, let theirs, let mine = Self.queryFields(ours), let other = Self.queryFields(theirs) else { return generic }
            if mine == other {
                return "the same query, encoded differently (`+` or `%20` for a space, percent-encoding of reserved characters): @query is signed as sent, so encode the query once, before signing, and send it unchanged"
            }
            if mine.sorted(by: Self.fieldOrder) == other.sorted(by: Self.fieldOrder) {
                return "the same query parameters in another order: @query is signed as sent, in its order; nothing may reorder them after signing"
            }
            return "the query changed on the way: a parameter added, removed or changed after signing (or encoded differently: `+` or `%20` for a space)"
        }

        /// The query's decoded fields (`+` as a space), `nil` when it does not decode.
        private static func queryFields(_ value: String) -> [FormField]? {
            guard let question = value.firstIndex(of: "?") else { return nil }
            return try? FormEncoding.parse(value[value.index(after: question)...])
        }

        private static func fieldOrder(_ first: FormField, _ second: FormField) -> Bool {
            (first.name, first.value) < (second.name, second.value)
        }

        /// The `@signature-params` line: which parameters differ, with both values.
        private var parametersCause: String {
            let generic = "the parameters differ: compare created (the signer's clock), keyid, nonce, alg and the list of covered components"
            guard let ours, let theirs, let mine = Self.parameters(ours), let other = Self.parameters(theirs) else { return generic }
            func shown(_ value: String?) -> String { value ?? "none" }
            var differences: [String] = []
            if mine.components != other.components {
                differences.append("the covered components (ours \(mine.components.map(\.description).joined(separator: " ")), theirs \(other.components.map(\.description).joined(separator: " ")))")
            }
            if mine.created != other.created {
                var text = "created (ours \(shown(mine.created.map(String.init))), theirs \(shown(other.created.map(String.init)))"
                if let a = mine.created, let b = other.created { text += ", \(abs(a - b)) s apart: two signatures, or a signer that read its clock twice" }
                differences.append(text + ")")
            }
            for (name, a, b) in [("expires", mine.expires.map(String.init), other.expires.map(String.init)), ("keyid", mine.keyID, other.keyID),
                                 ("nonce", mine.nonce, other.nonce), ("alg", mine.algorithm, other.algorithm), ("tag", mine.tag, other.tag)] where a != b {
                differences.append("\(name) (ours \(shown(a)), theirs \(shown(b)))")
            }
            return differences.isEmpty ? generic : "the signature parameters differ: " + differences.joined(separator: "; ")
        }

        /// A `@signature-params` value read back, `nil` when it is not one.
        private static func parameters(_ value: String) -> HTTPSignatureParameters? {
            var parser = HTTPStructuredText.parser(value)
            guard let list = try? parser.parseListFieldValue(), list.count == 1 else { return nil }
            return try? HTTPSignatureParameters(member: list[0], label: "base")
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

    /// `base`'s lines as this comparison reads them, (identifier, value) each: the identifier
    /// runs to the first `: ` outside a quoted string (a `key` parameter may hold one), the
    /// value is the rest. For showing a base line by line beside ``lines``.
    public static func components(of base: HTTPSignatureBase) -> [(identifier: String, value: String)] {
        components(of: base.text)
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

extension HTTPSignatureBase {
    /// A base as the other side reported it, to compare with ``HTTPSignatureBaseDifference``:
    /// verbatim (lines separated by LF or CRLF, a final line end dropped), or on one line as a
    /// diagnosis header carries it (`X-Signature-Base`: `%0A` between the lines, `%25` for `%`),
    /// the header's name in front or not. A one-line text that does not decode is taken as it is.
    public init(reported text: String) {
        var text = text.replacingOccurrences(of: "\r\n", with: "\n")
        while text.hasSuffix("\n") { text.removeLast() }
        if !text.contains("\n") {
            let header = "x-signature-base:"
            if text.lowercased().hasPrefix(header) { text = String(text.dropFirst(header.count).drop { $0 == " " || $0 == "\t" }) }
            if let decoded = try? PercentEncoding.decode(text) { text = decoded }
        }
        self.init(text: text)
    }
}
