extension OAuth1ProviderErrorText {
    /// The code an OAuth problem report means, and the advice for a person: the problem
    /// decides (a report's words about something else do not), and a problem the extension
    /// does not tie to one code is ``OAuth1Error/Code/requestRejected``.
    static func reading(_ report: OAuth1ProblemReport) -> (code: OAuth1Error.Code, advice: String?) {
        switch report.problem {
        case .signatureInvalid:
            (.signatureInvalid, "The provider rejected the signature: check the consumer secret and the token secret, and that the request was sent as it was signed")
        case .timestampRefused:
            (.timestampRefused, timestampAdvice(acceptable: report.acceptableTimestamps))
        case .nonceUsed:
            (.nonceUsed, nonceAdvice)
        case let problem where tokenProblems.contains(problem):
            (.tokenRejected, tokenAdvice)
        case .consumerKeyUnknown, .consumerKeyRejected, .consumerKeyRefused:
            (.unknownConsumer, "The provider does not accept the consumer key (\(report.problem)): check it, and that the application is registered and enabled with the provider")
        case .parameterAbsent:
            (.missingParameter, "The provider says " + (report.parametersAbsent.isEmpty ? "a required parameter is missing" : "these parameters are missing: \(listed(report.parametersAbsent))"))
        case .parameterRejected:
            (.invalidParameter, "The provider rejected " + (report.parametersRejected.isEmpty ? "a parameter" : "these parameters: \(listed(report.parametersRejected))"))
        case .signatureMethodRejected:
            (.unsupportedSignatureMethod, "The provider does not accept the signature method: sign with one it supports (OAuth1Provider's signatureMethod)")
        case .versionRejected:
            (.unsupportedVersion, "The provider does not accept oauth_version 1.0" + (report.acceptableVersions.map { "; it accepts \(printable($0))" } ?? ""))
        case .permissionDenied, .userRefused:
            (.authorizationDenied, "The provider refused access (\(report.problem)): the user declined, or the token does not grant this request")
        default:
            (.requestRejected, nil)
        }
    }

    /// What to do about a refused `oauth_timestamp`, naming the range the provider accepts when it sent one.
    static func timestampAdvice(acceptable: ClosedRange<Int>?) -> String {
        let range = acceptable.map { " (it accepts \($0.lowerBound)-\($0.upperBound), in seconds since 1970)" } ?? ""
        return "The provider refused oauth_timestamp\(range): the device's clock is probably off; with the client's clock-skew correction on (the default), it is retried once at the provider's time"
    }

    /// What to do about a used `oauth_nonce`.
    static let nonceAdvice = "The provider has seen this oauth_nonce before: sign every request afresh, with a new nonce"

    /// What to do about a token the provider no longer takes.
    static let tokenAdvice = "The token is invalid, expired or revoked: delete the stored access token and run the authorization flow again"

    /// Up to ten names from a provider, each ``printable(_:)``, joined with `, `.
    private static func listed(_ names: [String]) -> String {
        names.prefix(10).map(printable).joined(separator: ", ") + (names.count > 10 ? " and \(names.count - 10) more" : "")
    }

    /// A provider's text for a message: at most 60 characters, control characters as `?`.
    private static func printable(_ text: String) -> String {
        let cleaned = String(text.unicodeScalars.prefix(60).map { $0.properties.generalCategory == .control ? "?" : Character($0) })
        return text.unicodeScalars.count > 60 ? cleaned + "…" : cleaned
    }
}
