import Foundation
import HTTPMessageSignatures
import HTTPMessageSignaturesCrypto
import HTTPSigMock
import HTTPTypes
import MockServerKit
import SignedHTTP
import Testing

/// The items API's answers signed by the server's Ed25519 key, bound to the request.
@Suite("HTTP Message Signatures mock: signed answers")
struct ResponseSigningTests {
    @Test("every answer is signed over @status, content-digest and the request's @method and @target-uri; the SDK verifies it")
    func signed() async throws {
        try await HTTPSigHarness.withRunning { site in
            let request = try site.signed("GET", "/api/items?q=tea", signer: site.demo.signer(.ecdsaP384SHA384))
            let reply = try await site.send(request)
            #expect(reply.status == 200)
            let input = try #require(reply.headers[HTTPField.Name("Signature-Input")!])
            #expect(input == #"sig1=("@status" "content-digest" "@method";req "@target-uri";req);created=1800000000;keyid="\#(site.demo.serverKeyID)""#)
            let verified = try await site.demo.responseVerifier.verify(HTTPMessageResponse(reply.response, request: HTTPMessageRequest(request)), now: site.clock.now)
            #expect(verified.keyID == site.credentials["serverKeyId"] && verified.algorithm == .ed25519 && verified.body == .digest)
            #expect(verified.components.contains(HTTPSignatureComponent.targetURI.fromRequest) && verified.components.contains(HTTPSignatureComponent.method.fromRequest))
            // Bound to its request: the same answer for another request does not verify.
            var other = request
            other.url = site.url("/api/items?q=coffee")
            let moved = await refusal { try await site.demo.responseVerifier.verify(HTTPMessageResponse(reply.response, request: HTTPMessageRequest(other)), now: site.clock.now) }
            #expect(moved?.code == .signatureInvalid && moved?.serverSignatureBase?.contains("\"@target-uri\";req: \(site.server.baseURL.absoluteString)/api/items?q=coffee") == true)
        }
    }

    @Test("the SDK client from server.client verifies each answer; an answer changed on the way is refused")
    func clientVerifies() async throws {
        try await HTTPSigHarness.withRunning { site in
            let api = try site.client()
            #expect(api.configuration.responseVerifier != nil)
            _ = try await api.send("GET", "/api/items/1")
            let created = try await api.send("POST", "/api/items", headers: ["Content-Type": "application/json"], body: Array(#"{"name":"Hojicha"}"#.utf8))
            #expect(created.statusCode == 201)
            let changed = try site.client(transport: RewritingTransport(answer: { response in
                var response = response
                response.body = Array(String(decoding: response.body, as: UTF8.self).replacingOccurrences(of: "Darjeeling", with: "Assam").utf8)
                return response
            }))
            #expect(await refusal { try await changed.send("GET", "/api/items/1") }?.code == .contentDigestMismatch)
            let stripped = try site.client(transport: RewritingTransport(answer: { response in
                var response = response
                response.headers.removeAll(named: "Signature")
                return response
            }))
            #expect(await refusal { try await stripped.send("GET", "/api/items/1") }?.code == .labelMismatch)
        }
    }

    @Test("with signsResponses off answers carry no signature and the ready-made client verifies none")
    func unsigned() async throws {
        try await HTTPSigHarness.withRunning(HTTPSigMockOptions(signsResponses: false)) { site in
            let reply = try await site.send(site.signed("GET", "/api/items", signer: site.demo.signer(.ed25519)))
            #expect(reply.status == 200 && reply.headers[HTTPField.Name("Signature")!] == nil)
            let api = try site.client()
            #expect(api.configuration.responseVerifier == nil)
            _ = try await api.send("GET", "/api/items")
        }
    }
}
