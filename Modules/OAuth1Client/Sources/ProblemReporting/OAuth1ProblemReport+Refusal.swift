public import Foundation
import SignedVerification

extension OAuth1ProblemReport {
    /// The longest ``advice`` a refusal's report carries, in characters.
    static let maximumAdviceLength = 1_000

    /// The report a server answers a verifier's refusal with (``OAuth1Verifier``'s codes):
    /// 401 for the credentials (`signature_invalid`, `timestamp_refused` with the acceptable
    /// range, `nonce_used`, `consumer_key_unknown`, `token_rejected`, and `permission_denied`
    /// for a code an app's own look-up threw), 400 for a request that cannot be read or asks
    /// for what is not offered (`parameter_absent`, `parameter_rejected`,
    /// `signature_method_rejected`, `version_rejected` with `1.0-1.0`); the refusal's message,
    /// at most 1 000 characters, as the advice.
    ///
    /// - Parameters:
    ///   - refusal: the verifier's error.
    ///   - timestampWindow: the verifier's window, for `oauth_acceptable_timestamps`.
    ///   - now: the time the verifier checked against.
    /// - Returns: `nil` for a refusal that is not about the request
    ///   (``OAuth1Error/Code/replayStoreUnavailable``, ``OAuth1Error/Code/credentialLookupFailed``):
    ///   the server could not check, so it answers 503 and the client tries again.
    public init?(refusal: OAuth1Error, timestampWindow: Duration, now: Date) {
        let answer: (status: Int, problem: Problem)? = switch refusal.code {
        case .signatureInvalid: (401, .signatureInvalid)
        case .timestampRefused: (401, .timestampRefused)
        case .nonceUsed: (401, .nonceUsed)
        case .unknownConsumer: (401, .consumerKeyUnknown)
        case .tokenRejected: (401, .tokenRejected)
        case .missingParameter: (400, .parameterAbsent)
        case .unsupportedSignatureMethod: (400, .signatureMethodRejected)
        case .unsupportedVersion: (400, .versionRejected)
        case .invalidURL, .invalidAuthorizationHeader, .invalidParameter, .duplicateParameter, .parametersInSeveralLocations, .bodyHashNotAllowed:
            (400, .parameterRejected)
        case .replayStoreUnavailable, .credentialLookupFailed: nil
        default: (401, .permissionDenied)  // a code an app's look-up threw for its own reasons
        }
        guard let answer else { return nil }
        self.init(problem: answer.problem, status: answer.status, advice: String(refusal.message.prefix(Self.maximumAdviceLength)))
        switch refusal.code {
        case .timestampRefused:
            let seconds = Int(now.timeIntervalSince1970)
            let window = min(max(timestampWindow.wholeSeconds, 0), Int(Int32.max))
            acceptableTimestamps = (seconds - window)...(seconds + window)
        case .unsupportedVersion:
            acceptableVersions = "1.0-1.0"
        default:
            break
        }
    }
}
