import Foundation

/// The part of Jira's `POST /rest/api/2/issue` body the mock reads:
/// `{"fields": {"project": {"key": "MOCK"}, "summary": "…", "issuetype": {"name": "Task"}}}`.
/// `issuetype` names one of ``issueTypes`` by `name` or `id`. Anything else in `fields` is
/// accepted and ignored, as Jira ignores fields a screen lacks.
struct JiraIssueRequest {
    /// The project key, `MOCK` in the demo.
    let project: String
    /// The issue's summary.
    let summary: String
    /// The demo project's issue types, by id, as `GET /rest/api/2/issuetype` would list them
    /// (a Jira Software project's defaults; a real instance numbers them its own way).
    static let issueTypes = ["10001": "Task", "10002": "Bug", "10003": "Story", "10004": "Epic"]

    /// Reads `body`, refusing what Jira refuses with 400 and its words: a body that is no JSON
    /// object in `errorMessages`, a field's error in `errors` keyed by the field.
    init(_ body: [UInt8]) throws(OAuth1MockError) {
        guard !body.isEmpty, let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
            throw OAuth1MockError(code: .invalidInput, message: "the body must be a JSON object such as {\"fields\": {\"project\": {\"key\": \"MOCK\"}, \"summary\": \"…\", \"issuetype\": {\"name\": \"Task\"}}}")
        }
        let fields = object["fields"] as? [String: Any] ?? [:]
        guard let given = fields["project"] else {
            throw OAuth1MockError(code: .invalidInput, message: "project is required", field: "project")
        }
        guard let project = (given as? [String: Any])?["key"] as? String,
              !project.isEmpty, project.count <= 10, project.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) })
        else {
            throw OAuth1MockError(code: .invalidInput, message: "Specify a valid project ID or key", field: "project")
        }
        guard let summary = fields["summary"] as? String, !summary.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw OAuth1MockError(code: .invalidInput, message: "You must specify a summary of the issue.", field: "summary")
        }
        guard summary.count <= 255 else {
            throw OAuth1MockError(code: .invalidInput, message: "Summary must be less than 255 characters.", field: "summary")
        }
        guard let type = fields["issuetype"] as? [String: Any] else {
            throw OAuth1MockError(code: .invalidInput, message: "issue type is required", field: "issuetype")
        }
        let byName = (type["name"] as? String).flatMap { name in Self.issueTypes.values.first { $0 == name } }
        guard byName ?? (type["id"] as? String).flatMap({ Self.issueTypes[$0] }) != nil else {
            throw OAuth1MockError(code: .invalidInput, message: "valid issue type is required", field: "issuetype")
        }
        self.project = project
        self.summary = summary
    }
}
