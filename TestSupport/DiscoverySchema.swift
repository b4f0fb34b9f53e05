public import Foundation

/// A JSON value with its kind kept exact (`true` is not `1`, `4` is an integer, `4.5` is not),
/// decoded with `JSONDecoder`, which refuses to read a boolean as a number or the reverse.
public indirect enum JSONTree: Decodable, Sendable {
    case null
    case boolean(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONTree])
    case object([String: JSONTree])

    /// The most common kinds are tried first: every failed try is a thrown error, and Swift
    /// Testing records a backtrace for each (a Books page of 20 volumes threw thousands).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([String: JSONTree].self) { self = .object(value) }
        else if let value = try? container.decode(Int64.self) { self = .integer(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(Bool.self) { self = .boolean(value) }
        else { self = .array(try container.decode([JSONTree].self)) }
    }

    public static func parse(_ bytes: [UInt8]) throws -> JSONTree {
        try JSONDecoder().decode(JSONTree.self, from: Data(bytes))
    }
}

/// The schemas of Google's Books v1 discovery document (`books.v1.json`, shipped in PyPI's
/// `google-api-python-client`) and a walker that checks a response against them: no property
/// the schema lacks, every value of its declared type and format, `$ref`s followed.
public struct DiscoverySchema: Sendable {
    public let schemas: [String: JSONTree]

    /// Where the document is: `BOOKS_DISCOVERY_DOCUMENT`, else inside the installed
    /// `googleapiclient` package; `nil` when neither exists. Found once, then remembered.
    public static var documentURL: URL? {
        get async { await located.value }
    }

    private static let located = Task<URL?, Never> {
        if let path = ProcessInfo.processInfo.environment["BOOKS_DISCOVERY_DOCUMENT"], FileManager.default.fileExists(atPath: path) {
            return URL(fileURLWithPath: path)
        }
        guard let python = PythonPeer.executable,
              let result = try? await ChildProcess.run(python, ["-c", "import googleapiclient, os; print(os.path.dirname(googleapiclient.__file__))"], timeout: .seconds(60)),
              result.status == 0 else { return nil }
        let directory = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let url = URL(fileURLWithPath: directory).appendingPathComponent("discovery_cache/documents/books.v1.json")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    public static let missingMessage = "Google's Books discovery document was not found: pip install google-api-python-client, or set BOOKS_DISCOVERY_DOCUMENT to books.v1.json. This skip is a failure when CI=true."

    public init(url: URL) throws {
        guard case .object(let document) = try JSONTree.parse(Array(try Data(contentsOf: url))),
              case .object(let schemas)? = document["schemas"] else {
            throw CocoaError(.fileReadCorruptFile)
        }
        self.schemas = schemas
    }

    /// Every way `value` departs from the schema called `name`, each with its JSON path.
    public func problems(_ value: JSONTree, against name: String) -> [String] {
        guard let schema = schemas[name] else { return ["no schema \(name)"] }
        var problems: [String] = []
        check(value, schema, path: name, into: &problems)
        return problems
    }

    private func check(_ value: JSONTree, _ schema: JSONTree, path: String, into problems: inout [String]) {
        guard case .object(var rules) = schema else { return problems.append("\(path): schema is not an object") }
        if case .string(let reference)? = rules["$ref"] {
            guard case .object(let resolved)? = schemas[reference] else { return problems.append("\(path): unknown $ref \(reference)") }
            rules = resolved
        }
        guard case .string(let type)? = rules["type"] else { return problems.append("\(path): schema without a type") }
        var format: String?
        if case .string(let text)? = rules["format"] { format = text }
        switch (type, value) {
        case ("object", .object(let members)):
            var properties: [String: JSONTree] = [:]
            if case .object(let declared)? = rules["properties"] { properties = declared }
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                if let property = properties[key] {
                    check(member, property, path: "\(path).\(key)", into: &problems)
                } else if let additional = rules["additionalProperties"] {
                    check(member, additional, path: "\(path).\(key)", into: &problems)
                } else {
                    problems.append("\(path).\(key): not a property of the schema")
                }
            }
        case ("array", .array(let elements)):
            guard let items = rules["items"] else { return problems.append("\(path): array schema without items") }
            for (index, element) in elements.enumerated() { check(element, items, path: "\(path)[\(index)]", into: &problems) }
        case ("string", .string(let text)):
            if format == "int64" || format == "uint64", Int64(text) == nil && UInt64(text) == nil {
                problems.append("\(path): \(format!) string '\(text)' is not a whole number")
            }
        case ("integer", .integer(let number)):
            let ranges: [String: ClosedRange<Int64>] = ["int32": Int64(Int32.min)...Int64(Int32.max), "uint32": 0...Int64(UInt32.max)]
            if let format, let range = ranges[format], !range.contains(number) { problems.append("\(path): \(number) outside \(format)") }
        case ("number", .number), ("number", .integer):
            if let format, !["double", "float"].contains(format) { problems.append("\(path): unexpected number format \(format)") }
        case ("boolean", .boolean):
            break
        default:
            problems.append("\(path): expected \(type)\(format.map { " (\($0))" } ?? ""), got \(Self.kind(value))")
        }
    }

    public static func kind(_ value: JSONTree) -> String {
        switch value {
        case .null: "null"
        case .boolean: "boolean"
        case .integer: "integer"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
