#if OpenAPIAdapter  // without the trait, TraitCheck.swift's #error is the one message
import Foundation
import HTTPTypes
import OpenAPIRuntime
import SignedHTTP

/// What the signing middleware and the transport share: the absolute URL of an operation, the
/// body collected within a bound, and header fields in both packages' terms.
enum OpenAPIRequestParts {
    /// `baseURL` with `target` (the operation's path and query, as swift-openapi-runtime writes
    /// `HTTPRequest.path`) appended: the base URL's path, then the target's.
    static func url(baseURL: URL, target: String) throws(OpenAPISignedRequestsError) -> URL {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false), let operation = URLComponents(string: target) else {
            throw OpenAPISignedRequestsError(code: .invalidURL, message: "the base URL \(baseURL.absoluteString) and the path \(target.prefix(200)) do not make a URL")
        }
        var basePath = components.percentEncodedPath
        while basePath.hasSuffix("/") { basePath.removeLast() }
        components.percentEncodedPath = basePath + operation.percentEncodedPath
        components.percentEncodedQuery = operation.percentEncodedQuery
        guard let url = components.url else {
            throw OpenAPISignedRequestsError(code: .invalidURL, message: "the base URL \(baseURL.absoluteString) and the path \(target.prefix(200)) do not make a URL")
        }
        return url
    }

    /// The bytes of `body` (empty for none), at most `limit` of them; a body of known length
    /// over the limit is refused before any byte is read.
    static func bytes(of body: HTTPBody?, limit: Int) async throws -> [UInt8] {
        guard let body else { return [] }
        let tooLarge = OpenAPISignedRequestsError(code: .bodyTooLarge, message: "the request body is larger than \(limit) bytes; raise maximumBodySize or send less")
        if case .known(let length) = body.length, length > limit { throw tooLarge }
        var bytes: [UInt8] = []
        for try await chunk in body {
            guard chunk.count <= limit - bytes.count else { throw tooLarge }
            bytes += chunk
        }
        return bytes
    }

    /// `fields` as SignedHTTP's header fields, in order.
    static func headers(_ fields: HTTPFields) -> HeaderFields {
        HeaderFields(fields.map { HeaderFields.Field(name: $0.name.rawName, value: $0.value) })
    }

    /// `headers` as swift-http-types' fields, in order; a name HTTP does not allow is left out.
    static func fields(_ headers: HeaderFields) -> HTTPFields {
        var fields = HTTPFields()
        for field in headers {
            if let name = HTTPField.Name(field.name) { fields.append(HTTPField(name: name, value: field.value)) }
        }
        return fields
    }
}
#endif
