public import Foundation
public import SignedHTTP
public import SigningCore

/// Signs requests per RFC 5849: builds the protocol parameters, the base string (through
/// ``OAuth1BaseString``, the code the verifier uses), the signature, and places them in the
/// header, the query or the form body.
///
/// The clock and the nonce source are injected, so the same inputs always give the same
/// signature in tests:
///
/// ```swift
/// let signer = OAuth1Signer(
///     credentials: OAuth1Credentials(consumerKey: "key", consumerSecret: "secret", token: "t", tokenSecret: "ts"),
///     clock: { Date(timeIntervalSince1970: 1_318_622_958) },
///     nonce: { "kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg" }
/// )
/// let signed = try signer.sign(OAuth1Request(method: "GET", url: url))
/// ```
public struct OAuth1Signer: RequestSigner {
    /// The consumer and (optional) token credentials.
    public var credentials: OAuth1Credentials {
        didSet { key = OAuth1SigningKey(method: signatureMethod, credentials: credentials) }
    }
    /// `oauth_signature_method`.
    public var signatureMethod: OAuth1SignatureMethod {
        didSet { key = OAuth1SigningKey(method: signatureMethod, credentials: credentials) }
    }
    /// Where the protocol parameters go.
    public var transmission: OAuth1Transmission
    /// Whether to send `oauth_version="1.0"` (optional per RFC 5849 §3.1; some providers want it).
    public var includesVersion: Bool
    /// Whether a body that is not form-encoded is signed through `oauth_body_hash`.
    public var bodySigning: OAuth1BodySigning
    /// Whether the signed request also carries its own base string in `X-OAuth1-Base-String`
    /// (``OAuth1BaseStringDifference/headerName``), for a mock provider's dashboard to set beside
    /// the provider's when the signature is refused. Off by default; a debugging aid for mocks
    /// (the base string holds no secret, but a real provider has no use for it).
    public var sendsBaseString = false
    /// The current time, for `oauth_timestamp`.
    public var clock: @Sendable () -> Date
    /// A fresh nonce for each request.
    public var nonce: @Sendable () -> String
    /// The signing key prepared from the secrets, kept in step with them.
    private var key: OAuth1SigningKey

    /// Creates a signer.
    ///
    /// - Parameters:
    ///   - credentials: the consumer and optional token credentials (with a private key for
    ///     an RSA method).
    ///   - signatureMethod: `HMAC-SHA1` unless the provider says otherwise.
    ///   - transmission: the `Authorization` header without realm by default.
    ///   - includesVersion: send `oauth_version="1.0"` (default `true`).
    ///   - bodySigning: `oauth_body_hash` for a non-empty body that is not a form by default.
    ///   - clock: the time source; the system clock by default.
    ///   - nonce: the nonce source; 30 random alphanumerics from the system's secure generator by
    ///     default (accepted by strict verifiers such as oauthlib's, which wants 20–30).
    public init(
        credentials: OAuth1Credentials,
        signatureMethod: OAuth1SignatureMethod = .hmacSHA1,
        transmission: OAuth1Transmission = .header,
        includesVersion: Bool = true,
        bodySigning: OAuth1BodySigning = .bodyHash,
        clock: @escaping @Sendable () -> Date = { Date() },
        nonce: @escaping @Sendable () -> String = OAuth1Signer.defaultNonce
    ) {
        self.credentials = credentials
        self.signatureMethod = signatureMethod
        self.key = OAuth1SigningKey(method: signatureMethod, credentials: credentials)
        self.transmission = transmission
        self.includesVersion = includesVersion
        self.bodySigning = bodySigning
        self.clock = clock
        self.nonce = nonce
    }

    /// The default nonce source: 30 alphanumerics (≈178 bits) from the operating system's
    /// secure generator, as SigningCore's `Nonce.alphanumeric(length:using:)` draws them.
    public static let defaultNonce: @Sendable () -> String = { Nonce.alphanumeric(length: 30) }

