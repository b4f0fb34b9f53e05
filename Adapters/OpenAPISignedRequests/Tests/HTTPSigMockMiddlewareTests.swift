import Foundation
import HTTPMessageSignatures
import HTTPSigMock
import HTTPTypes
import MockServerKit
import OpenAPIRuntime
import OpenAPISignedRequests
import SignedHTTP
import Testing

/// `SigningClientMiddleware` with an `HTTPMessageSigner` in front of `OpenAPITransport`, against
/// the in-process RFC 9421 mock (`httpsig`): what a generated client's operations send is
/// accepted with every algorithm, the mock's signed answer verifies against the request as sent,
/// and a body changed after the middleware is refused.
@Suite("Signing client middleware against the HTTP Message Signatures mock")
struct HTTPSigMockMiddlewareTests {
    /// The mock's clock and the signer's: one fixed time, so no test races the wall clock.
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    /// Runs `middleware` then `after` then `OpenAPITransport` on one operation, as a generated
    /// client does, and gives the answer, its body and the request as it left (for the answer's
    /// `req` components).
    static func send(
        _ request: HTTPRequest, body: String?, to server: MockServer, signer: HTTPMessageSigner, after: (any ClientMiddleware)? = nil
    ) async throws -> (response: HTTPResponse, body: [UInt8], sent: HTTPMessageRequest) {
        let middleware = SigningClientMiddleware(signer: signer, now: { now })
        let transport = OpenAPITransport()
        let seen = SentRequest()
        let (response, answer) = try await middleware.intercept(request, body: body.map { HTTPBody($0) }, baseURL: server.baseURL, operationID: "op") { request, body, baseURL in
            let forward: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?) = { request, body, baseURL in
                let bytes = body == nil ? [] : try await [UInt8](collecting: body!, upTo: 1 << 20)
                await seen.keep(HTTPMessageRequest(
                    method: request.method.rawValue, url: URL(string: baseURL.absoluteString + (request.path ?? "/"))!,
                    headers: HeaderFields(request.headerFields.map { HeaderFields.Field(name: $0.name.rawName, value: $0.value) }), body: bytes
                ))
                return try await transport.send(request, body: body.map { _ in HTTPBody(bytes) }, baseURL: baseURL, operationID: "op")
            }
            guard let after else { return try await forward(request, body, baseURL) }
            return try await after.intercept(request, body: body, baseURL: baseURL, operationID: "op", next: forward)
        }
        let bytes = answer == nil ? [] : try await [UInt8](collecting: answer!, upTo: 1 << 20)
        return (response, bytes, await seen.value!)
    }

    static let list = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/api/items?q=a")
    static var create: HTTPRequest {
        var request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/api/items")
        request.headerFields[.contentType] = "application/json"
        return request
    }

    @Test("a GET with a query and a JSON POST, signed by the middleware, are accepted with each algorithm, and the answers verify", arguments: [
        HTTPSignatureAlgorithm.hmacSHA256, .ed25519, .ecdsaP256SHA256, .ecdsaP384SHA384, .rsaPSSSHA512, .rsaV15SHA256,
    ])
    func accepted(algorithm: HTTPSignatureAlgorithm) async throws {
        try await MockServer.withRunning(HTTPSigMockProvider(), clock: ManualClock(start: Self.now)) { server in
            let demo = try server.demo(HTTPSigMockProvider.self)
            let signer = demo.signer(algorithm)
            let listed = try await Self.send(Self.list, body: nil, to: server, signer: signer)
            #expect(listed.response.status == .ok, "\(String(decoding: listed.body, as: UTF8.self))")
            let page = try JSONSerialization.jsonObject(with: Data(listed.body)) as? [String: Any]
            #expect((page?["signature"] as? [String: Any])?["algorithm"] as? String == algorithm.name)
            let created = try await Self.send(Self.create, body: #"{"name":"Signed by a generated client"}"#, to: server, signer: signer)
            #expect(created.response.status == .created, "\(String(decoding: created.body, as: UTF8.self))")
            #expect(created.sent.headers["Content-Digest"] != nil)
            // The answer is the mock's, signed over the request as it left.
            var headers = HeaderFields()
            for field in created.response.headerFields { headers.append(field.name.rawName, field.value) }
            let answer = HTTPMessageResponse(status: created.response.status.code, headers: headers, body: created.body, request: created.sent)
            #expect(try await demo.responseVerifier.verify(answer, now: Self.now).keyID == demo.serverKeyID)
        }
    }

    @Test("a body changed after the middleware signed it is refused: Content-Digest no longer matches")
    func tampered() async throws {
        try await MockServer.withRunning(HTTPSigMockProvider(), clock: ManualClock(start: Self.now)) { server in
            let signer = try server.demo(HTTPSigMockProvider.self).signer(.ed25519)
            let refused = try await Self.send(Self.create, body: #"{"name":"Ann"}"#, to: server, signer: signer, after: ReplacingBody(with: #"{"name":"Bob"}"#))
            #expect(refused.response.status == .unauthorized)
            #expect(refused.response.headerFields[HTTPField.Name("X-Mock-Reason")!]?.contains("Content-Digest") == true)
        }
    }
}

/// The request that left the middleware chain, kept for the test.
private actor SentRequest {
    var value: HTTPMessageRequest?

    func keep(_ request: HTTPMessageRequest) {
        value = request
    }
}
