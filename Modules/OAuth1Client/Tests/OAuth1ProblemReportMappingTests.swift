import Foundation
import OAuth1Client
import SigningCore
import Testing

@Suite("OAuth Problem Reporting: refusals to problems, problems to error codes")
struct OAuth1ProblemReportMappingTests {
    /// The error a client gets from a provider answering `status`, `headers` and `body`.
    static func error(status: Int = 401, headers: HeaderFields = [:], body: String, request: OAuth1Request = OAuth1Request(url: URL(string: "https://jira.example.com/rest/api/2/myself")!)) async throws -> OAuth1Error {
        let client = OAuth1Client(
            configuration: OAuth1Configuration(provider: .twitter, consumerKey: "k", consumerSecret: "s", nonce: { "n" }),
            http: SignedHTTPClient(
                transport: ClosureTransport { _ in OAuth1Response(statusCode: status, headers: headers, body: Array(body.utf8)) },
                deviceClock: { Date(timeIntervalSince1970: 1_700_000_000) }
            )
        )
        return try #require(await #expect(throws: OAuth1Error.self) { try await client.send(request, with: nil) })
    }

    @Test("each problem becomes its error code, keeping the provider's code and words", arguments: [
        ("signature_invalid", OAuth1Error.Code.signatureInvalid, "check the consumer secret and the token secret"),
        ("timestamp_refused&oauth_acceptable_timestamps=1699999700-1700000300", .timestampRefused, "it accepts 1699999700-1700000300"),
        ("timestamp_refused", .timestampRefused, "The provider refused oauth_timestamp: the device's clock"),
        ("nonce_used", .nonceUsed, "with a new nonce"),
        ("token_used", .tokenRejected, "delete the stored access token"),
        ("token_expired", .tokenRejected, "delete the stored access token"),
        ("token_revoked", .tokenRejected, "delete the stored access token"),
        ("token_rejected", .tokenRejected, "delete the stored access token"),
        ("consumer_key_unknown", .unknownConsumer, "does not accept the consumer key (consumer_key_unknown)"),
        ("consumer_key_rejected", .unknownConsumer, "(consumer_key_rejected)"),
        ("consumer_key_refused", .unknownConsumer, "(consumer_key_refused)"),
        ("parameter_absent&oauth_parameters_absent=oauth_token%26oauth_verifier", .missingParameter, "these parameters are missing: oauth_token, oauth_verifier"),
        ("parameter_absent", .missingParameter, "a required parameter is missing"),
        ("parameter_rejected&oauth_parameters_rejected=scope%3Dall", .invalidParameter, "rejected these parameters: scope"),
        ("signature_method_rejected", .unsupportedSignatureMethod, "does not accept the signature method"),
        ("version_rejected&oauth_acceptable_versions=2.0-2.1", .unsupportedVersion, "it accepts 2.0-2.1"),
        ("permission_denied", .authorizationDenied, "refused access (permission_denied)"),
        ("user_refused", .authorizationDenied, "refused access (user_refused)"),
        ("permission_unknown", .requestRejected, "Twitter says: the advice (code permission_unknown)."),
        ("additional_authorization_required", .requestRejected, "(code additional_authorization_required)"),
        ("verifier_invalid", .requestRejected, "(code verifier_invalid)"),
    ] as [(String, OAuth1Error.Code, String)])
    func problemCodes(problem: String, code: OAuth1Error.Code, words: String) async throws {
        let error = try await Self.error(body: "oauth_problem=\(problem)&oauth_problem_advice=the+advice")
        #expect(error.code == code)
        #expect(error.providerCode == String(problem.prefix { $0 != "&" }))
        #expect(error.providerMessage == "the advice")
        #expect(error.problemReport?.advice == "the advice")
        #expect(error.message.hasPrefix("Twitter says: the advice (code \(error.providerCode ?? ""))."))
        #expect(error.message.contains(words), "\(error.message)")
    }

