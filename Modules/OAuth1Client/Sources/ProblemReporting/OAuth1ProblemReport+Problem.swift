extension OAuth1ProblemReport {
    /// An `oauth_problem` value: the extension's names as static values, any other string a
    /// server sends kept as it is (`Problem(rawValue: "verifier_invalid")`).
    public struct Problem: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The name as sent (`signature_invalid`).
        public let rawValue: String

        /// The problem called `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The name as sent.
        public var description: String { rawValue }

        /// `version_rejected`: the server does not accept the `oauth_version` sent
        /// (``OAuth1ProblemReport/acceptableVersions`` says which it does).
        public static let versionRejected = Problem(rawValue: "version_rejected")
        /// `parameter_absent`: a required parameter is missing
        /// (``OAuth1ProblemReport/parametersAbsent`` names them).
        public static let parameterAbsent = Problem(rawValue: "parameter_absent")
        /// `parameter_rejected`: an unexpected or malformed parameter
        /// (``OAuth1ProblemReport/parametersRejected`` names them).
        public static let parameterRejected = Problem(rawValue: "parameter_rejected")
        /// `timestamp_refused`: `oauth_timestamp` is outside the server's window
        /// (``OAuth1ProblemReport/acceptableTimestamps`` gives it).
        public static let timestampRefused = Problem(rawValue: "timestamp_refused")
        /// `nonce_used`: the server has seen `oauth_nonce` before.
        public static let nonceUsed = Problem(rawValue: "nonce_used")
        /// `signature_method_rejected`: the server does not accept `oauth_signature_method`.
        public static let signatureMethodRejected = Problem(rawValue: "signature_method_rejected")
        /// `signature_invalid`: the signature does not match.
        public static let signatureInvalid = Problem(rawValue: "signature_invalid")
        /// `consumer_key_unknown`: the server does not know `oauth_consumer_key`.
        public static let consumerKeyUnknown = Problem(rawValue: "consumer_key_unknown")
        /// `consumer_key_rejected`: the consumer key is permanently unacceptable (e.g. blacklisted).
        public static let consumerKeyRejected = Problem(rawValue: "consumer_key_rejected")
        /// `consumer_key_refused`: the consumer key is temporarily unacceptable (e.g. throttled).
        public static let consumerKeyRefused = Problem(rawValue: "consumer_key_refused")
        /// `token_used`: the token has been consumed (a request token exchanged already).
        public static let tokenUsed = Problem(rawValue: "token_used")
        /// `token_expired`: the token has expired.
        public static let tokenExpired = Problem(rawValue: "token_expired")
        /// `token_revoked`: the token has been revoked.
        public static let tokenRevoked = Problem(rawValue: "token_revoked")
        /// `token_rejected`: the token is not valid (unknown, or otherwise refused).
        public static let tokenRejected = Problem(rawValue: "token_rejected")
        /// `additional_authorization_required`: the token lacks an authorisation the request needs.
        public static let additionalAuthorizationRequired = Problem(rawValue: "additional_authorization_required")
        /// `permission_unknown`: the user has not decided whether to grant the access asked for.
        public static let permissionUnknown = Problem(rawValue: "permission_unknown")
        /// `permission_denied`: the user or the server refused the access asked for.
        public static let permissionDenied = Problem(rawValue: "permission_denied")
        /// `user_refused`: the user refused to authorise the application.
        public static let userRefused = Problem(rawValue: "user_refused")

        /// `temporarily_unavailable`: the server could not check the request (its replay store
        /// or credential look-up did not answer) and refused it; try again after `Retry-After`.
        /// Not one of the extension's names: this package's verifiers send it with a 503.
        public static let temporarilyUnavailable = Problem(rawValue: "temporarily_unavailable")
        /// `body_too_large`: the body is larger than the server reads (413). Not one of the
        /// extension's names: this package's verifiers send it.
        public static let bodyTooLarge = Problem(rawValue: "body_too_large")
    }
}
