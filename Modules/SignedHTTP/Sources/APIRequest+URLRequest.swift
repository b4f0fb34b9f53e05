#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

extension APIRequest {
    /// The request's method, URL, header fields and body as a value.
    ///
    /// - Throws: ``SignedHTTPError/Code/invalidRequest`` when the request has no URL, or when
    ///   its body is a stream (it cannot be read without consuming it; set `httpBody` instead).
    public init(_ urlRequest: URLRequest) throws(SignedHTTPError) {
        guard let url = urlRequest.url else {
            throw SignedHTTPError(code: .invalidRequest, message: "the URLRequest has no URL")
        }
        guard urlRequest.httpBodyStream == nil else {
            throw SignedHTTPError(code: .invalidRequest, message: "the URLRequest's body is a stream; set httpBody so it can be signed")
        }
        let fields = (urlRequest.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }
        self.init(
            method: urlRequest.httpMethod ?? "GET",
            url: url,
            headers: HeaderFields(fields.map { HeaderFields.Field(name: $0.key, value: $0.value) }),
            body: urlRequest.httpBody.map(Array.init) ?? []
        )
    }
}

extension URLRequest {
    /// A `URLRequest` carrying `request`'s method, URL, header fields and body; the other
    /// properties (timeout, cache policy, …) are taken from `template`. Repeated header names
    /// are joined with `, ` as `URLRequest` keeps one value per name.
    public init(_ request: APIRequest, template: URLRequest? = nil) {
        var urlRequest = template ?? URLRequest(url: request.url)
        urlRequest.url = request.url
        urlRequest.httpMethod = request.method
        urlRequest.allHTTPHeaderFields = [:]
        for field in request.headers { urlRequest.addValue(field.value, forHTTPHeaderField: field.name) }
        urlRequest.httpBody = request.body.isEmpty ? nil : Data(request.body)
        self = urlRequest
    }
}

extension APIResponse {
    /// The status and header fields of `response` with `body`.
    init(_ response: HTTPURLResponse, body: [UInt8]) {
        var headers = HeaderFields()
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers.append(name, value) }
        }
        self.init(statusCode: response.statusCode, headers: headers, body: body)
    }
}
