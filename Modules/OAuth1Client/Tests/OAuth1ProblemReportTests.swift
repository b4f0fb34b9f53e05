import Foundation
import OAuth1Client
import SigningCore
import Testing

@Suite("OAuth Problem Reporting: the report, both directions")
struct OAuth1ProblemReportTests {
    static func response(status: Int = 401, challenges: [String] = [], body: String = "") -> OAuth1Response {
        OAuth1Response(statusCode: status, headers: HeaderFields(challenges.map { .init(name: "WWW-Authenticate", value: $0) }), body: Array(body.utf8))
    }

    @Test("read from a form body, whatever its Content-Type, or from the OAuth challenge of WWW-Authenticate", arguments: [
        (response(body: "oauth_problem=timestamp_refused&oauth_problem_advice=Sync+your+clock&oauth_acceptable_timestamps=1699999700-1700000300\n"),
         OAuth1ProblemReport(problem: .timestampRefused, advice: "Sync your clock", acceptableTimestamps: 1_699_999_700...1_700_000_300)),
        (response(status: 400, body: "oauth_problem=parameter_absent&oauth_parameters_absent=oauth_token%26oauth_nonce"),
         OAuth1ProblemReport(problem: .parameterAbsent, status: 400, parametersAbsent: ["oauth_token", "oauth_nonce"])),
        (response(status: 400, body: "oauth_problem=parameter_rejected&oauth_parameters_rejected=oauth_callback%3Dhttp%253A%252F%252Fx%26scope%3Dall"),
         OAuth1ProblemReport(problem: .parameterRejected, status: 400, parametersRejected: ["oauth_callback", "scope"])),
        (response(status: 400, body: "oauth_problem=version_rejected&oauth_acceptable_versions=1.0-1.0"),
         OAuth1ProblemReport(problem: .versionRejected, status: 400, acceptableVersions: "1.0-1.0")),
        (response(challenges: [#"OAuth realm="Photos \"API\", \\ 100%", oauth_problem="token_expired", oauth_problem_advice="Log%20in%20again%2C%20please""#]),
         OAuth1ProblemReport(problem: .tokenExpired, advice: "Log in again, please")),
        (response(challenges: [#"Basic realm="x", Bearer abc+/def==, oauth realm="y",oauth_problem=nonce_used"#]),
         OAuth1ProblemReport(problem: .nonceUsed)),
        (response(challenges: [#"Bearer realm="a""#, #"OAuth realm="b""#, #"OAuth realm="c", oauth_problem = "verifier_invalid""#]),
         OAuth1ProblemReport(problem: OAuth1ProblemReport.Problem(rawValue: "verifier_invalid"))),
        (response(challenges: [#"OAuth realm="Photos", oauth_problem="nonce_used""#], body: "<html>Unauthorized</html>"),
         OAuth1ProblemReport(problem: .nonceUsed)),
    ])
    func parse(response: OAuth1Response, expected: OAuth1ProblemReport) {
        #expect(OAuth1ProblemReport(response: response) == expected)
    }

    @Test("both present: the body's report wins")
    func precedence() {
        let response = Self.response(challenges: [#"OAuth realm="x", oauth_problem="token_rejected""#], body: "oauth_problem=signature_invalid")
        #expect(OAuth1ProblemReport(response: response)?.problem == .signatureInvalid)
    }

    @Test("no report without a non-empty oauth_problem", arguments: [
        response(body: "oauth_problem_advice=no+problem+named"),
        response(body: "oauth_problem=&oauth_problem_advice=empty"),
        response(body: #"{"oauth_problem":"signature_invalid"}"#),
        response(body: "Invalid Signature"),
        response(challenges: [#"OAuth realm="Photos""#]),
        response(challenges: [#"Basic realm="x", oauth_problem="nonce_used""#]),
        response(challenges: [#"OAuth realm="x", oauth_problem="""#]),
        response(),
    ])
    func absent(response: OAuth1Response) {
        #expect(OAuth1ProblemReport(response: response) == nil)
    }

    static let reports = [
        OAuth1ProblemReport(problem: .signatureInvalid, advice: "the URL used was https://x.example/a?b=c \"quoted\", 100% ünïcode\nline two", signatureBaseString: "GET&https%3A%2F%2Fx.example%2Fa&b%3Dc"),
        OAuth1ProblemReport(problem: .timestampRefused, advice: "", acceptableTimestamps: 0...600),
        OAuth1ProblemReport(problem: .parameterAbsent, status: 400, advice: "a=b&c", parametersAbsent: ["oauth_token", "odd name&=%"]),
        OAuth1ProblemReport(problem: .parameterRejected, status: 400, parametersRejected: ["scope"]),
        OAuth1ProblemReport(problem: .versionRejected, status: 400, acceptableVersions: "1.0-1.0"),
        OAuth1ProblemReport(problem: OAuth1ProblemReport.Problem(rawValue: "a \"made-up\", problem")),
    ]

    @Test("serialised as a form body and a WWW-Authenticate header, each reads back the same", arguments: reports, [#"Photos "API", \ 100%"#, "", "new\nline"])
    func roundTrip(report: OAuth1ProblemReport, realm: String) throws {
        let challenge = report.wwwAuthenticate(realm: realm)
        #expect(challenge.hasPrefix("OAuth realm=\""))
        #expect(!challenge.contains("\n"))
        let body = FormEncoding.serialize(report.formFields)
        #expect(OAuth1ProblemReport(response: Self.response(status: report.status, challenges: [challenge], body: body)) == report)
        #expect(OAuth1ProblemReport(response: Self.response(status: report.status, body: body)) == report)
        var headerOnly = report
        headerOnly.advice = nil
        headerOnly.signatureBaseString = nil
        #expect(OAuth1ProblemReport(response: Self.response(status: report.status, challenges: [challenge])) == headerOnly)
    }

    @Test("the header carries the realm as a quoted string and the parameters percent-encoded")
    func headerShape() {
        let report = OAuth1ProblemReport(problem: .parameterAbsent, advice: "long words", parametersAbsent: ["oauth_token", "oauth_nonce"])
        #expect(report.wwwAuthenticate(realm: "Photos \"API\"\u{7}") == #"OAuth realm="Photos \"API\"", oauth_problem="parameter_absent", oauth_parameters_absent="oauth_token%26oauth_nonce""#)
        #expect(FormEncoding.serialize(report.formFields) == "oauth_problem=parameter_absent&oauth_problem_advice=long+words&oauth_parameters_absent=oauth_token%26oauth_nonce")
    }

    @Test("hostile input never crashes or hangs; what can be read is, the rest is left out", .timeLimit(.minutes(1)), arguments: [
        (response(body: String(repeating: "&=", count: 1_000_000) + "&oauth_problem=nonce_used"), "nonce_used"),
        (response(body: "oauth_problem=nonce_used&" + String(repeating: "oauth_problem=token_used&", count: 100_000)), "nonce_used"),
        (response(challenges: [#"OAuth oauth_problem="nonce_used", "# + String(repeating: "x", count: 70_000)]), nil),
        (response(challenges: [String(repeating: "OAuth ", count: 10_000) + #"oauth_problem="nonce_used""#]), "nonce_used"),
        (response(challenges: [String(repeating: #"\"#, count: 50_000)]), nil),
        (response(challenges: [#"OAuth realm="unterminated, oauth_problem="nonce_used""#]), nil),
        (response(challenges: [#"OAuth oauth_problem="nonce_used", oauth_problem_advice="ends in a backslash\"#]), "nonce_used"),
        (response(challenges: [#"OAuth oauth_problem="%zz", oauth_problem="token_used""#]), "token_used"),
        (response(challenges: [#"OAuth oauth_problem="%C3""#]), nil),
        (response(challenges: [#",,,, ==== """ OAuth = , =="x" oauth_problem"#]), nil),
        (response(challenges: ["OAuth oauth_problem=\"nonce\u{0}used\""]), "nonce\u{0}used"),
        (response(body: "oauth_problem=nonce_used&oauth_problem_advice=%E2%82"), nil),
        (OAuth1Response(statusCode: 401, body: [0xFF, 0xFE] + Array("oauth_problem=nonce_used".utf8)), nil),
        (OAuth1Response(statusCode: 401, headers: ["WWW-Authenticate": #"OAuth oauth_problem="token_used""#], body: [0xFF] + Array("oauth_problem=nonce_used".utf8)), "token_used"),
    ] as [(OAuth1Response, String?)])
    func hostile(response: OAuth1Response, problem: String?) {
        #expect(OAuth1ProblemReport(response: response)?.problem.rawValue == problem)
    }

    @Test("a malformed oauth_acceptable_timestamps is left out", arguments: ["200-100", "a-b", "99999999999999999999-1", "-5-10", "1-2-3", "1-", "", "+1-2", "１-2"])
    func malformedTimestamps(value: String) throws {
        let body = FormEncoding.serialize([FormField("oauth_problem", "timestamp_refused"), FormField("oauth_acceptable_timestamps", value)])
        let report = try #require(OAuth1ProblemReport(response: Self.response(body: body)))
        #expect(report.acceptableTimestamps == nil)
    }
}
