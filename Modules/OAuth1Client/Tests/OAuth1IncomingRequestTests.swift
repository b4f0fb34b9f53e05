import Foundation
import OAuth1Client
import SigningCore
import Testing

@Suite("Incoming requests")
struct OAuth1IncomingRequestTests {
    /// Builds a request signed over its own base string, with the protocol parameters where
    /// `location` says.
    static func signed(
        method: String = "POST",
        url: String,
        protocolParameters: [FormField],
        location: OAuth1IncomingRequest.ParameterLocation,
        contentType: String? = nil,
        body: String = "",
        consumerSecret: String = "cs",
        tokenSecret: String? = "ts"
    ) throws -> OAuth1IncomingRequest {
        let unsigned = URL(string: url)!
        let parts = try #require(URLComponents(url: unsigned, resolvingAgainstBaseURL: false))
        var signed = try FormEncoding.parse(parts.percentEncodedQuery ?? "")
        if let contentType, MediaType.isFormURLEncoded(contentType) { signed += try FormEncoding.parse(body) }
        signed += protocolParameters
        let method1 = OAuth1SignatureMethod(rawValue: protocolParameters.first { $0.name == "oauth_signature_method" }?.value ?? "") ?? .hmacSHA1
        let base = try OAuth1BaseString.make(method: method, url: unsigned, parameters: signed)
        let signature = try OAuth1Signature.compute(method: method1, baseString: base, consumerSecret: consumerSecret, tokenSecret: tokenSecret)
        let all = protocolParameters + [FormField("oauth_signature", signature)]
        switch location {
        case .authorizationHeader:
            return try OAuth1IncomingRequest(
                method: method, url: unsigned, authorizationHeader: OAuth1AuthorizationHeader.serialize(parameters: all),
                contentType: contentType, body: Array(body.utf8)
            )
        case .query:
            let separator = parts.percentEncodedQuery == nil ? "?" : "&"
            return try OAuth1IncomingRequest(
                method: method, url: URL(string: url + separator + FormEncoding.serialize(all))!, authorizationHeader: nil,
                contentType: contentType, body: Array(body.utf8)
            )
        case .formBody:
            let form = (body.isEmpty ? "" : body + "&") + FormEncoding.serialize(all)
            return try OAuth1IncomingRequest(
                method: method, url: unsigned, authorizationHeader: nil,
                contentType: "application/x-www-form-urlencoded", body: Array(form.utf8)
            )
        }
    }

    static let protocolParameters = [
        FormField("oauth_consumer_key", "key"), FormField("oauth_token", "token"), FormField("oauth_signature_method", "HMAC-SHA1"),
        FormField("oauth_timestamp", "1700000000"), FormField("oauth_nonce", "abc123"), FormField("oauth_version", "1.0"),
    ]

    @Test("protocol parameters are found and verified wherever they are sent", arguments: [
        OAuth1IncomingRequest.ParameterLocation.authorizationHeader, .query, .formBody,
    ])
    func locations(location: OAuth1IncomingRequest.ParameterLocation) throws {
        let request = try Self.signed(
            url: "https://api.example.com/a%20b?x=1&x=2&y=%2B",
            protocolParameters: Self.protocolParameters,
            location: location,
            contentType: "application/x-www-form-urlencoded",
            body: "z=3&z=%F0%9F%98%80"
        )
        #expect(request.protocolParameterLocation == location)
        #expect(request.consumerKey == "key")
        #expect(request.token == "token")
        #expect(request.timestamp == 1_700_000_000)
        #expect(request.nonce == "abc123")
        #expect(request.version == "1.0")
        #expect(request.verify(consumerSecret: "cs", tokenSecret: "ts"))
        #expect(!request.verify(consumerSecret: "cs", tokenSecret: "other"))
        #expect(!request.verify(consumerSecret: "cs", tokenSecret: nil))
        #expect(request.signatureParameters.contains(FormField("z", "😀")))
        #expect(request.signatureParameters.contains(FormField("y", "+")))
        #expect(!request.signatureParameters.contains { $0.name == "oauth_signature" })
    }

