import Foundation
import SigningCore

/// Where two signature base strings differ, as values a test can check and a person can act
/// on: the method, the parts of the base string URI, and each parameter only one side signed
/// or signed with another value or encoding.
///
/// This is what turns an opaque "invalid signature" into "parameter `status`: ours
/// `a%20b`, theirs `a%2Bb`". "Ours" is the base string of the request as sent (or as received,
/// in `signed-api oauth1 explain`); "theirs" is the other side's: the provider's
/// `X-OAuth1-Base-String`, or the base string that was signed. Values of `oauth_token` and
/// `oauth_verifier` are shown redacted in ``findings``.
public struct OAuth1BaseStringDifference: Sendable, Hashable, CustomStringConvertible {
    /// The response header in which a cooperating server (this package's mock providers) sends
    /// the base string it computed when it rejects a signature, verbatim (a base string is
    /// ASCII by construction). ``OAuth1Client`` reads it and reports the difference from its
    /// own; the mock providers write it. The one place the name is spelled.
    public static let headerName = "X-OAuth1-Base-String"

    /// One part of the base string as each side has it.
    public struct Change: Sendable, Hashable {
        /// Ours.
        public let ours: String
        /// Theirs.
        public let theirs: String

        /// Creates a change, e.g. an expected value in a test.
        public init(ours: String, theirs: String) {
            self.ours = ours
            self.theirs = theirs
        }
    }

    /// A way in which the two base string URIs differ (RFC 5849 §3.4.1.2).
    public enum URIAspect: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// Different schemes (`http` and `https`, or a scheme not lowercased).
        case scheme
        /// Different hosts.
        case host
        /// The same host in different case: the base string URI's host is lowercase.
        case hostCase
        /// Different ports, or a default port (`:80` for http, `:443` for https) kept by one side.
        case port
        /// Different paths.
        case path
        /// The same path, percent-encoded differently.
        case pathEncoding
        /// A query kept in the base string URI, which must end at the path.
        case query

