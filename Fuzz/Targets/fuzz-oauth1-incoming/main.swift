// The incoming-request parser the OAuth 1.0a mocks verify with, on arbitrary requests: a
// request target (path and query), an `Authorization` header, a content type and a body. What
// it accepts must be consistent: verification agrees with the expected signature, and the
// base string never carries `oauth_signature`.
import Foundation
import FuzzSupport
import OAuth1Client
import SigningCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let options = input.byte()
    let method = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "get", "BREW"][Int(options & 7)]
    let contentType = options & 8 == 0 ? "application/x-www-form-urlencoded" : (options & 16 == 0 ? "application/json" : nil)
    let parts = input.restText().split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
    let target = parts.first.map(String.init) ?? ""
    let header = parts.count > 1 ? String(parts[1]) : nil
    let body = parts.count > 2 ? Array(parts[2].utf8) : []
    guard let url = URL(string: "http://127.0.0.1:8401" + (target.hasPrefix("/") ? target : "/" + target)) else { return 0 }

    guard let request = try? OAuth1IncomingRequest(method: method, url: url, authorizationHeader: header, contentType: contentType, body: body) else { return 0 }
    fuzzRequire(!request.signatureParameters.contains { $0.name == "oauth_signature" }, "oauth_signature went into the base string of \(target.debugDescription)")
    for secrets in [("kd94hf93k423kf44", "pfkkdhi9sl3r4s00"), ("", nil)] as [(String, String?)] {
        let verified = request.verify(consumerSecret: secrets.0, tokenSecret: secrets.1)
        guard let expected = try? request.expectedSignature(consumerSecret: secrets.0, tokenSecret: secrets.1) else {
            fuzzRequire(!verified, "a request declaring \(request.signatureMethod), an RSA method, verified with shared secrets")
            continue
        }
        fuzzRequire(!verified || request.bodyHashMatches != false, "verified with a wrong body hash")
        let matches = Array(expected.utf8) == Array(request.signature.utf8) // bytes, not Unicode equivalence
        fuzzRequire(verified == (matches && request.bodyHashMatches != false), "verify and expectedSignature disagree for \(request.signature.debugDescription)")
    }
    return 0
}