    @Test("a report in WWW-Authenticate alone decides the code and fills the provider's code and words")
    func headerOnly() async throws {
        let error = try await Self.error(
            headers: ["WWW-Authenticate": #"OAuth realm="Jira", oauth_problem="token_expired", oauth_problem_advice="Log%20in%20again""#],
            body: "<html><body>Unauthorized</body></html>"
        )
        #expect(error.code == .tokenRejected)
        #expect(error.providerCode == "token_expired")
        #expect(error.problemReport?.problem == .tokenExpired)
        let bare = try await Self.error(headers: ["WWW-Authenticate": #"OAuth realm="Jira", oauth_problem="nonce_used", oauth_problem_advice="Log%20in%20again""#], body: "")
        #expect(bare.code == .nonceUsed)
        #expect(bare.providerCode == "nonce_used" && bare.providerMessage == "Log in again")
    }

    @Test("a report's words about something else do not change its code")
    func problemDecides() async throws {
        let error = try await Self.error(body: "oauth_problem=signature_invalid&oauth_problem_advice=the+token+expired+and+the+timestamp+too")
        #expect(error.code == .signatureInvalid)
    }

    /// An Atlassian-style refusal: the base string the server computed, encoded once more in the form body.
    static let atlassianBody = "oauth_problem=signature_invalid&oauth_signature=wOJIO9A2W5mFwDgiDvZbTSMK%2FPY%3D&oauth_signature_base_string=POST%26https%253A%252F%252Fjira.example.com%252Frest%252Fapi%252F2%252Fissue%252FDEMO-1%252Fcomment%26comment%253Da%252520c%2526oauth_consumer_key%253Dk%2526oauth_nonce%253Dn%2526oauth_signature_method%253DHMAC-SHA1%2526oauth_timestamp%253D1700000000%2526oauth_version%253D1.0&oauth_signature_method=RSA-SHA1"
    static let atlassianTheirs = "POST&https%3A%2F%2Fjira.example.com%2Frest%2Fapi%2F2%2Fissue%2FDEMO-1%2Fcomment&comment%3Da%2520c%26oauth_consumer_key%3Dk%26oauth_nonce%3Dn%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1700000000%26oauth_version%3D1.0"

    @Test("oauth_signature_base_string, in the body (Atlassian) or in WWW-Authenticate, gives the same difference as X-OAuth1-Base-String", arguments: [
        (HeaderFields(), atlassianBody),
        (HeaderFields(dictionaryLiteral: ("WWW-Authenticate", "OAuth realm=\"Jira\", oauth_problem=\"signature_invalid\", oauth_signature_base_string=\"\(PercentEncoding.encode(atlassianTheirs))\"")), ""),
        (HeaderFields(dictionaryLiteral: (OAuth1BaseStringDifference.headerName, atlassianTheirs)), #"{"message":"signature rejected"}"#),
    ] as [(HeaderFields, String)])
    func reportedBaseString(headers: HeaderFields, body: String) async throws {
        let request = OAuth1Request(method: "POST", url: URL(string: "https://jira.example.com/rest/api/2/issue/DEMO-1/comment")!, form: [FormField("comment", "a b")])
        let error = try await Self.error(headers: headers, body: body, request: request)
        #expect(error.code == .signatureInvalid)
        let difference = try #require(error.baseStringDifference)
        #expect(difference.theirs == Self.atlassianTheirs)
        #expect(difference.parameters == [.init(name: "comment", kind: .value, ours: "a%20b", theirs: "a%20c")])
        #expect(difference.changedParameters == ["comment"])
        #expect(error.message.contains("The base strings differ: "))
    }

    @Test("a base string with another problem is not read as a signature refusal")
    func baseStringWithAnotherProblem() async throws {
        let body = Self.atlassianBody.replacingOccurrences(of: "oauth_problem=signature_invalid", with: "oauth_problem=nonce_used")
        let error = try await Self.error(body: body, request: OAuth1Request(method: "POST", url: URL(string: "https://jira.example.com/rest/api/2/issue/DEMO-1/comment")!, form: [FormField("comment", "a b")]))
        #expect(error.code == .nonceUsed)
        #expect(error.baseStringDifference == nil)
    }

    @Test("a verifier's refusal becomes its problem and status", arguments: [
        (OAuth1Error.Code.signatureInvalid, 401, "signature_invalid"),
        (.timestampRefused, 401, "timestamp_refused"),
        (.nonceUsed, 401, "nonce_used"),
        (.unknownConsumer, 401, "consumer_key_unknown"),
        (.tokenRejected, 401, "token_rejected"),
        (.missingParameter, 400, "parameter_absent"),
        (.unsupportedSignatureMethod, 400, "signature_method_rejected"),
        (.unsupportedVersion, 400, "version_rejected"),
        (.invalidURL, 400, "parameter_rejected"),
        (.invalidAuthorizationHeader, 400, "parameter_rejected"),
        (.invalidParameter, 400, "parameter_rejected"),
        (.duplicateParameter, 400, "parameter_rejected"),
        (.parametersInSeveralLocations, 400, "parameter_rejected"),
        (.bodyHashNotAllowed, 400, "parameter_rejected"),
        (.authorizationDenied, 401, "permission_denied"),
    ] as [(OAuth1Error.Code, Int, String)])
    func refusals(code: OAuth1Error.Code, status: Int, problem: String) throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let report = try #require(OAuth1ProblemReport(refusal: OAuth1Error(code: code, message: String(repeating: "w", count: 1_500)), timestampWindow: .seconds(300), now: now))
        #expect(report.status == status)
        #expect(report.problem.rawValue == problem)
        #expect(report.advice == String(repeating: "w", count: 1_000))
        #expect(report.acceptableTimestamps == (code == .timestampRefused ? 1_699_999_700...1_700_000_300 : nil))
        #expect(report.acceptableVersions == (code == .unsupportedVersion ? "1.0-1.0" : nil))
    }

    @Test("a refusal the server could not check has no report (the server answers 503)", arguments: [OAuth1Error.Code.replayStoreUnavailable, .credentialLookupFailed])
    func unchecked(code: OAuth1Error.Code) {
        #expect(OAuth1ProblemReport(refusal: OAuth1Error(code: code, message: "db.example:5432 down"), timestampWindow: .seconds(300), now: Date()) == nil)
    }

    @Test("a server's report reads back into the client's code", arguments: [OAuth1Error.Code.signatureInvalid, .timestampRefused, .nonceUsed, .unknownConsumer, .tokenRejected, .missingParameter, .unsupportedSignatureMethod, .unsupportedVersion])
    func bothDirections(code: OAuth1Error.Code) async throws {
        let report = try #require(OAuth1ProblemReport(refusal: OAuth1Error(code: code, message: "no"), timestampWindow: .seconds(300), now: Date(timeIntervalSince1970: 1_700_000_000)))
        let error = try await Self.error(status: report.status, headers: ["WWW-Authenticate": report.wwwAuthenticate(realm: "r")], body: FormEncoding.serialize(report.formFields))
        #expect(error.code == code)
        #expect(error.problemReport == report)
    }
}
