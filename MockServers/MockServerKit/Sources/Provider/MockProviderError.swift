#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
public import HTTPTypes
import SignedHTTP

/// An error a provider's route throws to refuse a request, which knows the provider's answer
/// for it — the mock servers' counterpart of Hummingbird's `HTTPResponseError`.
///
/// Routes registered with ``Hummingbird/Router/mockRoute(_:_:context:operation:handler:)`` `throw` such
/// errors instead of building error responses: the route runner records ``journalReason`` in
/// the journal as a rejection and sends ``response(from:)`` with ``HTTPTypes/HTTPField/Name/mockReason``
/// added, so every rejection a provider makes carries the mock's own explanation.
public protocol MockProviderError: Error {
    /// The provider whose error shapes this error is rendered in.
    associatedtype Provider: MockProvider

    /// Why the request was refused and what to do about it, in words (`"nonce used: …"`):
    /// the journal's reason and the `X-Mock-Reason` header. Never holds a secret.
    var journalReason: String { get }

    /// What the provider computed to check the request's signature (its base string, string to
    /// sign, hash input), when the error is a refused signature; `nil` otherwise (the default).
    /// The journal keeps it whether or not the response shows it.
    var journalDiagnosis: JournalDiagnosis? { get }

    /// The response `provider` gives: status, body in the provider's shape, and headers of its
    /// own (`X-OAuth1-Base-String`, …).
    func response(from provider: Provider) -> MockResponse
}

extension MockProviderError {
    /// No diagnosis.
    public var journalDiagnosis: JournalDiagnosis? { nil }

    /// The response for a route of `server`'s provider, with `X-Mock-Reason`. A route that
    /// threw another provider's error gets a 400 in its own provider's shape.
    func response(in server: MockServerContext) -> MockResponse {
        var response = (server.provider as? Provider).map(response(from:))
            ?? server.errorResponse(.badRequest, "The request was refused: \(journalReason)")
        response.headers[.mockReason] = HeaderText.encode(journalReason.prefix(300))
        return response
    }
}

extension HTTPField.Name {
    /// `X-Mock-Reason`: the mock server's explanation of a rejection, on every response made
    /// from a ``MockProviderError``: at most 300 characters of the reason, in ``HeaderText``'s
    /// encoding (percent-encoded UTF-8: `§` is `%C2%A7`). Clients read it decoded as
    /// `APIResponse.mockReason`.
    public static var mockReason: HTTPField.Name { HTTPField.Name(APIResponse.mockReasonHeaderName)! }
}
#endif
