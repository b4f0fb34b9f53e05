#if HummingbirdAdapter  // without the trait, TraitCheck.swift's #error is the one message
import Foundation
import Hummingbird
import HTTPTypes
import NIOCore
import OAuth1Client
import SigningCore

/// A refusal of ``OAuth1VerificationMiddleware`` as a Hummingbird response: the SDK's
/// `OAuth1ProblemReport` of the verifier's refusal (status, `oauth_problem`, advice, the
/// extension's extra parameters), or a bare advice for the answers that are not about the
/// request's credentials (413, 503).
struct OAuth1Problem: Sendable {
    var status: HTTPResponse.Status
    /// The report, written in the body and, on a 401, in `WWW-Authenticate`; `nil` for 413 and 503.
    var report: OAuth1ProblemReport?
    /// The body's fields: the report's, or `oauth_problem_advice` alone.
    var fields: [FormField]

    /// The answer to `error` (a verifier's refusal), with the server's window for a refused
    /// timestamp.
    init(_ error: OAuth1Error, timestampWindow: Int, now: Date) {
        if let report = OAuth1ProblemReport(refusal: error, timestampWindow: timestampWindow, now: now) {
            self.init(status: HTTPResponse.Status(code: report.status), report: report, fields: report.formFields)
        } else if error.code == .replayStoreUnavailable {
            // The store's own message may name its database: it goes to the log, not the client.
            self.init(status: .serviceUnavailable, advice: "the replay store could not be reached, so the nonce could not be checked; try again shortly")
        } else {
            self.init(status: .serviceUnavailable, advice: "the credentials could not be looked up; try again shortly")
        }
    }

    private init(status: HTTPResponse.Status, report: OAuth1ProblemReport? = nil, fields: [FormField]) {
        self.status = status
        self.report = report
        self.fields = fields
    }

    private init(status: HTTPResponse.Status, advice: String) {
        self.init(status: status, fields: [FormField("oauth_problem_advice", advice)])
    }

    /// 413 for a body over `limit` bytes.
    static func tooLarge(limit: Int) -> OAuth1Problem {
        OAuth1Problem(status: .contentTooLarge, advice: "the body is larger than \(limit) bytes")
    }

    /// The answer: the form body, `WWW-Authenticate: OAuth realm="…", oauth_problem="…"` on a
    /// 401, `Retry-After` on a 503.
    func response(realm: String) -> Response {
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        if status == .unauthorized, let report { headers[.wwwAuthenticate] = report.wwwAuthenticate(realm: realm) }
        if status == .serviceUnavailable { headers[.retryAfter] = "1" }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: FormEncoding.serialize(fields))))
    }
}
#endif
