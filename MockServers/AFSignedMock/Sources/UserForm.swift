import AFSignedClient

/// The API's parameters read from a verified request as the original backend reads them
/// (`$app->request->params()`): query and form fields together, a later field overriding an
/// earlier one of the same name, `name[]=…` or `name[key]=…` making `name` an array.
struct RequestParameters: Sendable {
    /// One parameter's value.
    enum Value: Sendable, Equatable {
        case text(String)
        case array
    }

    private let values: [String: Value]

    /// The parameters of `request`, `auth_*` left out.
    init(_ request: AFSignedIncomingRequest) {
        var values: [String: Value] = [:]
        for field in request.query + request.body where !field.name.hasPrefix(AFSignedField.prefix) {
            if let bracket = field.name.firstIndex(of: "[") {
                values[String(field.name[..<bracket])] = .array
            } else {
                values[field.name] = .text(field.value)
            }
        }
        self.values = values
    }

    subscript(name: String) -> Value? { values[name] }
}

/// The user fields of a `POST` or `PUT`/`PATCH`, validated: `name` 1 to 100 characters without
/// control characters, `email` that looks like an e-mail address (at most 254 bytes).
struct UserForm: Sendable {
    var name: String?
    var email: String?

    /// The longest name, in characters.
    static let maximumNameLength = 100
    /// The longest e-mail address, in bytes (RFC 5321's path limit less the brackets).
    static let maximumEmailLength = 254

    /// Reads `name` and `email` from `parameters`; with `requiringAll` (a new user) both must
    /// be there.
    ///
    /// - Throws: ``AFSignedMockError`` (422) naming every invalid field.
    init(_ parameters: RequestParameters, requiringAll: Bool) throws(AFSignedMockError) {
        var problems: [String: String] = [:]
        name = Self.read("name", parameters, requiringAll, &problems, check: Self.nameProblem)
        email = Self.read("email", parameters, requiringAll, &problems, check: Self.emailProblem)
        guard problems.isEmpty else { throw .invalidFields(problems) }
    }

    private static func read(_ field: String, _ parameters: RequestParameters, _ required: Bool, _ problems: inout [String: String],
                             check: (String) -> String?) -> String? {
        switch parameters[field] {
        case nil:
            if required { problems[field] = "is required" }
            return nil
        case .array?:
            problems[field] = "must be text, not an array"
            return nil
        case .text(let value)?:
            if let problem = check(value) {
                problems[field] = problem
                return nil
            }
            return value
        }
    }

    /// What is wrong with `name`, if anything.
    static func nameProblem(_ name: String) -> String? {
        if name.isEmpty { return "is required" }
        if name.count > maximumNameLength { return "must be 1 to \(maximumNameLength) characters" }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "must not contain control characters"
        }
        if name.allSatisfy(\.isWhitespace) { return "must not be blank" }
        return nil
    }

    /// What is wrong with `email`, if anything: it must be `local@domain.tld`, without spaces or
    /// control characters, at most ``maximumEmailLength`` bytes.
    static func emailProblem(_ email: String) -> String? {
        if email.isEmpty { return "is required" }
        let looksRight = "must look like an e-mail address (name@example.com)"
        guard email.utf8.count <= maximumEmailLength else { return "must be at most \(maximumEmailLength) bytes" }
        guard !email.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control }) else {
            return looksRight
        }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].utf8.count <= 64 else { return looksRight }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }) else { return looksRight }
        return nil
    }
}
