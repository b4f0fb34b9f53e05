public import Foundation
public import SignedVerification

extension DrupalKeyVerifier {
    /// The answer to a call this verifier refused, as Drupal 6 Services answers it: HTTP 200
    /// with Drupal's string as the call's `result`, in its dialect and with its `id`
    /// (`{"result":"Token has expired.","version":"1.1","id":1}`), which `DrupalServicesClient`
    /// reads back as the error's code; a body that is not one call, or leading arguments of the
    /// wrong type, get the JSON-RPC error object. A JSON-RPC 2.0 notification gets no body.
    /// A call refused because the replay store or the key look-up could not answer is 503 with
    /// `Retry-After` and Drupal's "service unavailable" string; never the store's own message.
    public func refusal(_ failure: DrupalServicesError, now: Date) -> SignedRefusal {
        let unavailable = failure.code == .replayStoreUnavailable || failure.code == .credentialLookupFailed
        let outcome: JSONRPCResponse.Outcome
        if unavailable {
            outcome = .result(.string(DrupalServiceMessage.serviceUnavailable))
        } else if failure.rpcError == nil, let words = failure.providerMessage {
            outcome = .result(.string(words))
        } else {
            outcome = .error(failure.rpcError ?? JSONRPCErrorObject(code: JSONRPCErrorObject.invalidRequest, message: "Invalid Request"))
        }
        return Self.answer(outcome, to: failure.replyAddress ?? JSONRPCReplyAddress(), status: unavailable ? 503 : 200)
    }

    /// 413 with JSON-RPC's invalid request error, naming the limit.
    public func refusal(bodyLargerThan limit: Int) -> SignedRefusal {
        let error = JSONRPCErrorObject(code: JSONRPCErrorObject.invalidRequest, message: "The request body is larger than \(limit) bytes.")
        return Self.answer(.error(error), to: JSONRPCReplyAddress(), status: 413)
    }

    private static func answer(_ outcome: JSONRPCResponse.Outcome, to address: JSONRPCReplyAddress, status: Int) -> SignedRefusal {
        guard address.expectsAnswer else { return SignedRefusal(status: status, contentType: nil, body: []) }
        let answer = JSONRPCResponse(version: address.version, outcome: outcome, id: address.id)
        return SignedRefusal(status: status, contentType: "application/json; charset=utf-8", body: answer.encoded())
    }
}
