import Foundation
import HTTPMessageSignatures

/// A key, a signer, a verifier and a request for the tests that are not RFC vectors.
enum Fixtures {
    /// `created` of the fixtures' signatures; verifiers are run at ``now``.
    static let signingTime = Date(timeIntervalSince1970: 1_700_000_000)
    static let now = Date(timeIntervalSince1970: 1_700_000_010)

    static let key = try! HTTPSignatureHMACKey(secret: Array("a 32-byte secret for the tests..".utf8))
    static let otherKey = try! HTTPSignatureHMACKey(secret: Array("another secret, not the right one".utf8))

    /// A counter's nonces: `n1`, `n2`, … (deterministic, distinct).
    static func signer(components: [HTTPSignatureComponent]? = nil, label: String = "sig1", tag: String? = nil, key: HTTPSignatureHMACKey = key, keyID: String = "client-1", nonce: String? = "nonce-1", expiresAfter: Duration? = nil, includesAlgorithm: Bool = false) -> HTTPMessageSigner {
        var source: (@Sendable () -> String)?
        if let nonce { source = { nonce } }
        return HTTPMessageSigner(
            key: key, keyID: keyID, components: components, label: label, tag: tag, expiresAfter: expiresAfter,
            nonce: source, includesAlgorithm: includesAlgorithm
        )
    }

    static func verifier(replayStore: (any ReplayStore)? = nil, selection: HTTPSignatureSelection = .first, requirements: HTTPSignatureRequirements = .request) -> HTTPMessageSignatureVerifier {
        HTTPMessageSignatureVerifier(keys: ["client-1": key], selection: selection, requirements: requirements, replayStore: replayStore)
    }

    /// `POST https://api.example.com/items?color=blue` with a JSON body.
    static let request = APIRequest(
        method: "POST", url: URL(string: "https://api.example.com/items?color=blue")!,
        headers: ["Content-Type": "application/json", "Date": "Tue, 14 Nov 2023 22:13:20 GMT"], body: Array(#"{"name":"pen"}"#.utf8)
    )

    /// `request` signed by `signer` at ``signingTime``.
    static func signed(_ signer: HTTPMessageSigner = signer(), _ request: APIRequest = request) throws -> APIRequest {
        try signer.sign(request, at: signingTime)
    }

    /// The request as the server at api.example.com receives it.
    static func received(_ request: APIRequest) -> ReceivedRequest {
        var headers = request.headers
        headers.append("Host", request.url.host!)
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)!
        let target = components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        return ReceivedRequest(method: request.method, target: target, headers: headers, body: request.body, scheme: request.url.scheme!)
    }

    /// `request`'s headers with `name` replaced by `value`.
    static func replacing(_ name: String, with value: String?, in request: APIRequest) -> APIRequest {
        var copy = request
        copy.headers[name] = value
        return copy
    }
}