    @Test("every shared-secret signature method verifies (RSA: OAuth1RSATests)", arguments: OAuth1SignatureMethod.allCases.filter { $0.key != .rsaKeyPair })
    func methods(method: OAuth1SignatureMethod) throws {
        var parameters = Self.protocolParameters.filter { $0.name != "oauth_signature_method" }
        parameters.append(FormField("oauth_signature_method", method.rawValue))
        let request = try Self.signed(url: "http://example.com:8080/", protocolParameters: parameters, location: .authorizationHeader)
        #expect(request.signatureMethod == method)
        #expect(request.verify(consumerSecret: "cs", tokenSecret: "ts"))
        #expect(!request.verify(consumerSecret: "cs2", tokenSecret: "ts"))
    }

    @Test("PLAINTEXT may omit timestamp and nonce")
    func plaintextWithoutNonce() throws {
        let request = try Self.signed(
            url: "https://example.com/initiate",
            protocolParameters: [FormField("oauth_consumer_key", "key"), FormField("oauth_signature_method", "PLAINTEXT")],
            location: .authorizationHeader
        )
        #expect(request.timestamp == nil)
        #expect(request.verify(consumerSecret: "cs", tokenSecret: "ts"))
    }

    @Test("oauth_body_hash is checked for non-form bodies")
    func bodyHash() throws {
        let body = "{\"hello\":\"world\"}"
        let hash = OAuth1BodyHash.compute(Array(body.utf8), method: .hmacSHA256)
        var parameters = Self.protocolParameters.filter { $0.name != "oauth_signature_method" }
        parameters += [FormField("oauth_signature_method", "HMAC-SHA256"), FormField("oauth_body_hash", hash)]
        let good = try Self.signed(url: "https://example.com/json", protocolParameters: parameters, location: .authorizationHeader,
                                   contentType: "application/json", body: body)
        #expect(good.bodyHashMatches == true)
        #expect(good.verify(consumerSecret: "cs", tokenSecret: "ts"))
        let tampered = try OAuth1IncomingRequest(
            method: "POST", url: good.url,
            authorizationHeader: OAuth1AuthorizationHeader.serialize(parameters: good.protocolParameters),
            contentType: "application/json", body: Array("{\"hello\":\"there\"}".utf8)
        )
        #expect(tampered.bodyHashMatches == false)
        #expect(!tampered.verify(consumerSecret: "cs", tokenSecret: "ts"))
        #expect(OAuth1BodyHash.compute([], method: .hmacSHA1) == "2jmj7l5rSw0yVb/vlWAYkK/YBwk=")
    }

