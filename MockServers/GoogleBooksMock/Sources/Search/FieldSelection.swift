import HTTPTypes

/// A `fields` partial-response selection in Google's syntax: names separated by commas, paths
/// with `/` (`items/volumeInfo/title`), sub-selections in parentheses
/// (`items(id,volumeInfo(title,authors))`), `*` for every member. A selection applies to each
/// element of an array; members not selected are left out, and so are objects left empty.
struct FieldSelection: Sendable, Equatable {
    /// What is selected below one member.
    indirect enum Node: Sendable, Equatable {
        /// The member whole.
        case all
        /// Some of its members (and, with `*`, every other member by `wildcard`).
        case members([String: Node], wildcard: Node?)
    }

    let root: Node

    /// What is selected below member `name` of `node`: `nil` when nothing is, so a renderer
    /// can skip building what the selection would drop.
    static func child(_ name: String, of node: Node?) -> Node? {
        switch node {
        case nil, .all?: .all
        case .members(let members, let wildcard)?: members[name] ?? wildcard
        }
    }

    /// The longest selection read, in bytes, and the deepest nesting of parentheses.
    static let maximumLength = 2048
    static let maximumDepth = 16

    /// Parses `text`; `nil` when it is empty (the whole response).
    ///
    /// - Throws: 400 `invalidParameter` at `fields`: `Invalid field selection …`.
    static func parse(_ text: String) throws(GoogleBooksMockError) -> FieldSelection? {
        guard !text.isEmpty else { return nil }
        guard text.utf8.count <= maximumLength else {
            throw invalid(text, "the selection is longer than \(maximumLength) bytes")
        }
        var parser = Parser(characters: Array(text))
        let node: Node
        do throws(SyntaxError) {
            node = try parser.list(depth: 0)
        } catch {
            throw invalid(text, error.reason)
        }
        guard parser.position == parser.characters.count else {
            throw invalid(text, "unexpected '\(parser.characters[parser.position])' at offset \(parser.position)")
        }
        return FieldSelection(root: node)
    }

    private static func invalid(_ text: String, _ why: String) -> GoogleBooksMockError {
        GoogleBooksMockError(.badRequest, .invalidParameter, "Invalid field selection \(GoogleBooksMockError.quoted(text))",
                             location: "fields", explanation: "fields: \(why); write e.g. fields=items(id,volumeInfo/title),totalItems")
    }

    /// `json` with only the selected members.
    func apply(to json: BooksJSON) -> BooksJSON {
        Self.apply(root, to: json) ?? .object([])
    }

    private static func apply(_ node: Node, to json: BooksJSON) -> BooksJSON? {
        guard case .members(let members, let wildcard) = node else { return json }
        switch json {
        case .object(let fields):
            let kept = fields.compactMap { field -> BooksJSON.Member? in
                guard let selected = members[field.name] ?? wildcard, let value = apply(selected, to: field.value) else { return nil }
                return BooksJSON.Member(name: field.name, value: value)
            }
            return kept.isEmpty ? nil : .object(kept)
        case .array(let elements):
            let kept = elements.compactMap { apply(node, to: $0) }
            return kept.isEmpty && !elements.isEmpty ? nil : .array(kept)
        default:
            return nil  // a scalar has no members to select
        }
    }

    /// Why a selection could not be read.
    struct SyntaxError: Error {
        var reason: String
    }

    /// A recursive-descent reader of the grammar
    /// `list = selection ("," selection)*`, `selection = path ["(" list ")"]`,
    /// `path = name ("/" name)*`, `name = "*" | [A-Za-z0-9_$.-]+`.
    private struct Parser {
        let characters: [Character]
        var position = 0

        mutating func list(depth: Int) throws(SyntaxError) -> Node {
            guard depth < FieldSelection.maximumDepth else {
                throw SyntaxError(reason: "parentheses nested deeper than \(FieldSelection.maximumDepth)")
            }
            var node = Node.members([:], wildcard: nil)
            repeat {
                let (path, leaf) = try selection(depth: depth)
                node = Self.merge(node, Self.nest(path, leaf))
            } while consume(",")
            return node
        }

        private mutating func selection(depth: Int) throws(SyntaxError) -> ([String], Node) {
            var path = [try name()]
            while consume("/") { path.append(try name()) }
            var leaf = Node.all
            if consume("(") {
                leaf = try list(depth: depth + 1)
                guard consume(")") else { throw SyntaxError(reason: "a '(' at or before offset \(position) is not closed") }
            }
            return (path, leaf)
        }

        private mutating func name() throws(SyntaxError) -> String {
            skipSpaces()
            if consume("*") { return "*" }
            let start = position
            while position < characters.count, Self.isNameCharacter(characters[position]) { position += 1 }
            guard position > start else {
                let found = position < characters.count ? "'\(characters[position])'" : "the end"
                throw SyntaxError(reason: "a field name is missing at offset \(position) (found \(found))")
            }
            defer { skipSpaces() }
            return String(characters[start..<position])
        }

        private static func isNameCharacter(_ character: Character) -> Bool {
            character.isASCII && (character.isLetter || character.isNumber || character == "_" || character == "$" || character == "." || character == "-")
        }

        private mutating func consume(_ character: Character) -> Bool {
            skipSpaces()
            guard position < characters.count, characters[position] == character else { return false }
            position += 1
            return true
        }

        private mutating func skipSpaces() {
            while position < characters.count, characters[position] == " " { position += 1 }
        }

        /// `leaf` at the end of `path`.
        private static func nest(_ path: [String], _ leaf: Node) -> Node {
            path.reversed().reduce(leaf) { inner, name in
                name == "*" ? .members([:], wildcard: inner) : .members([name: inner], wildcard: nil)
            }
        }

        /// Both selections: whole wins over part; parts are merged member by member.
        static func merge(_ left: Node, _ right: Node) -> Node {
            guard case .members(var members, let leftWildcard) = left, case .members(let others, let rightWildcard) = right else { return .all }
            for (name, node) in others {
                members[name] = members[name].map { merge($0, node) } ?? node
            }
            let wildcard: Node? = switch (leftWildcard, rightWildcard) {
            case (nil, nil): nil
            case (let one?, nil), (nil, let one?): one
            case (let one?, let other?): merge(one, other)
            }
            return .members(members, wildcard: wildcard)
        }
    }
}
