import HTTPTypes
import MockServerKit
import SigningCore

/// A request's query string, decoded, with Google's readings of its values: enum values in any
/// case (`LITE`, `lite`), numbers within their ranges, booleans as `true`/`false`. Repeated
/// names take the first value.
struct QueryParameters: Sendable {
    /// The most parameters a request may carry.
    static let maximumCount = 100

    let fields: [FormField]

    init(fields: [FormField]) {
        self.fields = fields
    }

    /// The query of `request`.
    ///
    /// - Throws: 400 `badRequest` for bad percent-encoding, non-UTF-8 bytes or more than
    ///   ``maximumCount`` parameters.
    init(_ request: MockRequest) throws(GoogleBooksMockError) {
        do throws(SigningCoreError) {
            fields = try request.queryFields()
        } catch {
            throw GoogleBooksMockError(.badRequest, .badRequest, "Invalid query string: \(error.message)",
                                       explanation: "the query string cannot be decoded (\(error.message)); percent-encode UTF-8 text")
        }
        guard fields.count <= Self.maximumCount else {
            throw GoogleBooksMockError(.badRequest, .badRequest, "Too many query parameters.",
                                       explanation: "\(fields.count) query parameters; the mock reads at most \(Self.maximumCount)")
        }
    }

    /// The first value of `name`.
    subscript(name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// `name`'s value among `allowed` (spelt as the discovery document spells them, compared
    /// in any case); the document's `…_UNDEFINED` value and absence give `defaultValue`.
    ///
    /// - Throws: 400 `invalidParameter`: `Invalid string value: 'x'. Allowed values: [a, b]`.
    func choice<Value>(_ name: String, _ allowed: [(String, Value)], undefined: String? = nil, default defaultValue: Value) throws(GoogleBooksMockError) -> Value {
        guard let raw = self[name] else { return defaultValue }
        if let undefined, raw.caseInsensitiveEquals(undefined) { return defaultValue }
        if let found = allowed.first(where: { raw.caseInsensitiveEquals($0.0) }) { return found.1 }
        let list = allowed.map(\.0).joined(separator: ", ")
        throw GoogleBooksMockError(
            .badRequest, .invalidParameter, "Invalid string value: '\(GoogleBooksMockError.quoted(raw))'. Allowed values: [\(list)]",
            location: name, explanation: "\(name) must be one of \(list) (in any case)"
        )
    }

    /// `name` as a whole number in `range`, or `defaultValue` when absent.
    ///
    /// - Throws: 400 `invalid`: `Values must be within the range: [0, 40]`.
    func integer(_ name: String, in range: ClosedRange<Int>, default defaultValue: Int) throws(GoogleBooksMockError) -> Int {
        guard let raw = self[name] else { return defaultValue }
        let rangeText = "Values must be within the range: [\(range.lowerBound), \(range.upperBound)]"
        guard let value = Int(raw), raw.utf8.count <= 20 else {
            throw GoogleBooksMockError(.badRequest, .invalid, "Invalid value '\(GoogleBooksMockError.quoted(raw))'. \(rangeText)",
                                       location: name, explanation: "\(name) must be a whole number in \(range.lowerBound)...\(range.upperBound)")
        }
        guard range.contains(value) else {
            throw GoogleBooksMockError(.badRequest, .invalid, rangeText, location: name,
                                       explanation: "\(name)=\(value) is outside \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    /// `name` as `true` or `false` (any case, or `1`/`0`), or `defaultValue` when absent.
    ///
    /// - Throws: 400 `invalidParameter`: `Invalid boolean value: 'x'.`
    func boolean(_ name: String, default defaultValue: Bool) throws(GoogleBooksMockError) -> Bool {
        guard let raw = self[name] else { return defaultValue }
        if raw.caseInsensitiveEquals("true") || raw == "1" { return true }
        if raw.caseInsensitiveEquals("false") || raw == "0" { return false }
        throw GoogleBooksMockError(.badRequest, .invalidParameter, "Invalid boolean value: '\(GoogleBooksMockError.quoted(raw))'.",
                                   location: name, explanation: "\(name) must be true or false")
    }
}

extension String {
    /// Equal ignoring ASCII case (enum values are ASCII).
    func caseInsensitiveEquals(_ other: String) -> Bool {
        utf8.count == other.utf8.count && lowercased() == other.lowercased()
    }
}