    /// Protocol parameters this signer sets itself; extra parameters may not reuse them.
    static let reservedNames: Set<String> = [
        "oauth_consumer_key", "oauth_token", "oauth_signature_method", "oauth_timestamp", "oauth_nonce", "oauth_version",
        "oauth_callback", "oauth_verifier", "oauth_body_hash", "oauth_signature",
    ]

    /// Signs `request`.
    ///
    /// - Parameters:
    ///   - request: the request; its query fields and (for `application/x-www-form-urlencoded`)
    ///     its form fields are signed.
    ///   - callback: `oauth_callback` for the request-token leg (a URL, or `oob`).
    ///   - verifier: `oauth_verifier` for the access-token leg.
    ///   - extraProtocolParameters: more `oauth_*` parameters some providers define (sent and
    ///     signed with the others); names must start with `oauth_` and not be one this signer sets.
    /// - Returns: the request ready to send plus its base string and signature.
    /// - Throws: ``OAuth1Error`` for a URL that cannot be signed, a query or form body that
    ///   cannot be decoded, an extra parameter with a bad or reserved name, a request that
    ///   already carries protocol parameters (an `oauth_*` field of its own is kept only when
    ///   it is new and where ``transmission`` puts the others), form transmission on a
    ///   non-form body, an RSA method without a private key, or a private key that fails to sign.
    public func sign(
        _ request: OAuth1Request, callback: String? = nil, verifier: String? = nil, extraProtocolParameters: [FormField] = []
    ) throws(OAuth1Error) -> OAuth1SignedRequest {
        try sign(request, timestamp: clock(), callback: callback, verifier: verifier, extraProtocolParameters: extraProtocolParameters)
    }

    /// Signs `request` as ``sign(_:callback:verifier:extraProtocolParameters:)-(OAuth1Request,_,_,_)``
    /// does, with `oauth_timestamp` taken from `date` instead of ``clock``: how a client that
    /// corrects for the server's clock signs.
    public func sign(
        _ request: OAuth1Request, timestamp date: Date, callback: String? = nil, verifier: String? = nil, extraProtocolParameters: [FormField] = []
    ) throws(OAuth1Error) -> OAuth1SignedRequest {
        let parts = try OAuth1URLParts(request.url)
        let isForm = request.hasFormBody
        if case .formBody = transmission, !isForm, !request.body.isEmpty {
            throw OAuth1Error(
                code: .invalidParameter,
                message: "form-body transmission needs an application/x-www-form-urlencoded body; use the header or query transmission for other bodies"
            )
        }

        var protocolParameters: [FormField] = []
        protocolParameters.reserveCapacity(10 + extraProtocolParameters.count)
        protocolParameters.append(FormField("oauth_consumer_key", credentials.consumerKey))
        if let token = credentials.token { protocolParameters.append(FormField("oauth_token", token)) }
        protocolParameters.append(FormField("oauth_signature_method", signatureMethod.rawValue))
        protocolParameters.append(FormField("oauth_timestamp", String(Self.seconds(date))))
        protocolParameters.append(FormField("oauth_nonce", nonce()))
        if includesVersion { protocolParameters.append(FormField("oauth_version", "1.0")) }
        if let callback { protocolParameters.append(FormField("oauth_callback", callback)) }
        if let verifier { protocolParameters.append(FormField("oauth_verifier", verifier)) }
        if !isForm, bodySigning.hashes(request.body) {
            protocolParameters.append(FormField("oauth_body_hash", OAuth1BodyHash.compute(request.body, method: signatureMethod)))
        }
        for extra in extraProtocolParameters {
            guard extra.name.hasPrefix("oauth_"), !Self.reservedNames.contains(extra.name),
                  !protocolParameters.contains(where: { $0.name == extra.name })
            else {
                throw OAuth1Error(
                    code: .invalidParameter,
                    message: "extra protocol parameter '\(extra.name.prefix(40))' must start with 'oauth_', appear once and not be one the signer sets"
                )
            }
            protocolParameters.append(extra)
        }

        var signed = OAuth1DecodedParameters(protocolParameters, reservingMore: parts.queryByteCount + (isForm ? request.body.count : 0))
        try parts.withQueryBytes { query throws(OAuth1Error) in
            if let query, !query.isEmpty { try Self.appendFields(of: query, to: &signed, what: "the URL's query") }
        }
        let queryEnd = signed.count
        if isForm, !request.body.isEmpty { try Self.appendFields(of: request.body, to: &signed, what: "the form body") }
        try Self.checkRequestProtocolFields(signed, from: protocolParameters.count, queryEnd: queryEnd, transmission: transmission)

        let (baseBytes, encodedParameters) = OAuth1Canonicalization.baseStringBytes(method: request.method, url: parts, parameters: signed)
        // The protocol parameters are the first ones signed: the header, query or body reuses
        // their encoding for the base string.
        let encoded = (parameters: encodedParameters, count: protocolParameters.count)
        let signature = try key.signature(over: baseBytes)
        protocolParameters.append(FormField("oauth_signature", signature))

        var output = request
        var authorizationHeader: String?
        switch transmission {
        case .authorizationHeader(let realm):
            let header = OAuth1AuthorizationHeader.serialize(realm: realm, encoded: encoded.parameters, count: encoded.count, signature: signature)
            output.setHeader("Authorization", header)
            authorizationHeader = header
        case .query:
            output.url = try Self.appendingQuery(to: request.url) { Self.appendProtocolPairs(encoded, signature: signature, to: &$0) }
        case .formBody:
            if !isForm { output.setHeader("Content-Type", "application/x-www-form-urlencoded") }
            var body = request.body
            if !body.isEmpty { body.append(UInt8(ascii: "&")) }
            Self.appendProtocolPairs(encoded, signature: signature, to: &body)
            output.body = body
        }
        let baseString = String(decoding: baseBytes, as: UTF8.self)
        if sendsBaseString { output.setHeader(OAuth1BaseStringDifference.headerName, baseString) }
        return OAuth1SignedRequest(
            request: output,
            baseString: baseString,
            signature: signature,
            protocolParameters: protocolParameters,
            authorizationHeader: authorizationHeader
        )
    }

