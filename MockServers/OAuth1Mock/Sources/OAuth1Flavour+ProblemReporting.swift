import HTTPTypes
import MockServerKit
import OAuth1Client
import SigningCore

extension OAuth1Flavour {
    /// The OAuth Problem Reporting answer Atlassian's servers give for `error`, or `nil` for an
    /// error that is not about OAuth (a bad issue body, an unknown resource), which Jira answers
    /// with its REST error JSON. A refused signature carries `oauth_signature_base_string` when
    /// `exposeBaseString` is on, as Jira's does.
    func problemReport(for error: OAuth1MockError, exposeBaseString: Bool) -> OAuth1ProblemReport? {
        let problem: OAuth1ProblemReport.Problem
        var status = 401
        var absent: [String] = []
        switch error.code {
        case .signatureInvalid: problem = .signatureInvalid
        case .timestampRefused: problem = .timestampRefused
        case .nonceUsed: problem = .nonceUsed
        case .unknownConsumer: problem = .consumerKeyUnknown
        case .invalidToken: problem = .tokenRejected
        case .expiredToken: problem = .tokenExpired
        case .invalidVerifier: problem = .permissionDenied
        case .unsupportedSignatureMethod: problem = .signatureMethodRejected
        case .callbackNotApproved: problem = .parameterRejected
        case .missingParameter:
            problem = .parameterAbsent
            status = 400
            absent = Self.absentParameters(in: error.message)
        case .malformedRequest:
            problem = .parameterRejected
            status = 400
        default:
            return nil
        }
        return OAuth1ProblemReport(
            problem: problem, status: status, advice: error.message, parametersAbsent: absent,
            signatureBaseString: exposeBaseString ? error.serverSignatureBase : nil
        )
    }

    /// The form body and the `WWW-Authenticate` challenge, as Jira writes them.
    func problemResponse(_ report: OAuth1ProblemReport) -> MockResponse {
        let status = HTTPResponse.Status(code: report.status)
        var response = MockResponse(status: status, contentType: "application/x-www-form-urlencoded", text: FormEncoding.serialize(report.formFields))
        if status == .unauthorized {
            response.headers[.wwwAuthenticate] = report.wwwAuthenticate(realm: "Jira")
        }
        return response
    }

    /// The `oauth_*` names a missing-parameter message mentions (the verifier names them).
    private static func absentParameters(in message: String) -> [String] {
        let names = ["oauth_consumer_key", "oauth_token", "oauth_signature_method", "oauth_signature", "oauth_timestamp", "oauth_nonce", "oauth_callback", "oauth_verifier", "oauth_body_hash"]
        return names.filter { message.contains($0) }
    }
}
