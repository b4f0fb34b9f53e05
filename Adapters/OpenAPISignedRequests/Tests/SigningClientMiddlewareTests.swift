import AFSignedClient
import Foundation
import HTTPMessageSignatures
import HTTPTypes
import OAuth1Client
import OpenAPIRuntime
import OpenAPISignedRequests
import SignedHTTP
import SignedHTTPTesting
import Testing

/// `SigningClientMiddleware` and `OpenAPITransport` on their own: what reaches the transport
/// verifies with the SDK's verifiers, bodies are collected only when signed and within the
/// limit, and the transport joins URLs and carries everything across.
@Suite("Signing client middleware and transport")
struct SigningClientMiddlewareTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)
    static let baseURL = URL(string: "http://api.example.com/v1")!
    static let oauth1 = OAuth1Credentials(consumerKey: "app", consumerSecret: "app-secret", token: "user", tokenSecret: "user-secret")
    static let afsigned = AFSignedCredentials(clientID: "ios-app", clientSecret: "client-secret")

    /// Runs `middleware` on a request to `path` with `body`, and gives what it passed on (the
    /// body collected) as the server would receive it.
    static func passedOn(
        _ middleware: SigningClientMiddleware, method: HTTPRequest.Method = .post, path: String, contentType: String? = nil, body: HTTPBody?
    ) async throws -> (received: ReceivedRequest, body: HTTPBody?) {
        var request = HTTPRequest(method: method, scheme: nil, authority: nil, path: path)
        if let contentType { request.headerFields[.contentType] = contentType }
        let seen = Captured()
        _ = try await middleware.intercept(request, body: body, baseURL: baseURL, operationID: "op") { request, body, _ in
            await seen.keep(request, body)
            return (HTTPResponse(status: .ok), nil)
        }
        let (sent, sentBody) = await seen.value!
        var headers = HeaderFields()
        headers.append("Host", "api.example.com")
        for field in sent.headerFields { headers.append(field.name.rawName, field.value) }
        let bytes = sentBody == nil ? [] : try await [UInt8](collecting: sentBody!, upTo: 1 << 20)
        return (ReceivedRequest(method: sent.method.rawValue, target: "/v1" + sent.path!, headers: headers, body: bytes), sentBody)
    }

    @Test("OAuth 1.0a: a form POST and a JSON POST (oauth_body_hash) reach the server signed, and verify")
    func oauth1() async throws {
        let verifier = OAuth1Verifier(
            consumerSecret: { $0 == "app" ? "app-secret" : nil }, tokens: .required { token, _ in token == "user" ? "user-secret" : nil }, replayStore: MemoryReplayStore()
        )
        let middleware = SigningClientMiddleware(signer: OAuth1Signer(credentials: Self.oauth1), now: { Self.now })
        let form = try await Self.passedOn(middleware, path: "/statuses?trim=1", contentType: "application/x-www-form-urlencoded", body: HTTPBody("status=Hello%20there"))
        #expect(try await verifier.verify(form.received, now: Self.now).consumerKey == "app")
        #expect(form.received.body == Array("status=Hello%20there".utf8))
        let json = try await Self.passedOn(middleware, path: "/notes", contentType: "application/json", body: HTTPBody(#"{"text":"hi"}"#))
        #expect(json.received.headers["Authorization"]?.contains("oauth_body_hash=") == true)
        #expect(try await verifier.verify(json.received, now: Self.now).token == "user")
        var tampered = json.received
        tampered.body = Array(#"{"text":"bye"}"#.utf8)
        let error = await #expect(throws: OAuth1Error.self) { try await verifier.verify(tampered, now: Self.now) }
        #expect(error?.code == .signatureInvalid)
    }

    @Test("OAuth 1.0a in the query: the signed query replaces the request's")
    func oauth1Query() async throws {
        let verifier = OAuth1Verifier(consumerSecret: { _ in "app-secret" }, tokens: .optional { _, _ in "user-secret" }, replayStore: MemoryReplayStore())
        let middleware = SigningClientMiddleware(signer: OAuth1Signer(credentials: Self.oauth1, transmission: .query), now: { Self.now })
        let passed = try await Self.passedOn(middleware, method: .get, path: "/photos?size=large", body: nil)
        #expect(passed.received.target.hasPrefix("/v1/photos?size=large&oauth_consumer_key=app&"))
        #expect(try await verifier.verify(passed.received, now: Self.now).consumerKey == "app")
    }

    @Test("AFSigned version 2: auth values in the query of a GET and in the form body of a POST, and both verify")
    func afsignedV2() async throws {
        let verifier = AFSignedVerifier(credentials: [Self.afsigned], replayStore: MemoryReplayStore())
        let middleware = SigningClientMiddleware(signer: AFSignedSigner(credentials: Self.afsigned), now: { Self.now })
        let get = try await Self.passedOn(middleware, method: .get, path: "/users?page=2", body: nil)
        #expect(get.received.query?.contains("auth_signature=") == true)
        #expect(try await verifier.verify(get.received, now: Self.now).clientID == "ios-app")
        let post = try await Self.passedOn(middleware, path: "/users", contentType: "application/x-www-form-urlencoded", body: HTTPBody("name=Ann"))
        #expect(String(decoding: post.received.body, as: UTF8.self).hasPrefix("name=Ann&auth_version=2&"))
        #expect(try await verifier.verify(post.received, now: Self.now).timestamp == 1_700_000_000)
    }

    @Test("AFSigned version 4: auth values in headers, the form body unchanged")
    func afsignedV4() async throws {
        let verifier = AFSignedVerifier(credentials: [Self.afsigned], version: .v4, replayStore: MemoryReplayStore())
        let middleware = SigningClientMiddleware(signer: AFSignedSigner(credentials: Self.afsigned, version: .v4), now: { Self.now })
        let post = try await Self.passedOn(middleware, path: "/users", contentType: "application/x-www-form-urlencoded", body: HTTPBody("name=Ann"))
        #expect(post.received.body == Array("name=Ann".utf8))
        #expect(post.received.headers["X-Auth-Signature"] != nil)
        #expect(try await verifier.verify(post.received, now: Self.now).clientID == "ios-app")
    }

    @Test("HTTP Message Signatures: a JSON POST reaches the server with Content-Digest, Signature-Input and Signature, and verifies; its body changed does not")
    func httpMessageSignatures() async throws {
        let key = try HTTPSignatureHMACKey(secret: Array("a shared secret of thirty-two by".utf8))
        let verifier = HTTPMessageSignatureVerifier(keys: ["app-key": key], replayStore: MemoryReplayStore())
        let middleware = SigningClientMiddleware(signer: HTTPMessageSigner(key: key, keyID: "app-key"), now: { Self.now })
        let post = try await Self.passedOn(middleware, path: "/notes?draft=1", contentType: "application/json", body: HTTPBody(#"{"text":"hi"}"#))
        #expect(post.received.headers["Content-Digest"] == "sha-256=:57mV76dVxf87hNIYi1jLSukWpZRw6zdh34qBTxF2NQA=:")  // as Python's hashlib computes it
        #expect(post.received.headers["Signature-Input"]?.hasPrefix(#"sig1=("@method" "@authority" "@path" "@query" "content-digest" "content-type");created=1700000000;"#) == true)
        let verified = try await verifier.verify(post.received, now: Self.now)
        #expect(verified.keyID == "app-key")
        #expect(verified.components.contains(.contentDigest))
        var tampered = post.received
        tampered.body = Array(#"{"text":"bye"}"#.utf8)
        let error = await #expect(throws: HTTPMessageSignatureError.self) { try await verifier.verify(tampered, now: Self.now) }
        #expect(error?.code == .contentDigestMismatch)
    }

    @Test("HTTP Message Signatures covering no content-digest: the body is passed on as it is, not collected")
    func httpMessageSignaturesHeadersOnly() async throws {
        let key = try HTTPSignatureHMACKey(secret: Array("a shared secret of thirty-two by".utf8))
        let signer = HTTPMessageSigner(key: key, keyID: "app-key", components: [.method, .authority, .path])
        let middleware = SigningClientMiddleware(signer: signer, maximumBodySize: 4, now: { Self.now })
        let body = HTTPBody(#"{"a larger body than the limit":true}"#)
        let passed = try await Self.passedOn(middleware, path: "/notes", contentType: "application/json", body: body)
        #expect(passed.body === body)
        #expect(passed.received.headers["Content-Digest"] == nil)
        let verifier = HTTPMessageSignatureVerifier(keys: ["app-key": key], requirements: HTTPSignatureRequirements(components: [.method, .authority, .path], contentWhenPresent: false))
        #expect(try await verifier.verify(passed.received, now: Self.now).keyID == "app-key")
    }

    @Test("a body the scheme does not sign is passed on as it is, not collected")
    func unsignedBodyStreams() async throws {
        let middleware = SigningClientMiddleware(signer: OAuth1Signer(credentials: Self.oauth1, bodySigning: .unsigned), maximumBodySize: 4, now: { Self.now })
        let body = HTTPBody(#"{"a larger body than the limit":true}"#)
        let passed = try await Self.passedOn(middleware, path: "/notes", contentType: "application/json", body: body)
        #expect(passed.body === body)
    }

    @Test("a signed body over the limit is bodyTooLarge, whether its length is known or not")
    func tooLarge() async throws {
        let middleware = SigningClientMiddleware(signer: AFSignedSigner(credentials: Self.afsigned), maximumBodySize: 8, now: { Self.now })
        let known = HTTPBody("name=Ann+Example")
        let streamed = HTTPBody(AsyncStream { continuation in
            continuation.yield(ArraySlice("name=Ann".utf8))
            continuation.yield(ArraySlice("+Example".utf8))
            continuation.finish()
        }, length: .unknown)
        for body in [known, streamed] {
            await #expect(throws: OpenAPISignedRequestsError(code: .bodyTooLarge, message: "")) {
                _ = try await Self.passedOn(middleware, path: "/users", contentType: "application/x-www-form-urlencoded", body: body)
            }
        }
    }

    @Test("a signer's refusal is thrown as the signer's own error")
    func signerRefusal() async throws {
        let middleware = SigningClientMiddleware(signer: AFSignedSigner(credentials: Self.afsigned), now: { Self.now })
        let error = await #expect(throws: AFSignedError.self) {
            _ = try await Self.passedOn(middleware, method: .get, path: "/users?auth_signature=forged", body: nil)
        }
        #expect(error?.code == .unsignableParameters)
    }

    @Test("OpenAPITransport: the base URL's path joined with the operation's, headers and body across, the answer back")
    func transport() async throws {
        let transport = OpenAPITransport(ClosureTransport { request in
            #expect(request.url.absoluteString == "http://api.example.com/v1/users?page=2")
            #expect(request.method == "POST")
            #expect(request.header("Content-Type") == "application/x-www-form-urlencoded")
            #expect(request.body == Array("name=Ann".utf8))
            return APIResponse(statusCode: 201, headers: ["Content-Type": "application/json", "X-Request-Id": "7"], body: Array(#"{"id":1}"#.utf8))
        })
        var request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/users?page=2")
        request.headerFields[.contentType] = "application/x-www-form-urlencoded"
        let (response, body) = try await transport.send(request, body: HTTPBody("name=Ann"), baseURL: URL(string: "http://api.example.com/v1/")!, operationID: "createUser")
        #expect(response.status.code == 201)
        #expect(response.headerFields[HTTPField.Name("X-Request-Id")!] == "7")
        #expect(try await String(collecting: body!, upTo: 100) == #"{"id":1}"#)
    }
}

/// What the middleware passed on, kept for the test.
actor Captured {
    var value: (HTTPRequest, HTTPBody?)?

    func keep(_ request: HTTPRequest, _ body: HTTPBody?) {
        value = (request, body)
    }
}