    /// Refuses `oauth_*` fields already in the request (`signed[start..<queryEnd]` from the
    /// query, the rest from the form body) that no verifier would accept beside the signer's.
    ///
    /// To a verifier every `oauth_*` name is a protocol parameter (RFC 5849 §3.5): each may
    /// appear once, and all must travel in one place, so oauthlib and ``OAuth1IncomingRequest``
    /// refuse a request with some in its header and others in its query. Such a field is
    /// therefore kept only when it is new and sits where ``transmission`` puts the others.
    private static func checkRequestProtocolFields(
        _ signed: OAuth1DecodedParameters, from start: Int, queryEnd: Int, transmission: OAuth1Transmission
    ) throws(OAuth1Error) {
        var seen = Set<String>()  // filled on the first such field: most requests have none
        for index in start..<signed.count where signed.isProtocolParameter(index) {
            let name = signed.name(index)
            if seen.isEmpty { seen = Set((0..<start).map(signed.name)) }
            guard !reservedNames.contains(name), seen.insert(name).inserted else {
                throw OAuth1Error(
                    code: .duplicateParameter,
                    message: "the request already carries '\(name.prefix(40))'; sign the request without protocol parameters"
                )
            }
            let inQuery = index < queryEnd
            switch (transmission, inQuery) {
            case (.query, true), (.formBody, false):
                continue
            case (.authorizationHeader, _), (.query, false), (.formBody, true):
                throw OAuth1Error(
                    code: .parametersInSeveralLocations,
                    message: "\(inQuery ? "the URL's query" : "the form body") carries '\(name.prefix(40))', but the protocol parameters go \(transmission.placeDescription); "
                        + "RFC 5849 §3.5 wants them all in one place and a verifier refuses the request: pass it in extraProtocolParameters instead"
                )
            }
        }
    }

