#if HummingbirdAdapter  // without the trait, TraitCheck.swift's #error is the one message
import Hummingbird
import HTTPTypes
import NIOCore
import SignedVerification

/// What reading a request for a verifier gave.
enum ReceivedReading: Sendable {
    /// The request as the verifiers read it; its body was collected and put back for the handler.
    case read(ReceivedRequest)
    /// The body is larger than the limit (declared in `Content-Length`, or found while reading).
    case tooLarge(limit: Int)
}

extension Request {
    /// Collects the body (at most `maximumBodySize` bytes; a larger declared `Content-Length`
    /// is refused before any byte is read), puts it back so the next handler can read it, and
    /// gives the request as every verifier reads it (`ReceivedRequest`): the target as sent,
    /// `Host` from the request's authority (swift-http-types keeps it apart from the header
    /// fields) followed by every field, the request's scheme, and the peer's IP address when
    /// `context` adopts Hummingbird's `RemoteAddressRequestContext`.
    ///
    /// - Throws: what the body stream throws (the client hung up while sending it).
    mutating func receivedForVerification(maximumBodySize: Int, context: some RequestContext) async throws -> ReceivedReading {
        if let declared = headers[.contentLength].flatMap(Int.init), declared > maximumBodySize {
            return .tooLarge(limit: maximumBodySize)
        }
        let body: ByteBuffer
        do {
            body = try await collectBody(upTo: maximumBodySize)
        } catch is NIOTooManyBytesError {
            return .tooLarge(limit: maximumBodySize)
        }
        var fields = HeaderFields()
        if let authority = head.authority { fields.append("Host", authority) }
        for field in headers { fields.append(field.name.rawName, field.value) }
        let remoteAddress = (context as? any RemoteAddressRequestContext)?.remoteAddress?.ipAddress
        return .read(ReceivedRequest(
            method: method.rawValue, target: head.path ?? "/", headers: fields, body: Array(buffer: body),
            scheme: head.scheme ?? "http", remoteAddress: remoteAddress
        ))
    }
}
#endif
