public import SigningCore

/// The error type of a client built on ``SignedHTTPClient`` (`OAuth1Error`,
/// `DrupalServicesError`, `AFSignedError`, `GoogleBooksError`): one that can say, in its own
/// code, that a request got no response.
///
/// ``SignedHTTPClient/send(_:signer:isClockSkewRejection:failure:)`` throws it for every
/// transport failure, so a caller catches one error type per client.
public protocol SignedClientError: SignedAPIError {
    /// The error for a request that got no response (refused, timed out, dropped): the
    /// client's `transportFailed` code, `failure`'s message, and the transport's own error as
    /// `cause` (a `URLError` stays a `URLError`).
    init(transportFailure failure: SignedHTTPError)
}

extension SignedHTTPClient {
    /// Sends as ``send(_:signer:isClockSkewRejection:)`` does, throwing a request that got no
    /// response as `Failure` (``SignedClientError/init(transportFailure:)``): the one place a
    /// client's transport failures are mapped.
    public func send<Failure: SignedClientError>(
        _ request: APIRequest,
        signer: (any RequestSigner)? = nil,
        isClockSkewRejection: @Sendable (APIResponse) -> Bool = { _ in false },
        failure: Failure.Type
    ) async throws -> Exchange {
        do {
            return try await send(request, signer: signer, isClockSkewRejection: isClockSkewRejection)
        } catch let error as SignedHTTPError {
            throw Failure(transportFailure: error)
        }
    }
}