        public var description: String {
            switch self {
            case .scheme: "the schemes differ"
            case .host: "the hosts differ"
            case .hostCase: "the hosts differ only in case (the base string URI has a lowercase host)"
            case .port: "the ports differ (the default port, :80 for http and :443 for https, is left out)"
            case .path: "the paths differ"
            case .pathEncoding: "the paths differ only in their percent-encoding"
            case .query: "a query is kept in the base string URI (it must end at the path)"
            }
        }
    }

    /// A parameter the two sides signed differently.
    public struct ParameterChange: Sendable, Hashable, CustomStringConvertible {
        /// How the parameter differs.
        public enum Kind: Sendable, Hashable {
            /// Only our base string has it.
            case onlyOurs
            /// Only theirs has it.
            case onlyTheirs
            /// Both have it, with different values.
            case value
            /// Both have the same value, percent-encoded differently (e.g. `+` for a space).
            case encoding
        }

        /// The parameter's name, decoded.
        public let name: String
        /// How it differs.
        public let kind: Kind
        /// Our value, encoded as it was signed; `nil` for ``Kind/onlyTheirs``.
        public let ours: String?
        /// Their value, encoded as it was signed; `nil` for ``Kind/onlyOurs``.
        public let theirs: String?

        /// Creates a change, e.g. an expected value in a test.
        public init(name: String, kind: Kind, ours: String?, theirs: String?) {
            self.name = name
            self.kind = kind
            self.ours = ours
            self.theirs = theirs
        }

        public var description: String {
            let name = PercentEncoding.encode(self.name)
            func shown(_ value: String?) -> String {
                guard let value else { return "" }
                return "'\(name)=\(Self.isRedacted(self.name) ? "…" : value)'"
            }
            switch kind {
            case .onlyOurs: return "only ours has \(shown(ours))"
            case .onlyTheirs: return "only theirs has \(shown(theirs))"
            case .value, .encoding:
                var text = "parameter '\(name)': ours \(shown(ours)), theirs \(shown(theirs))"
                if let hint { text += " (\(hint))" }
                return text
            }
        }

        /// Why the values differ, when a known pattern explains it.
        var hint: String? {
            guard let ours, let theirs, !Self.isRedacted(name) else { return nil }
            if kind == .encoding {
                if ours.contains("+") != theirs.contains("+") { return "the same value; one side encoded spaces as '+' instead of '%20'" }
                if ours.uppercased() == theirs.uppercased() { return "the same value; percent-encodings use uppercase hex digits" }
                return "the same value, percent-encoded differently; only A-Z a-z 0-9 - . _ ~ stay unescaped"
            }
            if ours.replacingOccurrences(of: "%20", with: "%2B") == theirs.replacingOccurrences(of: "%20", with: "%2B") {
                return "'+' was read as a space on one side and as a plus sign on the other; in form encoding '+' is a space"
            }
            return nil
        }

        private static func isRedacted(_ name: String) -> Bool { name == "oauth_token" || name == "oauth_verifier" }
    }

    /// Our base string.
    public let ours: String
    /// The other side's base string (decoded once if it was given percent-encoded).
    public let theirs: String
    /// The HTTP methods, when they differ.
    public let method: Change?
    /// The base string URIs, when they differ; ``uriAspects`` says how.
    public let uri: Change?
    /// How the base string URIs differ; empty when they are the same.
    public let uriAspects: [URIAspect]
    /// The parameters signed differently, ours in order, then theirs.
    public let parameters: [ParameterChange]
    /// Whether the two sides signed the same parameters in a different order.
    public let isReordered: Bool

    /// Compares `ours` with `theirs`. `theirs` may be given verbatim or percent-encoded once
    /// (as some logs show it): a base string always contains `&`, an encoded one never does.
    public init(ours: String, theirs: String) {
        let theirs = Self.unwrapped(theirs)
        self.ours = ours
        self.theirs = theirs
        let mine = Parts(ours)
        let other = Parts(theirs)
        method = mine.method == other.method ? nil : Change(ours: mine.method, theirs: other.method)
        uri = mine.uri == other.uri ? nil : Change(ours: mine.uri, theirs: other.uri)
        uriAspects = Self.aspects(URIParts(mine.uri), URIParts(other.uri))
        parameters = Self.changes(mine.parameters, other.parameters)
        isReordered = parameters.isEmpty && !mine.parameters.elementsEqual(other.parameters) { $0 == $1 }
    }

    /// Whether the base strings are identical.
    public var isIdentical: Bool { ours == theirs }

    /// The decoded names of the parameters signed differently, each once, in order.
    public var changedParameters: [String] {
        var seen: Set<String> = []
        return parameters.map(\.name).filter { seen.insert($0).inserted }
    }

    /// One sentence per difference; empty when the base strings are identical.
    public var findings: [String] {
        guard !isIdentical else { return [] }
        var findings: [String] = []
        if let method { findings.append("method: ours '\(method.ours)', theirs '\(method.theirs)'") }
        if let uri {
            let how = uriAspects.map(\.description).joined(separator: "; ")
            findings.append("base string URI: ours '\(uri.ours)', theirs '\(uri.theirs)'" + (how.isEmpty ? "" : " (\(how))"))
        }
        findings += parameters.map(\.description)
        if isReordered { findings.append("the same parameters in a different order; sort by encoded name, then value") }
        if findings.isEmpty { findings.append("the base strings differ in their encoding") }
        return findings
    }

    public var description: String {
        isIdentical ? "the base strings are identical" : findings.joined(separator: "; ")
    }

    /// One part of one side's base string, for showing the two side by side.
    public struct Part: Sendable, Hashable {
        /// `method`, `URI`, or the parameter's decoded name.
        public let name: String
        /// The part as that side signed it (a parameter as `name=value`, still encoded once).
        public let text: String
        /// Whether the other side signed this part otherwise, or not at all.
        public let differs: Bool
    }

    /// Our base string taken apart: the method, the URI, then each parameter in order.
    public var ourParts: [Part] { parts(of: ours, ourSide: true) }

    /// Their base string taken apart, as ``ourParts``.
    public var theirParts: [Part] { parts(of: theirs, ourSide: false) }

    private func parts(of baseString: String, ourSide: Bool) -> [Part] {
        let parsed = Parts(baseString)
        let changed = Set(changedParameters)
        return [
            Part(name: "method", text: parsed.method, differs: method != nil),
            Part(name: "URI", text: parsed.uri, differs: uri != nil),
        ] + parsed.parameters.map { parameter in
            let name = Self.comparable(parameter.name)
            return Part(name: name, text: "\(parameter.name)=\(Self.isShownRedacted(name) ? "…" : parameter.value)", differs: changed.contains(name))
        }
    }

    private static func isShownRedacted(_ name: String) -> Bool { name == "oauth_token" || name == "oauth_verifier" }

    // MARK: Taking base strings apart (tolerant of malformed input)

    /// Method and URI (decoded once) and the parameters (name and value, each still encoded
    /// once, as they were signed).
    private struct Parts {
        var method: String
        var uri: String
        var parameters: [(name: String, value: String)]

        init(_ baseString: String) {
            let parts = baseString.split(separator: "&", maxSplits: 2, omittingEmptySubsequences: false)
            func decoded(_ index: Int) -> String {
                guard index < parts.count else { return "" }
                return (try? PercentEncoding.decode(parts[index])) ?? String(parts[index])
            }
            method = decoded(0)
            uri = decoded(1)
            parameters = decoded(2).split(separator: "&").map { pair in
                let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return (String(halves[0]), halves.count > 1 ? String(halves[1]) : "")
            }
        }
    }

    private struct URIParts {
        var scheme = ""
        var host = ""
        var port = ""
        var path = ""
        var query: String?

        init(_ uri: String) {
            var rest = Substring(uri)
            if let separator = rest.range(of: "://") {
                scheme = String(rest[..<separator.lowerBound])
                rest = rest[separator.upperBound...]
            }
            let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
            let authority = rest[..<authorityEnd]
            rest = rest[authorityEnd...]
            if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
                host = String(authority[..<colon])
                port = String(authority[authority.index(after: colon)...])
            } else {
                host = String(authority)
            }
            let queryStart = rest.firstIndex(of: "?")
            path = String(rest[..<(queryStart ?? rest.endIndex)])
            query = queryStart.map { String(rest[rest.index(after: $0)...]) }
        }
    }

    private static func unwrapped(_ baseString: String) -> String {
        guard !baseString.contains("&"), baseString.contains("%26"), let decoded = try? PercentEncoding.decode(baseString) else { return baseString }
        return decoded
    }

    private static func aspects(_ ours: URIParts, _ theirs: URIParts) -> [URIAspect] {
        var aspects: [URIAspect] = []
        if ours.scheme != theirs.scheme { aspects.append(.scheme) }
        if ours.host.lowercased() != theirs.host.lowercased() {
            aspects.append(.host)
        } else if ours.host != theirs.host {
            aspects.append(.hostCase)
        }
        if ours.port != theirs.port { aspects.append(.port) }
        if ours.path != theirs.path {
            let same = (try? PercentEncoding.decode(ours.path)).map { $0 == (try? PercentEncoding.decode(theirs.path)) } ?? false
            aspects.append(same ? .pathEncoding : .path)
        }
        if ours.query != nil || theirs.query != nil { aspects.append(.query) }
        return aspects
    }

    /// Pairs the parameters by decoded name: what both sides signed alike drops out; the rest
    /// pairs up as a value or encoding change, and what cannot pair was signed by one side only.
    private static func changes(_ ours: [(name: String, value: String)], _ theirs: [(name: String, value: String)]) -> [ParameterChange] {
        var names: [String] = []
        var byName: [String: (ours: [String], theirs: [String])] = [:]
        for (side, parameters) in [(0, ours), (1, theirs)] {
            for parameter in parameters {
                let name = comparable(parameter.name)
                if byName[name] == nil {
                    names.append(name)
                    byName[name] = ([], [])
                }
                if side == 0 { byName[name]!.ours.append(parameter.value) } else { byName[name]!.theirs.append(parameter.value) }
            }
        }
        var changes: [ParameterChange] = []
        for name in names {
            let (mine, other) = unmatched(byName[name]!.ours, byName[name]!.theirs)
            for (a, b) in zip(mine, other) {
                changes.append(ParameterChange(name: name, kind: comparable(a) == comparable(b) ? .encoding : .value, ours: a, theirs: b))
            }
            changes += mine.dropFirst(other.count).map { ParameterChange(name: name, kind: .onlyOurs, ours: $0, theirs: nil) }
            changes += other.dropFirst(mine.count).map { ParameterChange(name: name, kind: .onlyTheirs, ours: nil, theirs: $0) }
        }
        return changes
    }

    /// The values of `ours` and of `theirs` that the other side lacks (a multiset difference,
    /// in linear time), each in its original order.
    private static func unmatched(_ ours: [String], _ theirs: [String]) -> ([String], [String]) {
        var available: [String: Int] = [:]
        for value in theirs { available[value, default: 0] += 1 }
        var matched: [String: Int] = [:]
        let onlyOurs = ours.filter { value in
            guard let count = available[value], count > 0 else { return true }
            available[value] = count - 1
            matched[value, default: 0] += 1
            return false
        }
        let onlyTheirs = theirs.filter { value in
            guard let count = matched[value], count > 0 else { return true }
            matched[value] = count - 1
            return false
        }
        return (onlyOurs, onlyTheirs)
    }

    /// An encoded name or value decoded for comparison; a raw `+`, which a correct encoding
    /// never has, is a form-encoded space.
    private static func comparable(_ encoded: String) -> String {
        let spaced = encoded.replacingOccurrences(of: "+", with: "%20")
        return (try? PercentEncoding.decode(spaced)) ?? encoded
    }
}