    @Test("oauth_timestamp is read as whole seconds", arguments: [("0", 0), ("0001", 1), ("1700000000", 1_700_000_000), ("9223372036854775807", Int.max)])
    func timestamps(text: String, seconds: Int) throws {
        let header = "OAuth oauth_consumer_key=\"k\", oauth_signature_method=\"PLAINTEXT\", oauth_signature=\"s\", oauth_timestamp=\"\(text)\""
        let request = try OAuth1IncomingRequest(method: "GET", url: try #require(URL(string: "https://e.com/")), authorizationHeader: header, contentType: nil, body: [])
        #expect(request.timestamp == seconds)
    }

    @Test("bad requests are refused with the right code", arguments: [
        // (url, header, content type, body, code)
        ("https://e.com/", nil, nil, "", OAuth1Error.Code.missingParameter),
        ("https://e.com/", "Bearer x", nil, "", .missingParameter),
        ("https://e.com/", "OAuth oauth_nonce=\"1", nil, "", .invalidAuthorizationHeader),
        ("https://e.com/?oauth_nonce=1&oauth_nonce=2", nil, nil, "", .duplicateParameter),
        ("https://e.com/?oauth_nonce=1", "OAuth oauth_consumer_key=\"k\"", nil, "", .parametersInSeveralLocations),
        ("https://e.com/", "OAuth oauth_consumer_key=\"k\"", "application/x-www-form-urlencoded", "oauth_nonce=1", .parametersInSeveralLocations),
        ("https://e.com/", "OAuth oauth_consumer_key=\"k\", oauth_signature_method=\"HMAC-SHA1\", oauth_signature=\"s\", oauth_nonce=\"n\"", nil, "", .missingParameter),
        ("https://e.com/", "OAuth oauth_consumer_key=\"k\", oauth_signature_method=\"RSA-MD5\", oauth_signature=\"s\"", nil, "", .unsupportedSignatureMethod),
        ("https://e.com/", "OAuth oauth_consumer_key=\"k\", oauth_signature_method=\"PLAINTEXT\", oauth_signature=\"s\", oauth_version=\"2.0\"", nil, "", .unsupportedVersion),
        ("https://e.com/", "OAuth oauth_consumer_key=\"k\", oauth_signature_method=\"PLAINTEXT\", oauth_signature=\"s\", oauth_timestamp=\"-5\"", nil, "", .invalidParameter),
        ("https://e.com/", "OAuth oauth_consumer_key=\"k\", oauth_signature_method=\"PLAINTEXT\", oauth_signature=\"s\", oauth_timestamp=\"99999999999999999999\"", nil, "", .invalidParameter),
        ("https://e.com/", "OAuth oauth_consumer_key=\"k\", oauth_signature_method=\"PLAINTEXT\", oauth_signature=\"s\", oauth_timestamp=\"9223372036854775808\"", nil, "", .invalidParameter),
        ("https://e.com/", "OAuth oauth_consumer_key=\"k\", oauth_signature_method=\"PLAINTEXT\", oauth_signature=\"s\", oauth_timestamp=\"\"", nil, "", .invalidParameter),
        ("https://e.com/", "OAuth oauth_consumer_key=\"k\", oauth_signature_method=\"PLAINTEXT\", oauth_signature=\"s\", oauth_timestamp=\"12:\"", nil, "", .invalidParameter),
        ("https://e.com/", "OAuth oauth_consumer_key=\"k\", oauth_signature_method=\"HMAC-SHA1\", oauth_signature=\"s\", oauth_timestamp=\"1\"", nil, "", .missingParameter),
        ("https://e.com/", "OAuthx oauth_consumer_key=\"k\", oauth_signature_method=\"PLAINTEXT\", oauth_signature=\"s\"", nil, "", .missingParameter),
        ("https://e.com/", "OAuth oauth_consumer_key=\"k\", oauth_signature_method=\"PLAINTEXT\", oauth_signature=\"s\", oauth_body_hash=\"x\"", "application/x-www-form-urlencoded", "a=1", .bodyHashNotAllowed),
        ("https://e.com/", "OAuth oauth_consumer_key=\"k\"", "application/x-www-form-urlencoded", "a=%zz", .invalidParameter),
        ("https://e.com/", "OAuth oauth_consumer_key=\"k\"", "application/x-www-form-urlencoded", "a=%E0%A4", .invalidParameter),
        ("https://e.com/", "OAuth oauth_signature_method=\"PLAINTEXT\", oauth_signature=\"s\"", nil, "", .missingParameter),
    ] as [(String, String?, String?, String, OAuth1Error.Code)])
    func refused(url: String, header: String?, contentType: String?, body: String, code: OAuth1Error.Code) throws {
        let error = #expect(throws: OAuth1Error.self) {
            try OAuth1IncomingRequest(method: "GET", url: try #require(URL(string: url)), authorizationHeader: header, contentType: contentType, body: Array(body.utf8))
        }
        #expect(error?.code == code)
    }

    @Test("a non-UTF-8 form body is refused, and told apart from escapes that decode to non-UTF-8", arguments: [
        ([0x61, 0x3D, 0xFF], "the form body is not valid UTF-8"),
        (Array("a=%E0%A4".utf8), "the form body cannot be decoded"),
    ] as [([UInt8], String)])
    func invalidUTF8Body(body: [UInt8], message: String) {
        let error = #expect(throws: OAuth1Error.self) {
            try OAuth1IncomingRequest(method: "POST", url: URL(string: "https://e.com/")!, authorizationHeader: "OAuth oauth_consumer_key=\"k\"",
                                      contentType: "application/x-www-form-urlencoded", body: body)
        }
        #expect(error?.code == .invalidParameter)
        #expect(error?.message.hasPrefix(message) == true)
    }

