public import Foundation
public import SignedVerification
import SigningCore

extension OAuth1Verifier {
    /// The answer to a request this verifier refused, as the OAuth Problem Reporting extension
    /// describes it: `OAuth1ProblemReport`'s status (401 for the credentials, 400 for a request
    /// that cannot be read, RFC 5849 §3.2), a form body `oauth_problem=…&oauth_problem_advice=…`
    /// (the refusal's words: which URL was used, how far the clock is off; never a secret) and,
    /// on a 401, `WWW-Authenticate: OAuth realm="…", oauth_problem="…"` for ``realm``.
    ///
    /// A refusal because the replay store or a credential look-up could not answer is 503 with
    /// `Retry-After` and `oauth_problem=temporarily_unavailable`; its advice never repeats the
    /// store's own message, which may name its database (that is for the server's log).
    public func refusal(_ failure: OAuth1Error, now: Date) -> SignedRefusal {
        guard let report = OAuth1ProblemReport(refusal: failure, timestampWindow: timestampWindow, now: now) else {
            let advice = failure.code == .replayStoreUnavailable
                ? "the replay store could not be reached, so the nonce could not be checked; try again shortly"
                : "the credentials could not be looked up; try again shortly"
            return Self.formRefusal(status: 503, problem: .temporarilyUnavailable, advice: advice)
        }
        var headers = HeaderFields()
        if report.status == 401 { headers.append("WWW-Authenticate", report.wwwAuthenticate(realm: realm)) }
        return SignedRefusal(status: report.status, contentType: Self.formType, body: Array(FormEncoding.serialize(report.formFields).utf8), headers: headers)
    }

    /// 413 with `oauth_problem=body_too_large`.
    public func refusal(bodyLargerThan limit: Int) -> SignedRefusal {
        Self.formRefusal(status: 413, problem: .bodyTooLarge, advice: "the body is larger than \(limit) bytes")
    }

    private static let formType = "application/x-www-form-urlencoded"

    private static func formRefusal(status: Int, problem: OAuth1ProblemReport.Problem, advice: String) -> SignedRefusal {
        let fields = [FormField("oauth_problem", problem.rawValue), FormField("oauth_problem_advice", advice)]
        return SignedRefusal(status: status, contentType: formType, body: Array(FormEncoding.serialize(fields).utf8))
    }
}
