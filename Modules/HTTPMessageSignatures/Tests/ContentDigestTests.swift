import Foundation
import HTTPMessageSignatures
import Testing

/// RFC 9530 `Content-Digest`: the examples' values, and each refusal's code.
@Suite struct ContentDigestTests {
    @Test("each example's value, computed and checked", arguments: Vectors.digests.cases)
    func examples(_ vector: Vectors.DigestCase) throws {
        let algorithm = try #require(HTTPContentDigest.Algorithm(rawValue: vector.algorithm))
        let body = Array(vector.body.utf8)
        #expect(HTTPContentDigest.value(for: body, algorithm: algorithm) == vector.value)
        #expect(try HTTPContentDigest.check(["Content-Digest": vector.value], body: body) == [algorithm])
    }

    @Test("a digest of other bytes: contentDigestMismatch")
    func mismatch() {
        #expect(throws: HTTPMessageSignatureError(code: .contentDigestMismatch, message: "")) {
            try HTTPContentDigest.check(["Content-Digest": "sha-256=:RK/0qy18MlBSVnWgjwz6lZEWjP/lF5HF9bvEF8FabDg=:"], body: Array("{\"hello\": \"world\"}".utf8))
        }
    }

    @Test("one matching and one mismatching digest: contentDigestMismatch (every known one is checked)")
    func oneOfTwoWrong() {
        let body = Array("{\"hello\": \"world\"}\n".utf8)
        #expect(throws: HTTPMessageSignatureError(code: .contentDigestMismatch, message: "")) {
            try HTTPContentDigest.check(["Content-Digest": "sha-256=:RK/0qy18MlBSVnWgjwz6lZEWjP/lF5HF9bvEF8FabDg=:, sha-512=:RK/0qy18MlBSVnWgjwz6lZEWjP/lF5HF9bvEF8FabDg=:"], body: body)
        }
    }

    @Test("unknown algorithms alone: unsupportedDigestAlgorithm; beside a known one: skipped")
    func unknownAlgorithm() throws {
        let body = Array("{\"hello\": \"world\"}\n".utf8)
        #expect(throws: HTTPMessageSignatureError(code: .unsupportedDigestAlgorithm, message: "")) {
            try HTTPContentDigest.check(["Content-Digest": "md5=:AAAA:, unixsum=:AAAA:"], body: body)
        }
        #expect(try HTTPContentDigest.check(["Content-Digest": "md5=:AAAA:, sha-256=:RK/0qy18MlBSVnWgjwz6lZEWjP/lF5HF9bvEF8FabDg=:"], body: body) == [.sha256])
    }

    @Test("not a Dictionary of Byte Sequences, or absent: malformedContentDigest", arguments: [
        "sha-256", "sha-256=\"abc\"", "sha-256=:RK/0", "(a b)", "sha-256=(:AAAA:)",
    ])
    func malformed(_ value: String) {
        #expect(throws: HTTPMessageSignatureError(code: .malformedContentDigest, message: "")) {
            try HTTPContentDigest.check(["Content-Digest": value], body: [])
        }
    }

    @Test("no Content-Digest at all: malformedContentDigest")
    func absent() {
        #expect(throws: HTTPMessageSignatureError(code: .malformedContentDigest, message: "")) {
            try HTTPContentDigest.check([:], body: [])
        }
    }
}
