public import SigningCore

/// A refusal in the terms of the OAuth Problem Reporting extension
/// (<http://wiki.oauth.net/ProblemReporting>), which OAuth 1.0a providers such as Atlassian's
/// Data Center products, Tumblr and Flickr answer with: `oauth_problem`, the person's
/// `oauth_problem_advice`, and the parameters that say what the server would have accepted.
///
/// Both directions use this one value. A client reads it from a response
/// (``init(response:)``; ``OAuth1Client`` turns it into an ``OAuth1Error`` with a precise
/// code and keeps it as ``OAuth1Error/problemReport``); a server builds it from a verifier's
/// refusal (``init(refusal:timestampWindow:now:)``) and writes it as ``formFields`` and
/// ``wwwAuthenticate(realm:)``:
///
/// ```
/// HTTP/1.1 401 Unauthorized
/// WWW-Authenticate: OAuth realm="Photos", oauth_problem="timestamp_refused", oauth_acceptable_timestamps="1699999700-1700000300"
/// Content-Type: application/x-www-form-urlencoded
///
/// oauth_problem=timestamp_refused&oauth_problem_advice=…&oauth_acceptable_timestamps=1699999700-1700000300
/// ```
public struct OAuth1ProblemReport: Sendable, Hashable {
    /// `oauth_problem`: what the server refused.
    public var problem: Problem
    /// The HTTP status code the report goes with: the response's when read from one, the
    /// status to answer with when built from a refusal.
    public var status: Int
    /// `oauth_problem_advice`: the server's words for a person (never a secret).
    public var advice: String?
    /// `oauth_acceptable_versions`: the `oauth_version` range the server accepts, as sent
    /// (`1.0-1.0`), with ``Problem/versionRejected``.
    public var acceptableVersions: String?
    /// `oauth_acceptable_timestamps`: the `oauth_timestamp` values the server accepts, in
    /// seconds since 1970, with ``Problem/timestampRefused``; `nil` when absent or not a
    /// well-formed `low-high` range.
    public var acceptableTimestamps: ClosedRange<Int>?
    /// `oauth_parameters_absent`: the names of the parameters the request lacked, with
    /// ``Problem/parameterAbsent``.
    public var parametersAbsent: [String]
    /// `oauth_parameters_rejected`: the names of the parameters the server refused, with
    /// ``Problem/parameterRejected`` (the extension sends them as a query; the values are not kept).
    public var parametersRejected: [String]
    /// `oauth_signature_base_string`: the base string the server computed, which Atlassian's
    /// servers send with ``Problem/signatureInvalid``; ``OAuth1Client`` compares it with its
    /// own (``OAuth1Error/baseStringDifference``).
    public var signatureBaseString: String?

    /// Creates a report, e.g. for a server to send or a test to expect.
    public init(
        problem: Problem,
        status: Int = 401,
        advice: String? = nil,
        acceptableVersions: String? = nil,
        acceptableTimestamps: ClosedRange<Int>? = nil,
        parametersAbsent: [String] = [],
        parametersRejected: [String] = [],
        signatureBaseString: String? = nil
    ) {
        self.problem = problem
        self.status = status
        self.advice = advice
        self.acceptableVersions = acceptableVersions
        self.acceptableTimestamps = acceptableTimestamps
        self.parametersAbsent = parametersAbsent
        self.parametersRejected = parametersRejected
        self.signatureBaseString = signatureBaseString
    }

    /// The report as the fields of an `application/x-www-form-urlencoded` body, in the
    /// extension's order, only the parameters that have a value: serialise them with
    /// `FormEncoding.serialize`.
    public var formFields: [FormField] {
        var fields = [FormField(Name.problem, problem.rawValue)]
        if let advice { fields.append(FormField(Name.advice, advice)) }
        fields += actionFields
        if let signatureBaseString { fields.append(FormField(Name.signatureBaseString, signatureBaseString)) }
        return fields
    }

    /// The value of a `WWW-Authenticate` header for this report: the `OAuth` challenge with
    /// `realm` as an HTTP quoted string, then `oauth_problem` and the parameters a client acts
    /// on, each percent-encoded (RFC 5849 §3.5.1) and quoted:
    /// `OAuth realm="Photos", oauth_problem="parameter_absent", oauth_parameters_absent="oauth_token"`.
    ///
    /// The advice and the signature base string, which can be long, travel in the body
    /// (``formFields``) only: proxies limit a response's headers (nginx to 4 or 8 KiB in all).
    public func wwwAuthenticate(realm: String) -> String {
        OAuth1Challenge.serialize(realm: realm, parameters: [FormField(Name.problem, problem.rawValue)] + actionFields)
    }

    /// The parameters that say what the server would accept: short, and what a client acts on.
    private var actionFields: [FormField] {
        var fields: [FormField] = []
        if let acceptableVersions { fields.append(FormField(Name.acceptableVersions, acceptableVersions)) }
        if let acceptableTimestamps {
            fields.append(FormField(Name.acceptableTimestamps, "\(acceptableTimestamps.lowerBound)-\(acceptableTimestamps.upperBound)"))
        }
        if !parametersAbsent.isEmpty { fields.append(FormField(Name.parametersAbsent, Self.nameList(parametersAbsent))) }
        if !parametersRejected.isEmpty { fields.append(FormField(Name.parametersRejected, Self.nameList(parametersRejected))) }
        return fields
    }

    /// Parameter names as the extension lists them: each percent-encoded, joined with `&`.
    private static func nameList(_ names: [String]) -> String {
        names.map { PercentEncoding.encode($0) }.joined(separator: "&")
    }

    /// The extension's parameter names, spelled once.
    enum Name {
        static let problem = "oauth_problem"
        static let advice = "oauth_problem_advice"
        static let acceptableVersions = "oauth_acceptable_versions"
        static let acceptableTimestamps = "oauth_acceptable_timestamps"
        static let parametersAbsent = "oauth_parameters_absent"
        static let parametersRejected = "oauth_parameters_rejected"
        static let signatureBaseString = "oauth_signature_base_string"
    }
}
