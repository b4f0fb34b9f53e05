public import Foundation
public import SignedVerification

extension AFSignedVerifier {
    /// The answer to a request this verifier refused, as the original PHP backend answers:
    /// `{"error": "Incorrect auth signature"}` (the backend's words,
    /// ``AFSignedError/refusalWords``) with ``AFSignedError/refusalStatus`` — 401, 400 for a
    /// query or body that cannot be read, 503 with `Retry-After` when the replay store or the
    /// client look-up could not answer.
    public func refusal(_ failure: AFSignedError, now: Date) -> SignedRefusal {
        Self.jsonRefusal(status: failure.refusalStatus, words: failure.refusalWords)
    }

    /// 413 with `{"error": "Content Too Large"}`.
    public func refusal(bodyLargerThan limit: Int) -> SignedRefusal {
        Self.jsonRefusal(status: 413, words: "Content Too Large")
    }

    private static func jsonRefusal(status: Int, words: String) -> SignedRefusal {
        let body = (try? JSONEncoder().encode(["error": words])) ?? Data()
        return SignedRefusal(status: status, contentType: "application/json; charset=utf-8", body: Array(body))
    }
}
