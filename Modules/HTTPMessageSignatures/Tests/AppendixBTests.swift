import Foundation
import HTTPMessageSignatures
import Testing

/// RFC 9421 Appendix B (and the worked examples of §2.4, §2.5/§3.2, §4.3): every signature
/// base byte for byte, and B.2.5's `hmac-sha256` signature exactly.
@Suite struct AppendixBTests {
    @Test("each example's signature base, rebuilt from its Signature-Input", arguments: Vectors.signatures.cases)
    func signatureBase(_ vector: Vectors.SignatureCase) throws {
        let message = Vectors.signedMessage(vector)
        let signatures = try HTTPSignatureFields.signatures(in: message.headers)
        let chosen = try #require(signatures.first { $0.label == vector.label })
        #expect(chosen.parameters.keyID == vector.keyid)
        let base = try HTTPSignatureBase(parameters: chosen.parameters, message: message)
        if vector.valid {
            #expect(base.text == vector.signatureBase)
        } else {
            // B.4's last variant changed covered components: the base differs, the signature fails.
            #expect(base.text != vector.signatureBase)
        }
        if let signature = vector.signature, let input = vector.signatureInput {
            // The fields as the signer writes them are the RFC's, byte for byte.
            #expect(try HTTPSignatureFields.inputValue(label: vector.label, parameters: chosen.parameters) == input)
            #expect(try HTTPSignatureFields.signatureValue(label: vector.label, signature: chosen.signature) == signature)
        }
    }

    @Test("B.2.5: hmac-sha256 over test-request gives the RFC's Signature-Input and Signature")
    func hmacSignatureExactly() throws {
        let signer = HTTPMessageSigner(
            key: Vectors.sharedSecret, keyID: "test-shared-secret", components: [.field("date"), .authority, .contentType],
            label: "sig-b25", nonce: nil
        )
        let signed = try signer.sign(Vectors.message("test-request"), at: Date(timeIntervalSince1970: 1_618_884_473))
        #expect(signed.headers.values(for: "Signature-Input") == [#"sig-b25=("date" "@authority" "content-type");created=1618884473;keyid="test-shared-secret""#])
        #expect(signed.headers.values(for: "Signature") == ["sig-b25=:pxcQw6G3AjtMBQjwo8XzkZf/bws5LelbaMk5rGIGtE8=:"])
    }

    @Test("B.2.5: the RFC's signed test-request verifies with test-shared-secret")
    func hmacVerifies() async throws {
        let vector = try #require(Vectors.signatures.cases.first { $0.name == "B.2.5" })
        guard case .request(let request) = Vectors.signedMessage(vector) else { Issue.record("not a request"); return }
        let verifier = HTTPMessageSignatureVerifier(keys: ["test-shared-secret": Vectors.sharedSecret], selection: .label("sig-b25"), requirements: .none)
        let verified = try await verifier.verify(request, now: Vectors.appendixTime)
        #expect(verified.label == "sig-b25")
        #expect(verified.keyID == "test-shared-secret")
        #expect(verified.algorithm == .hmacSHA256)
        #expect(verified.components == [.field("date"), .authority, .contentType])
        #expect(verified.created == Date(timeIntervalSince1970: 1_618_884_473))
        #expect(verified.expires == nil)
        #expect(verified.body == .notCovered)
    }

    @Test("B.2.5 with its Date changed: signatureInvalid, carrying the verifier's base")
    func hmacTamperedRefused() async throws {
        let vector = try #require(Vectors.signatures.cases.first { $0.name == "B.2.5" })
        guard case .request(var request) = Vectors.signedMessage(vector) else { Issue.record("not a request"); return }
        request.headers["Date"] = "Tue, 20 Apr 2021 02:07:56 GMT"
        let verifier = HTTPMessageSignatureVerifier(keys: ["test-shared-secret": Vectors.sharedSecret], requirements: .none)
        do {
            _ = try await verifier.verify(request, now: Vectors.appendixTime)
            Issue.record("a tampered request verified")
        } catch {
            #expect(error.code == .signatureInvalid)
            #expect(error.serverSignatureBase == vector.signatureBase.replacingOccurrences(of: "02:07:55", with: "02:07:56"))
        }
    }

    @Test("§4.3: of two signatures, the one chosen by label is checked")
    func multipleSignaturesByLabel() async throws {
        let vector = try #require(Vectors.signatures.cases.first { $0.name == "4.3 proxy_sig" })
        let message = Vectors.signedMessage(vector)
        let signatures = try HTTPSignatureFields.signatures(in: message.headers)
        #expect(signatures.map(\.label) == ["sig1", "proxy_sig"])
        #expect(signatures[1].parameters.algorithm == "rsa-v1_5-sha256")
        #expect(signatures[1].parameters.expires == 1_618_884_540)
        #expect(signatures[1].signature.count == 256)
    }

    @Test("the Appendix B.1 keys are kept in the vectors for the crypto module")
    func keysKept() {
        let keys = Vectors.signatures.keys
        #expect(Set(keys.keys) == ["test-key-rsa", "test-key-rsa-pss", "test-key-ecc-p256", "test-key-ed25519", "test-shared-secret"])
        #expect(keys["test-key-ed25519"]?.privateKeyPEM == "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIJ+DYvh6SEqVTm50DFtMDoQikTmiCqirVv9mWG9qfSnF\n-----END PRIVATE KEY-----")
    }
}