    /// The request reads its query and form body as SigningCore's form parser does: the same
    /// fields in the same order, and the parser's error when it refuses them.
    @Test("query and form fields agree with FormEncoding on 3000 random requests, errors included")
    func fieldsAgreeWithFormEncoding() throws {
        var generator = SplitMix64(seed: 2026)
        let pieces = ["a", "B", "=", "&", "+", "%", "%2", "%20", "%2B", "%zz", "%C3%A9", "%C3", "%FF", "é", "&&", "==", "~", "*", "oauth_x", "oauth_signature"]
        func random() -> String {
            (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
        }
        let header = "OAuth oauth_consumer_key=\"k\", oauth_signature_method=\"PLAINTEXT\", oauth_signature=\"s%26\""
        let headerFields = [FormField("oauth_consumer_key", "k"), FormField("oauth_signature_method", "PLAINTEXT")]
        var outcomes = (read: 0, refused: 0)
        for _ in 0..<3000 {
            let (query, body) = (random(), random())
            // Foundation may refuse or rewrite some of these as URLs: compare only what it keeps.
            guard let url = URL(string: "https://e.com/p?" + query), url.query(percentEncoded: true) == query else { continue }
            let received = Result { () throws(OAuth1Error) in
                try OAuth1IncomingRequest(method: "POST", url: url, authorizationHeader: header,
                                          contentType: "application/x-www-form-urlencoded", body: Array(body.utf8))
            }
            let expected = Result { () throws(SigningCoreError) in (try FormEncoding.parse(query), try FormEncoding.parse(body)) }
            switch (received, expected) {
            case (.success(let request), .success(let (queryFields, bodyFields))):
                let protocolInQueryOrBody = (queryFields + bodyFields).contains { $0.name.hasPrefix("oauth_") }
                #expect(!protocolInQueryOrBody, "oauth_* fields in the query or body must be refused beside the header: \(query) / \(body)")
                #expect(request.signatureParameters == queryFields + headerFields + bodyFields, "\(query) / \(body)")
                outcomes.read += 1
            case (.failure(let error), .success(let (queryFields, bodyFields))):
                #expect((queryFields + bodyFields).contains { $0.name.hasPrefix("oauth_") }, "refused: \(error.message)")
            case (.failure(let error), .failure(let formError)):
                #expect(error.code == .invalidParameter && error.message.hasSuffix(formError.description), "\(error.message) / \(formError.description)")
                outcomes.refused += 1
            case (.success, .failure(let formError)):
                Issue.record("accepted what FormEncoding refuses (\(formError.description)): \(query) / \(body)")
            }
        }
        #expect(outcomes.read > 300 && outcomes.refused > 300, "too few requests compared: \(outcomes)")
    }

    @Test("form content types are recognised with parameters and case", arguments: [
        ("application/x-www-form-urlencoded", true), (" Application/X-WWW-Form-URLEncoded ; charset=UTF-8", true),
        ("application/json", false), ("multipart/form-data; boundary=x", false), ("", false),
    ])
    func formContentType(contentType: String, expected: Bool) {
        #expect(MediaType.isFormURLEncoded(contentType) == expected)
    }
}
