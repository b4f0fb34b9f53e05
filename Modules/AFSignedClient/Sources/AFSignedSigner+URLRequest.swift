#if canImport(FoundationNetworking)
public import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif
import SignedHTTP

extension AFSignedSigner {
    /// Signs a `URLRequest` as of `date` (now by default): the same as signing the
    /// `APIRequest` made from it, written back (URL, body, headers), every other
    /// property kept.
    ///
    /// - Throws: ``AFSignedError/Code/malformedRequest`` when the request has no URL or its
    ///   body is a stream; otherwise as ``sign(_:at:)``.
    public func sign(_ request: URLRequest, at date: Date = Date()) throws(AFSignedError) -> URLRequest {
        let value: APIRequest
        do {
            value = try APIRequest(request)
        } catch {
            throw AFSignedError(code: .malformedRequest, message: error.message, cause: error)
        }
        return URLRequest(try sign(value, at: date), template: request)
    }
}
