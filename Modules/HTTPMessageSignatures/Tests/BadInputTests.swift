import Foundation
import HTTPMessageSignatures
import SignedHTTPTesting
import Testing

/// Hostile or broken signatures: each refused with its own code, never a crash or a hang.
@Suite struct BadInputTests {
    struct FieldCase: Sendable, CustomTestStringConvertible {
        var name: String
        var input: [String]
        var signature: [String]
        var code: HTTPMessageSignatureError.Code
        var testDescription: String { name }
    }

    static let good = #"sig1=("@method" "@authority" "@path" "@query" "content-digest" "content-type");created=1700000000;keyid="client-1";nonce="nonce-1""#
    static let goodSignature = "sig1=:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=:"

    static let fieldCases: [FieldCase] = [
        FieldCase(name: "Signature-Input not a dictionary", input: [#"("@method");created=1"#], signature: [goodSignature], code: .malformedSignatureInput),
        FieldCase(name: "Signature-Input member an Item", input: [#"sig1="@method""#], signature: [goodSignature], code: .malformedSignatureInput),
        FieldCase(name: "a covered component an Integer", input: [#"sig1=("@method" 5);created=1700000000;keyid="client-1""#], signature: [goodSignature], code: .malformedSignatureInput),
        FieldCase(name: "created a String", input: [#"sig1=("@method");created="1700000000";keyid="client-1""#], signature: [goodSignature], code: .malformedSignatureInput),
        FieldCase(name: "keyid a Token", input: [#"sig1=("@method");created=1700000000;keyid=client"#], signature: [goodSignature], code: .malformedSignatureInput),
        FieldCase(name: "negative created", input: [#"sig1=("@method");created=-5;keyid="client-1""#], signature: [goodSignature], code: .malformedSignatureInput),
        FieldCase(name: "unterminated string", input: [#"sig1=("@method" "@path);created=1700000000"#], signature: [goodSignature], code: .malformedSignatureInput),
        FieldCase(name: "unterminated inner list", input: [#"sig1=("@method" "@path""#], signature: [goodSignature], code: .malformedSignatureInput),
        FieldCase(name: "an uppercase component name", input: [#"sig1=("Content-Type");created=1700000000;keyid="client-1""#], signature: [goodSignature], code: .malformedSignatureInput),
        FieldCase(name: "10,000 members", input: [(0..<10_000).map { "s\($0)=()" }.joined(separator: ", ")], signature: [goodSignature], code: .malformedSignatureInput),
        FieldCase(name: "10,000 members over many lines", input: (0..<10_000).map { "s\($0)=()" }, signature: [goodSignature], code: .malformedSignatureInput),
        FieldCase(name: "Signature not a dictionary", input: [good], signature: [":AAAA:"], code: .malformedSignature),
        FieldCase(name: "Signature member a String", input: [good], signature: [#"sig1="AAAA""#], code: .malformedSignature),
        FieldCase(name: "Signature member an Inner List", input: [good], signature: ["sig1=(:AAAA:)"], code: .malformedSignature),
        FieldCase(name: "non-Base64 signature", input: [good], signature: ["sig1=:!!!!:"], code: .malformedSignature),
        FieldCase(name: "Base64 with bad padding", input: [good], signature: ["sig1=:AA=A:"], code: .malformedSignature),
        FieldCase(name: "20,000 Signature members", input: [good], signature: [(0..<20_000).map { "s\($0)=:AAAA:" }.joined(separator: ",")], code: .malformedSignature),
        FieldCase(name: "duplicate label in one line", input: [good + ", " + good], signature: [goodSignature], code: .duplicateLabel),
        FieldCase(name: "duplicate label over two lines", input: [good, good], signature: [goodSignature], code: .duplicateLabel),
        FieldCase(name: "duplicate label in Signature", input: [good], signature: [goodSignature, goodSignature], code: .duplicateLabel),
        FieldCase(name: "label in Signature-Input only", input: [good, #"sig2=("@method");created=1700000000;keyid="client-1""#], signature: [goodSignature], code: .labelMismatch),
        FieldCase(name: "label in Signature only", input: [good], signature: [goodSignature, "sig2=:AAAA:"], code: .labelMismatch),
        FieldCase(name: "no signature fields", input: [], signature: [], code: .missingSignature),
        FieldCase(name: "component listed twice", input: [#"sig1=("@method" "@authority" "@path" "@query" "@method" "content-digest");created=1700000000;keyid="client-1""#], signature: [goodSignature], code: .duplicateComponent),
        FieldCase(name: "component listed twice, parameters reordered", input: [#"sig1=("@method" "@authority" "@path" "@query" "content-digest" "content-digest";key="sha-256";sf "content-digest";sf;key="sha-256");created=1700000000;keyid="client-1""#], signature: [goodSignature], code: .duplicateComponent),
        FieldCase(name: "unknown derived component", input: [#"sig1=("@method" "@authority" "@path" "@query" "content-digest" "@fragment");created=1700000000;keyid="client-1""#], signature: [goodSignature], code: .unknownComponent),
        FieldCase(name: "@signature-params covered", input: [#"sig1=("@method" "@authority" "@path" "@query" "content-digest" "@signature-params");created=1700000000;keyid="client-1""#], signature: [goodSignature], code: .unknownComponent),
        FieldCase(name: "a trailer field (tr)", input: [#"sig1=("@method" "@authority" "@path" "@query" "content-digest" "content-type";tr);created=1700000000;keyid="client-1""#], signature: [goodSignature], code: .invalidComponentParameter),
        FieldCase(name: "req in a request", input: [#"sig1=("@method" "@authority" "@path" "@query" "content-digest" "@method";req);created=1700000000;keyid="client-1""#], signature: [goodSignature], code: .invalidComponentParameter),
        FieldCase(name: "bs with sf", input: [#"sig1=("@method" "@authority" "@path" "@query" "content-digest" "content-type";bs;sf);created=1700000000;keyid="client-1""#], signature: [goodSignature], code: .invalidComponentParameter),
        FieldCase(name: "an unregistered component parameter", input: [#"sig1=("@method" "@authority" "@path" "@query" "content-digest" "content-type";zip);created=1700000000;keyid="client-1""#], signature: [goodSignature], code: .invalidComponentParameter),
        FieldCase(name: "@query-param without name", input: [#"sig1=("@method" "@authority" "@path" "@query" "content-digest" "@query-param");created=1700000000;keyid="client-1""#], signature: [goodSignature], code: .invalidComponentParameter),
        FieldCase(name: "a field not in the message", input: [#"sig1=("@method" "@authority" "@path" "@query" "content-digest" "x-missing");created=1700000000;keyid="client-1""#], signature: [goodSignature], code: .missingComponent),
        FieldCase(name: "a query parameter not in the query", input: [#"sig1=("@method" "@authority" "@path" "@query" "content-digest" "@query-param";name="size");created=1700000000;keyid="client-1""#], signature: [goodSignature], code: .missingComponent),
        FieldCase(name: "@status in a request", input: [#"sig1=("@method" "@authority" "@path" "@query" "content-digest" "@status");created=1700000000;keyid="client-1""#], signature: [goodSignature], code: .missingComponent),
        FieldCase(name: "key of a field that is not a Dictionary", input: [#"sig1=("@method" "@authority" "@path" "@query" "content-digest" "date";key="a");created=1700000000;keyid="client-1""#], signature: [goodSignature], code: .invalidComponentValue),
        FieldCase(name: "unknown alg", input: [#"sig1=("@method" "@authority" "@path" "@query" "content-digest");created=1700000000;keyid="client-1";alg="hmac-sha1""#], signature: [goodSignature], code: .unknownAlgorithm),
        FieldCase(name: "alg disagreeing with the key", input: [#"sig1=("@method" "@authority" "@path" "@query" "content-digest");created=1700000000;keyid="client-1";alg="ed25519""#], signature: [goodSignature], code: .algorithmMismatch),
        FieldCase(name: "a signature of the wrong length", input: [#"sig1=("@method" "@authority" "@path" "@query" "content-digest");created=1700000000;keyid="client-1""#], signature: ["sig1=:AAAA:"], code: .signatureInvalid),
        FieldCase(name: "created in the future", input: [#"sig1=("@method" "@authority" "@path" "@query" "content-digest");created=1700003600;keyid="client-1""#], signature: [goodSignature], code: .createdInFuture),
        FieldCase(name: "expires past", input: [#"sig1=("@method" "@authority" "@path" "@query" "content-digest");created=1700000000;expires=1699999900;keyid="client-1""#], signature: [goodSignature], code: .signatureExpired),
        FieldCase(name: "created too old", input: [#"sig1=("@method" "@authority" "@path" "@query" "content-digest");created=1699990000;keyid="client-1""#], signature: [goodSignature], code: .timestampRefused),
        FieldCase(name: "no created", input: [#"sig1=("@method" "@authority" "@path" "@query" "content-digest");keyid="client-1""#], signature: [goodSignature], code: .timestampRefused),
        FieldCase(name: "no keyid", input: [#"sig1=("@method" "@authority" "@path" "@query" "content-digest");created=1700000000"#], signature: [goodSignature], code: .unknownKey),
        FieldCase(name: "an unknown keyid", input: [#"sig1=("@method" "@authority" "@path" "@query" "content-digest");created=1700000000;keyid="client-2""#], signature: [goodSignature], code: .unknownKey),
        FieldCase(name: "a required component not covered", input: [#"sig1=("@method" "@authority" "@path");created=1700000000;keyid="client-1""#], signature: [goodSignature], code: .missingRequiredComponent),
        FieldCase(name: "the content not covered", input: [#"sig1=("@method" "@authority" "@path" "@query");created=1700000000;keyid="client-1""#], signature: [goodSignature], code: .missingRequiredComponent),
    ]

    @Test("each broken field refused with its code", arguments: fieldCases)
    func brokenFields(_ vector: FieldCase) async throws {
        var request = Fixtures.request
        request.headers["Content-Digest"] = HTTPContentDigest.value(for: request.body)
        for line in vector.input { request.headers.append("Signature-Input", line) }
        for line in vector.signature { request.headers.append("Signature", line) }
        await #expect(throws: HTTPMessageSignatureError(code: vector.code, message: "")) {
            try await Fixtures.verifier().verify(Fixtures.received(request), now: Fixtures.now)
        }
    }

    @Test("the precise code is the one thrown, not only an equal one")
    func codesAreExact() async throws {
        var request = Fixtures.request
        request.headers.append("Signature-Input", #"sig1=("@method");created=1700000000;keyid="client-1";alg="hmac-sha1""#)
        request.headers.append("Signature", Self.goodSignature)
        do {
            _ = try await Fixtures.verifier(requirements: .none).verify(Fixtures.received(request), now: Fixtures.now)
            Issue.record("verified")
        } catch {
            #expect(error.code.description == "unknown algorithm")
            #expect(error.message.contains("hmac-sha1"))
        }
    }

    @Test("a body changed after signing: contentDigestMismatch")
    func bodyTampered() async throws {
        var request = try Fixtures.signed()
        request.body = Array(#"{"name":"pencil"}"#.utf8)
        await #expect(throws: HTTPMessageSignatureError(code: .contentDigestMismatch, message: "")) {
            try await Fixtures.verifier().verify(Fixtures.received(request), now: Fixtures.now)
        }
    }

    @Test("a Content-Digest of an unknown algorithm: the signer refuses to sign it")
    func unknownDigestAlgorithm() {
        let request = Fixtures.replacing("Content-Digest", with: "unixsum=:AAAA:", in: Fixtures.request)
        #expect(throws: HTTPMessageSignatureError(code: .unsupportedDigestAlgorithm, message: "")) {
            try Fixtures.signed(Fixtures.signer(), request)
        }
    }

    @Test("a Content-Digest that does not match the body: the signer refuses to sign it")
    func signerDigestMismatch() {
        let request = Fixtures.replacing("Content-Digest", with: HTTPContentDigest.value(for: Array("other".utf8)), in: Fixtures.request)
        #expect(throws: HTTPMessageSignatureError(code: .contentDigestMismatch, message: "")) {
            try Fixtures.signed(Fixtures.signer(), request)
        }
    }

    @Test("obs-text and control characters in a covered field: invalidComponentValue", arguments: [
        "caf\u{E9}", "a\u{01}b", "a\u{7F}b", "line\nbreak", "a\rb", "\u{1F600}",
    ])
    func badFieldValues(_ value: String) async throws {
        let request = Fixtures.replacing("X-Note", with: value, in: Fixtures.request)
        let signer = Fixtures.signer(components: [.method, .authority, .path, .query, .contentDigest, .field("x-note")])
        #expect(throws: HTTPMessageSignatureError(code: .invalidComponentValue, message: "")) {
            try Fixtures.signed(signer, request)
        }
        // The verifier refuses the same value received under a signature that covers it.
        var received = Fixtures.received(try Fixtures.signed(signer, Fixtures.replacing("X-Note", with: "plain", in: Fixtures.request)))
        received.headers["X-Note"] = value
        await #expect(throws: HTTPMessageSignatureError(code: .invalidComponentValue, message: "")) {
            try await Fixtures.verifier().verify(received, now: Fixtures.now)
        }
    }

    @Test("obs-text is signable wrapped as a Byte Sequence (bs)")
    func obsTextWithByteSequence() async throws {
        let request = Fixtures.replacing("X-Note", with: "caf\u{E9}", in: Fixtures.request)
        let signer = Fixtures.signer(components: [.method, .authority, .path, .query, .contentDigest, .field("x-note").byteSequence])
        let verified = try await Fixtures.verifier().verify(Fixtures.received(try Fixtures.signed(signer, request)), now: Fixtures.now)
        #expect(verified.components.last == .field("x-note").byteSequence)
    }

    @Test("a repeated query parameter cannot be covered by @query-param")
    func repeatedQueryParameter() {
        var request = Fixtures.request
        request.url = URL(string: "https://api.example.com/items?color=blue&color=red")!
        #expect(throws: HTTPMessageSignatureError(code: .invalidComponentValue, message: "")) {
            try Fixtures.signed(Fixtures.signer(components: [.method, .queryParameter("color")]), request)
        }
    }

    @Test("signing under a label the request already carries: invalidSignatureParameters")
    func labelTaken() throws {
        let once = try Fixtures.signed()
        #expect(throws: HTTPMessageSignatureError(code: .invalidSignatureParameters, message: "")) {
            try Fixtures.signed(Fixtures.signer(), once)
        }
    }

    @Test("a nonce that is not printable ASCII cannot be sent: invalidSignatureParameters")
    func badNonce() {
        #expect(throws: HTTPMessageSignatureError(code: .invalidSignatureParameters, message: "")) {
            try Fixtures.signed(Fixtures.signer(nonce: "n\u{E9}"))
        }
    }

    @Test("an empty HMAC secret or bad Base64: invalidKey")
    func badKeys() {
        #expect(throws: HTTPMessageSignatureError(code: .invalidKey, message: "")) { try HTTPSignatureHMACKey(secret: []) }
        #expect(throws: HTTPMessageSignatureError(code: .invalidKey, message: "")) { try HTTPSignatureHMACKey(base64: "not base64!") }
    }

    @Test("a key look-up that throws: credentialLookupFailed (503)")
    func lookupFails() async throws {
        struct Down: Error {}
        let verifier = HTTPMessageSignatureVerifier(keyLookup: { _ in throw Down() })
        let request = Fixtures.received(try Fixtures.signed())
        do {
            _ = try await verifier.verify(request, now: Fixtures.now)
            Issue.record("verified")
        } catch {
            #expect(error.code == .credentialLookupFailed)
            #expect(verifier.refusal(error, now: Fixtures.now).status == 503)
        }
    }

    @Test("a replay store that cannot answer: replayStoreUnavailable (503, Retry-After)")
    func storeDown() async throws {
        let verifier = Fixtures.verifier(replayStore: UnavailableReplayStore())
        do {
            _ = try await verifier.verify(Fixtures.received(try Fixtures.signed()), now: Fixtures.now)
            Issue.record("verified")
        } catch let error as HTTPMessageSignatureError {
            #expect(error.code == .replayStoreUnavailable)
            let refusal = verifier.refusal(error, now: Fixtures.now)
            #expect(refusal.status == 503)
            #expect(refusal.headers["Retry-After"] == "1")
            #expect(!String(decoding: refusal.body, as: UTF8.self).contains("replay-db"))
        }
    }

    @Test("a request without Host: malformedRequest")
    func noHost() async throws {
        var received = Fixtures.received(try Fixtures.signed())
        received.headers["Host"] = nil
        await #expect(throws: HTTPMessageSignatureError(code: .malformedRequest, message: "")) {
            try await Fixtures.verifier().verify(received, now: Fixtures.now)
        }
    }
}

extension BadInputTests {
    @Test("a Signature-Input of 10,000 parameters or 100 KB: refused before parsing, malformedSignatureInput")
    func hugeFields() async throws {
        for input in ["sig1=(\"@method\")" + (0..<10_000).map { ";p\($0)" }.joined(), "sig1=(\"" + String(repeating: "a", count: 100_000) + "\")"] {
            var request = Fixtures.request
            request.headers.append("Signature-Input", input)
            request.headers.append("Signature", Self.goodSignature)
            await #expect(throws: HTTPMessageSignatureError(code: .malformedSignatureInput, message: "")) {
                try await Fixtures.verifier().verify(Fixtures.received(request), now: Fixtures.now)
            }
        }
    }
}
