#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif
public import SigningCore

extension OAuth1Request {
    /// The request's method, URL, header fields and body as a value.
    ///
    /// - Throws: ``OAuth1Error/Code/invalidURL`` when the request has no URL;
    ///   ``OAuth1Error/Code/invalidParameter`` when its body is a stream (it cannot be read
    ///   without consuming it; set `httpBody` instead).
    public init(_ urlRequest: URLRequest) throws(OAuth1Error) {
        guard let url = urlRequest.url else {
            throw OAuth1Error(code: .invalidURL, message: "the URLRequest has no URL")
        }
        guard urlRequest.httpBodyStream == nil else {
            throw OAuth1Error(code: .invalidParameter, message: "the URLRequest's body is a stream; set httpBody so it can be signed")
        }
        self.init(
            method: urlRequest.httpMethod ?? "GET",
            url: url,
            headers: urlRequest.allHTTPHeaderFields ?? [:],
            body: urlRequest.httpBody.map(Array.init) ?? []
        )
    }
}

extension URLRequest {
    /// A `URLRequest` carrying `request`'s method, URL, header fields and body; the other
    /// properties (timeout, cache policy, …) are taken from `template`.
    public init(_ request: OAuth1Request, template: URLRequest? = nil) {
        var urlRequest = template ?? URLRequest(url: request.url)
        urlRequest.url = request.url
        urlRequest.httpMethod = request.method
        urlRequest.allHTTPHeaderFields = request.headers
        urlRequest.httpBody = request.body.isEmpty ? nil : Data(request.body)
        self = urlRequest
    }
}

extension OAuth1Signer {
    /// Signs a `URLRequest`: the same as signing ``OAuth1Request/init(_:)`` of it, with the
    /// result written back (header, URL or body), every other property kept.
    public func sign(
        _ request: URLRequest, callback: String? = nil, verifier: String? = nil, extraProtocolParameters: [FormField] = []
    ) throws(OAuth1Error) -> URLRequest {
        let signed = try sign(OAuth1Request(request), callback: callback, verifier: verifier, extraProtocolParameters: extraProtocolParameters)
        return URLRequest(signed.request, template: request)
    }
}
