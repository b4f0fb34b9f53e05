public import Foundation
public import SignedHTTP
public import SigningCore

/// Signs requests with the `auth_signature` scheme: a `RequestSigner` for
/// `SignedHTTPClient`, and usable on its own (`sign(_:)` for a `URLRequest`).
///
/// What is signed is what is sent: the signer reads the request's query and form body back as
/// the server will, adds the auth values (version 2: to the query for GET, HEAD and DELETE, to
/// the form body otherwise; version 4: to headers), and signs with
/// ``AFSignedCanonicalForm``. A JSON or other non-form body is not covered by the signature
/// (the scheme's weakness; see AFSignedClient's article "Getting started", "The scheme's weaknesses").
public struct AFSignedSigner: RequestSigner, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The client id and secret.
    public var credentials: AFSignedCredentials
    /// The scheme's version.
    public var version: AFSignedVersion
    /// Where version 2 puts the client id.
    public var clientIDField: AFSignedClientIDField
    /// The nonce source, or `nil` to send no nonce (the original client sends none; a verifier with replay
    /// protection needs one).
    public var nonce: (@Sendable () -> String)?

    /// Creates a signer.
    public init(
        credentials: AFSignedCredentials,
        version: AFSignedVersion = .v2,
        clientIDField: AFSignedClientIDField = .clientID,
        nonce: (@Sendable () -> String)? = AFSignedSigner.defaultNonce
    ) {
        self.credentials = credentials
        self.version = version
        self.clientIDField = clientIDField
        self.nonce = nonce
    }

    /// 32 alphanumerics from the system's secure generator.
    @Sendable public static func defaultNonce() -> String { Nonce.alphanumeric(length: 32) }

    /// Whether `method`'s auth values go in the query (version 2).
    static func carriesAuthInQuery(_ method: String) -> Bool {
        ["GET", "HEAD", "DELETE", "OPTIONS"].contains(method.uppercased())
    }

    /// `request` signed as of `date`.
    ///
    /// - Throws: ``AFSignedError/Code/unsignableParameters`` for parameters a PHP backend cannot
    ///   verify, ``AFSignedError/Code/malformedRequest`` for a query or body that is not valid
    ///   percent-encoded UTF-8.
    public func sign(_ request: APIRequest, at date: Date) throws(AFSignedError) -> APIRequest {
        var signed = request
        let method = request.method.uppercased()
        let timestamp = String(Int(date.timeIntervalSince1970.rounded(.down)))
        let nonceValue = nonce?()
        var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false) ?? URLComponents()
        var query = try Self.fields(components.percentEncodedQuery ?? "", part: "query")
        let formBody = request.body.isEmpty || request.hasFormBody
        var body = formBody ? try Self.fields(request.body, part: "form body") : []
        guard query.count + body.count + 5 <= PHPArray.maximumVariables else {
            throw AFSignedError(code: .unsignableParameters, message: "\(query.count + body.count) parameters: a PHP backend reads at most \(PHPArray.maximumVariables) and drops the rest; send fewer")
        }
        switch version {
        case .v2:
            var auth = [FormField(AFSignedField.version, version.rawValue), FormField(clientIDField.rawValue, credentials.clientID), FormField(AFSignedField.timestamp, timestamp)]
            if let nonceValue { auth.append(FormField(AFSignedField.nonce, nonceValue)) }
            let authNames = Set(auth.map(\.name) + [AFSignedField.nonce, AFSignedField.signature])
            if let carried = (query + body).first(where: { authNames.contains($0.name) }) {
                throw AFSignedError(code: .unsignableParameters, message: "the request already carries \(carried.name); sign the request without auth values (the server refuses an auth value sent twice)")
            }
            let inQuery = Self.carriesAuthInQuery(method) || !formBody
            if inQuery { query += auth } else { body += auth }
            let signature = try signature(method: method, path: components.percentEncodedPath, query: query, body: body)
            if inQuery {
                query.append(FormField(AFSignedField.signature, signature))
            } else {
                body.append(FormField(AFSignedField.signature, signature))
                signed.body = Array(FormEncoding.serialize(body).utf8)
                signed.setHeader("Content-Type", "application/x-www-form-urlencoded")
            }
            components.percentEncodedQuery = query.isEmpty ? nil : FormEncoding.serialize(query)
        case .v4:
            let signature = try signature(method: method, path: components.percentEncodedPath, query: query, body: body)
            signed.setHeader(AFSignedField.versionHeader, version.rawValue)
            signed.setHeader(AFSignedField.clientIDHeader, credentials.clientID)
            signed.setHeader(AFSignedField.timestampHeader, timestamp)
            if let nonceValue { signed.setHeader(AFSignedField.nonceHeader, nonceValue) }
            signed.setHeader(AFSignedField.signatureHeader, signature)
        }
        if let url = components.url { signed.url = url }
        return signed
    }

    /// The string the signature of this request covers, for display (`signed-api afsigned sign`).
    public func stringToSign(method: String, path: String, query: [FormField], body: [FormField]) throws(AFSignedError) -> [UInt8] {
        try AFSignedCanonicalForm.bytes(version: version, method: method.uppercased(), path: path, query: query, body: body)
    }

    private func signature(method: String, path: String, query: [FormField], body: [FormField]) throws(AFSignedError) -> String {
        let bytes = try stringToSign(method: method, path: path, query: query, body: body)
        return HMAC<SHA256>.authenticationCode(for: bytes, key: Array(credentials.clientSecret.utf8)).hex
    }

    /// The decoded fields of a form body, which must be UTF-8.
    static func fields(_ body: [UInt8], part: String) throws(AFSignedError) -> [FormField] {
        guard let text = String(validating: body, as: UTF8.self) else {
            throw AFSignedError(code: .malformedRequest, message: "the request's \(part) is not UTF-8")
        }
        return try fields(text, part: part)
    }

    /// The decoded fields of a query or form body.
    static func fields(_ text: some StringProtocol, part: String) throws(AFSignedError) -> [FormField] {
        do {
            return try FormEncoding.parse(text)
        } catch {
            throw AFSignedError(code: .malformedRequest, message: "the request's \(part) is not valid percent-encoded UTF-8 (\(error.message))", cause: error)
        }
    }

    public var description: String { "AFSignedSigner(v\(version.rawValue), \(credentials))" }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(self, children: ["credentials": credentials, "version": version, "clientIDField": clientIDField], displayStyle: .struct)
    }
}

extension AFSignedSigner {
    /// Whether `response` refuses a request's timestamp (401 with the original backend's
    /// `Incorrect auth timestamp`): what `SignedHTTPClient.send(_:signer:isClockSkewRejection:)`
    /// retries once at the server's time.
    @Sendable public static func isTimestampRejection(_ response: APIResponse) -> Bool {
        AFSignedAnswer.isTimestampRejection(response)
    }
}
