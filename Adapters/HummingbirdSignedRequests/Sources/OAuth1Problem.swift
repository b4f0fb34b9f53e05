#if HummingbirdAdapter  // without the trait, TraitCheck.swift's #error is the one message
import Foundation
import Hummingbird
import HTTPTypes
import NIOCore
import OAuth1Client
import SigningCore

/// A refusal of ``OAuth1VerificationMiddleware`` in the terms of the OAuth Problem Reporting
/// extension: the status, `oauth_problem`, `oauth_problem_advice` and the extension's extra
/// parameters (`oauth_acceptable_timestamps`, `oauth_acceptable_versions`).
struct OAuth1Problem: Sendable {
    var status: HTTPResponse.Status
    /// `oauth_problem`; `nil` for answers that are not about the request's credentials (413, 503).
    var problem: String?
    var advice: String
    var extra: [FormField] = []

    /// The problem `error` (a verifier's refusal) reports, with the server's window for a
    /// refused timestamp.
    init(_ error: OAuth1Error, timestampWindow: Int, now: Date) {
        advice = error.message
        let answer: (status: HTTPResponse.Status, problem: String?) = switch error.code {
        case .signatureInvalid: (.unauthorized, "signature_invalid")
        case .timestampRefused: (.unauthorized, "timestamp_refused")
        case .nonceUsed: (.unauthorized, "nonce_used")
        case .unknownConsumer: (.unauthorized, "consumer_key_unknown")
        case .tokenRejected: (.unauthorized, "token_rejected")
        case .missingParameter: (.badRequest, "parameter_absent")
        case .unsupportedSignatureMethod: (.badRequest, "signature_method_rejected")
        case .unsupportedVersion: (.badRequest, "version_rejected")
        case .invalidURL, .invalidAuthorizationHeader, .invalidParameter, .duplicateParameter, .parametersInSeveralLocations, .bodyHashNotAllowed:
            (.badRequest, "parameter_rejected")
        case .replayStoreUnavailable, .credentialLookupFailed: (.serviceUnavailable, nil)
        default: (.unauthorized, "permission_denied")  // a code an app's look-up threw for its own reasons
        }
        status = answer.status
        problem = answer.problem
        switch error.code {
        case .timestampRefused:
            let seconds = Int(now.timeIntervalSince1970)
            extra = [FormField("oauth_acceptable_timestamps", "\(seconds - timestampWindow)-\(seconds + timestampWindow)")]
        case .unsupportedVersion:
            extra = [FormField("oauth_acceptable_versions", "1.0-1.0")]
        case .replayStoreUnavailable:
            // The store's own message may name its database: it goes to the log, not the client.
            advice = "the replay store could not be reached, so the nonce could not be checked; try again shortly"
        case .credentialLookupFailed:
            advice = "the credentials could not be looked up; try again shortly"
        default:
            break
        }
    }

    private init(status: HTTPResponse.Status, advice: String) {
        self.status = status
        problem = nil
        self.advice = advice
    }

    /// 413 for a body over `limit` bytes.
    static func tooLarge(limit: Int) -> OAuth1Problem {
        OAuth1Problem(status: .contentTooLarge, advice: "the body is larger than \(limit) bytes")
    }

    /// The answer: the form body, `WWW-Authenticate: OAuth realm="…"` on a 401, `Retry-After` on a 503.
    func response(realm: String) -> Response {
        var fields: [FormField] = []
        if let problem { fields.append(FormField("oauth_problem", problem)) }
        fields.append(FormField("oauth_problem_advice", String(advice.prefix(1_000))))
        fields += extra
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        if status == .unauthorized { headers[.wwwAuthenticate] = "OAuth realm=\"\(Self.quoted(realm))\"" }
        if status == .serviceUnavailable { headers[.retryAfter] = "1" }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: FormEncoding.serialize(fields))))
    }

    /// `text` as the inside of an HTTP quoted string: `"` and `\` escaped, control characters dropped.
    static func quoted(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars where scalar.value >= 0x20 && scalar.value != 0x7F {
            if scalar == "\"" || scalar == "\\" { output.append("\\") }
            output.unicodeScalars.append(scalar)
        }
        return output
    }
}
#endif