    /// Whole seconds since 1970 (RFC 5849 §3.3), clamped so that no clock value can trap.
    private static func seconds(_ date: Date) -> Int {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite else { return 0 }
        return Int(min(max(seconds, 0), 1e15))
    }

    private static func appendFields(of text: UnsafeBufferPointer<UInt8>, to fields: inout OAuth1DecodedParameters, what: String) throws(OAuth1Error) {
        do throws(SigningCoreError) {
            try fields.appendForm(text: text)
        } catch {
            throw OAuth1Error(code: .invalidParameter, message: "\(what) cannot be decoded: \(error.description)")
        }
    }

    private static func appendFields(of body: [UInt8], to fields: inout OAuth1DecodedParameters, what: String) throws(OAuth1Error) {
        do throws(SigningCoreError) {
            try fields.appendForm(utf8: body)
        } catch {
            throw OAuth1Error(code: .invalidParameter, message: "\(what) cannot be decoded: \(error.description)")
        }
    }

    /// Appends the protocol parameters as `name=value&…`, each side percent-encoded per RFC 5849
    /// §3.6: the first `encoded.count` of `encoded.parameters` as they were encoded for the base
    /// string, then `oauth_signature`.
    private static func appendProtocolPairs(
        _ encoded: (parameters: OAuth1Canonicalization.SortedParameters, count: Int), signature: String, to output: inout [UInt8]
    ) {
        encoded.parameters.forEachEncoded(first: encoded.count) { name, value in
            output.append(contentsOf: name)
            output.append(UInt8(ascii: "="))
            output.append(contentsOf: value)
            output.append(UInt8(ascii: "&"))
        }
        output.append(contentsOf: "oauth_signature=".utf8)
        PercentEncoding.append(signature, to: &output)
    }

    /// `url` with the pairs that `appendPairs` writes appended to its query, before any fragment.
    private static func appendingQuery(to url: URL, appendPairs: (inout [UInt8]) -> Void) throws(OAuth1Error) -> URL {
        // `#`, `?` and `&` are looked for as bytes: a URL's text is ASCII, and searching it by
        // Character (grapheme breaking) and with Foundation's `contains` cost more than the
        // rest of the signature.
        var text = url.absoluteString
        let bytes = text.withUTF8 { text in
            let fragmentStart = text.firstIndex(of: UInt8(ascii: "#")) ?? text.endIndex
            let beforeFragment = UnsafeBufferPointer(rebasing: text[..<fragmentStart])
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.count + 512)  // the protocol parameters take about 300
            bytes.append(contentsOf: beforeFragment)
            if !beforeFragment.contains(UInt8(ascii: "?")) {
                bytes.append(UInt8(ascii: "?"))
            } else if let last = beforeFragment.last, last != UInt8(ascii: "?"), last != UInt8(ascii: "&") {
                bytes.append(UInt8(ascii: "&"))
            }
            appendPairs(&bytes)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[fragmentStart...]))
            return bytes
        }
        guard let signedURL = URL(string: String(decoding: bytes, as: UTF8.self)) else {
            throw OAuth1Error(code: .invalidURL, message: "the URL cannot carry the protocol parameters in its query")
        }
        return signedURL
    }
}

extension OAuth1Signer {
    /// `RequestSigner` conformance: `request` signed at `date` with a fresh nonce, as
    /// `SignedHTTPClient` signs each attempt.
    public func sign(_ request: APIRequest, at date: Date) throws -> APIRequest {
        try sign(request, timestamp: date).request
    }
}

extension OAuth1Signer {
    /// Whether `response` refuses a request's timestamp (the Problem Reporting extension's
    /// `timestamp_refused`, Twitter's code 135, a provider's words about the timestamp): what
    /// `SignedHTTPClient.send(_:signer:isClockSkewRejection:)` retries once at the server's time.
    @Sendable public static func isTimestampRejection(_ response: APIResponse) -> Bool {
        OAuth1ProviderErrorText.isTimestampRejection(response)
    }
}
