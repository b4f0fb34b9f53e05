import SigningCore

extension OAuth1ProblemReport {
    /// The report in a provider's `response`: from the body when it is a form with
    /// `oauth_problem` (whatever its `Content-Type` says: providers label it `text/plain` or
    /// `text/html` too), else from the first `OAuth` challenge with `oauth_problem` in its
    /// `WWW-Authenticate` header; ``status`` is the response's.
    ///
    /// - Returns: `nil` when neither carries a non-empty `oauth_problem`. A parameter given
    ///   twice counts once (the first); one that does not decode, or a malformed
    ///   ``acceptableTimestamps``, is left out; a body that is not a valid form (bad
    ///   percent-encoding, not UTF-8) is not read, and neither is a header over 64 KiB.
    public init?(response: OAuth1Response) {
        let challenges = response.headers.values(for: "WWW-Authenticate").lazy.flatMap(OAuth1Challenge.parameterLists)
        guard let fields = Self.bodyFields(response.body) ?? challenges.first(where: Self.hasProblem) else { return nil }
        self.init(fields: fields, status: response.statusCode)
    }

    /// The report the extension's parameters in `fields` make; the first of each name counts.
    private init(fields: [FormField], status: Int) {
        func value(_ name: String) -> String? { fields.first { $0.name == name }?.value }
        self.init(
            problem: Problem(rawValue: value(Name.problem) ?? ""),
            status: status,
            advice: value(Name.advice),
            acceptableVersions: value(Name.acceptableVersions),
            acceptableTimestamps: value(Name.acceptableTimestamps).flatMap(Self.timestampRange),
            parametersAbsent: value(Name.parametersAbsent).map(Self.names) ?? [],
            parametersRejected: value(Name.parametersRejected).map(Self.names) ?? [],
            signatureBaseString: value(Name.signatureBaseString)
        )
    }

    /// The fields of a form body with `oauth_problem`, spaces and line ends around it ignored.
    private static func bodyFields(_ body: [UInt8]) -> [FormField]? {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let start = body.firstIndex(where: { !isSpace($0) }), let end = body.lastIndex(where: { !isSpace($0) }),
              let fields = try? FormEncoding.parse(utf8: body[start...end]), hasProblem(fields)
        else { return nil }
        return fields
    }

    /// Whether `fields` has a non-empty `oauth_problem` (the first one counts).
    private static func hasProblem(_ fields: [FormField]) -> Bool {
        fields.first { $0.name == Name.problem }.map { !$0.value.isEmpty } ?? false
    }

    /// `low-high` in decimal digits with `low <= high`; `nil` otherwise.
    private static func timestampRange(_ text: String) -> ClosedRange<Int>? {
        let bounds = text.split(separator: "-", omittingEmptySubsequences: false)
        guard bounds.count == 2,
              bounds.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } }),
              let low = Int(bounds[0]), let high = Int(bounds[1]), low <= high
        else { return nil }
        return low...high
    }

    /// The names in an `&`-separated list of percent-encoded names (or `name=value` pairs,
    /// as `oauth_parameters_rejected` may hold); empty and undecodable ones left out.
    private static func names(_ list: String) -> [String] {
        list.split(separator: "&").compactMap { item in
            let name = item.prefix { $0 != "=" }
            return name.isEmpty ? nil : try? PercentEncoding.decode(name)
        }
    }
}
