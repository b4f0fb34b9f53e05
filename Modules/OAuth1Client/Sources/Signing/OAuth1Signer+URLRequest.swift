#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif
public import SigningCore
import SignedHTTP

extension OAuth1Signer {
    /// Signs a `URLRequest`: the same as signing the ``OAuth1Request`` made from it, with the
    /// result written back (header, URL or body), every other property kept.
    ///
    /// - Throws: ``OAuth1Error/Code/invalidURL`` when the request has no URL,
    ///   ``OAuth1Error/Code/invalidParameter`` when its body is a stream; otherwise as
    ///   ``sign(_:callback:verifier:extraProtocolParameters:)-(OAuth1Request,_,_,_)``.
    public func sign(
        _ request: URLRequest, callback: String? = nil, verifier: String? = nil, extraProtocolParameters: [FormField] = []
    ) throws(OAuth1Error) -> URLRequest {
        let value: OAuth1Request
        do {
            value = try OAuth1Request(request)
        } catch {
            throw OAuth1Error(code: request.url == nil ? .invalidURL : .invalidParameter, message: error.message, cause: error)
        }
        let signed = try sign(value, callback: callback, verifier: verifier, extraProtocolParameters: extraProtocolParameters)
        return URLRequest(signed.request, template: request)
    }
}
