import Foundation
import HTTPTypes
import MockServerKit
import OAuth1Client
import SigningCore

/// Checks a signed request the way the provider would, in a fixed order: User-Agent (when the
/// flavour wants one), parse (OAuth1Client's ``OAuth1IncomingRequest``, the signer's own
/// canonicalisation), consumer, signature method, timestamp window, token, signature and body
/// hash, then nonce replay.
struct OAuth1Authenticator: Sendable {
    /// What the signed request is for, which decides the token it must carry.
    enum Purpose: Sendable {
        case requestToken
        case accessToken
        case resource
    }

    /// A request that passed every check.
    struct Caller: Sendable {
        var incoming: OAuth1IncomingRequest
        var token: String?
    }

    let flavour: OAuth1Flavour
    let options: OAuth1MockOptions
    let store: OAuth1TokenStore

    func authenticate(_ request: MockRequest, for purpose: Purpose) async throws(OAuth1MockError) -> Caller {
        if flavour.requiresUserAgent, (request.headers[.userAgent] ?? "").isEmpty {
            throw OAuth1MockError(code: .missingUserAgent, message: "\(flavour.name) requires a User-Agent header naming your application")
        }
        let authorization = request.headers[values: .authorization]
        guard authorization.count <= 1 else {
            throw OAuth1MockError(code: .malformedRequest, message: "the request has \(authorization.count) Authorization headers; send exactly one")
        }
        let incoming = try parse(request, authorization: authorization.first)
        guard incoming.consumerKey == flavour.consumerKey else {
            throw OAuth1MockError(code: .unknownConsumer, message: "oauth_consumer_key is not a consumer of this provider; use the demo consumer key")
        }
        guard options.signatureMethods.contains(incoming.signatureMethod) else {
            throw OAuth1MockError(
                code: .unsupportedSignatureMethod,
                message: "\(incoming.signatureMethod.rawValue) is not enabled here; use one of \(options.signatureMethods.map(\.rawValue).joined(separator: ", "))"
            )
        }
        let now = Int(request.now.timeIntervalSince1970)
        if let timestamp = incoming.timestamp, abs(timestamp - now) > options.timestampWindowSeconds {
            throw OAuth1MockError(
                code: .timestampRefused,
                message: "oauth_timestamp \(timestamp) is \(timestamp - now) s from the server's clock (\(now)); the window is ±\(options.timestampWindowSeconds) s — check the device clock"
            )
        }
        let tokenSecret = try await tokenSecret(for: incoming, purpose: purpose, now: request.now)
        guard incoming.verify(consumerSecret: flavour.consumerSecret, tokenSecret: tokenSecret) else {
            if incoming.bodyHashMatches == false {
                throw OAuth1MockError(code: .signatureInvalid, message: "oauth_body_hash does not match the body; hash the exact bytes sent")
            }
            throw OAuth1MockError(
                code: .signatureInvalid,
                message: "the signature does not match the server's base string (see X-OAuth1-Base-String); compare it with yours",
                serverBaseString: incoming.baseString
            )
        }
        if let nonce = incoming.nonce, let timestamp = incoming.timestamp {
            guard await store.useNonce(nonce, consumerKey: incoming.consumerKey, timestamp: timestamp, now: request.now) else {
                throw OAuth1MockError(code: .nonceUsed, message: "this nonce was already used with this timestamp; send a fresh nonce with every request")
            }
        }
        return Caller(incoming: incoming, token: incoming.token)
    }

    private func parse(_ request: MockRequest, authorization: String?) throws(OAuth1MockError) -> OAuth1IncomingRequest {
        guard let authority = request.authority, !authority.isEmpty else {
            throw OAuth1MockError(code: .malformedRequest, message: "the request has no Host header; the base string URI needs it")
        }
        // Foundation's URL parser quietly re-escapes invalid `%` sequences, so check them here.
        do throws(SigningCoreError) {
            _ = try PercentEncoding.decode(request.path)
            _ = try request.queryFields()
        } catch {
            throw OAuth1MockError(code: .malformedRequest, message: "the request target cannot be decoded: \(error.message)")
        }
        let target = request.path + (request.query.map { "?" + $0 } ?? "")
        guard let url = URL(string: "http://\(authority)\(target)") else {
            throw OAuth1MockError(code: .malformedRequest, message: "the request URL is not a valid URI; percent-encode reserved and non-ASCII characters")
        }
        do throws(OAuth1Error) {
            return try OAuth1IncomingRequest(
                method: request.method.rawValue,
                url: url,
                authorizationHeader: authorization,
                contentType: request.headers[.contentType],
                body: request.bodyBytes
            )
        } catch {
            let code: OAuth1MockError.Code = switch error.code {
            case .missingParameter: .missingParameter
            case .unsupportedSignatureMethod: .unsupportedSignatureMethod
            default: .malformedRequest
            }
            throw OAuth1MockError(code: code, message: error.message)
        }
    }

    private func tokenSecret(for incoming: OAuth1IncomingRequest, purpose: Purpose, now: Date) async throws(OAuth1MockError) -> String? {
        switch purpose {
        case .requestToken:
            return nil
        case .accessToken:
            guard let token = incoming.token else {
                throw OAuth1MockError(code: .missingParameter, message: "the access-token request has no oauth_token; sign it with the request token")
            }
            return try await store.requestToken(token, now: now).secret
        case .resource:
            guard let token = incoming.token else {
                throw OAuth1MockError(code: .invalidToken, message: "this resource needs an access token; sign the request with oauth_token")
            }
            return try await store.accessToken(token, consumerKey: incoming.consumerKey, now: now).secret
        }
    }
}
