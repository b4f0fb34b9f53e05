import Foundation
import HTTPTypes
import MockServerKit
import OAuth1Client
import SigningCore

/// Checks a signed request the way the provider would: the User-Agent (when the flavour wants
/// one), then the SDK's ``OAuth1Client/OAuth1Verifier`` — one definition of the server-side
/// check for backends and this mock — with the flavour's consumer, the options' signature
/// methods and timestamp window, the token the purpose needs from ``OAuth1TokenStore``, and the
/// server's replay store. Its refusals become the flavour's own (``OAuth1MockError``).
struct OAuth1Authenticator: Sendable {
    /// What the signed request is for, which decides the token it must carry.
    enum Purpose: Sendable {
        case requestToken
        case accessToken
        case resource
    }

    let flavour: OAuth1Flavour
    let options: OAuth1MockOptions
    let store: OAuth1TokenStore
    let replayStore: any ReplayStore
    /// The flavour's demo consumer as the verifier knows it: its secret, or the public half of
    /// its RSA key (read once, when the server starts; a custom flavour's unreadable key
    /// refuses every request, naming the key's problem).
    let consumer: Result<OAuth1Consumer, OAuth1Error>
    /// The options' signature methods, made a set once rather than for every request.
    private let signatureMethods: Set<OAuth1SignatureMethod>

    init(flavour: OAuth1Flavour, options: OAuth1MockOptions, store: OAuth1TokenStore, replayStore: any ReplayStore) {
        self.flavour = flavour
        self.options = options
        self.store = store
        self.replayStore = replayStore
        consumer = Result { () throws(OAuth1Error) in try flavour.consumer }
        signatureMethods = Set(options.signatureMethods)
    }

    func authenticate(_ request: MockRequest, for purpose: Purpose) async throws(OAuth1MockError) -> OAuth1Verifier.Verified {
        if flavour.requiresUserAgent, (request.headers[.userAgent] ?? "").isEmpty {
            throw OAuth1MockError(code: .missingUserAgent, message: "\(flavour.name) requires a User-Agent header naming your application")
        }
        let consumer: OAuth1Consumer
        do {
            consumer = try self.consumer.get()
        } catch {
            throw OAuth1MockError(code: .unknownConsumer, message: "the flavour \(flavour.name)'s consumerPrivateKeyPEM cannot be read, so no request can verify: \(error.message)")
        }
        do {
            return try await verifier(for: purpose, consumer: consumer, now: request.now).verify(request.received, now: request.now)
        } catch {
            throw Self.refusal(error)
        }
    }

    private func verifier(for purpose: Purpose, consumer: OAuth1Consumer, now: Date) -> OAuth1Verifier {
        let flavour = flavour
        let store = store
        let tokens: OAuth1Verifier.Tokens = switch purpose {
        case .requestToken: .none
        case .accessToken: .required { token, _ in try await store.requestToken(token, now: now).secret }
        case .resource: .required { token, consumerKey in try await store.accessToken(token, consumerKey: consumerKey, now: now).secret }
        }
        return OAuth1Verifier(
            consumer: { key in key == flavour.consumerKey ? consumer : nil },
            tokens: tokens,
            signatureMethods: signatureMethods,
            timestampWindow: .seconds(options.timestampWindowSeconds),
            requiresBodyHash: options.requiresBodyHash,
            replayStore: replayStore,
            parameterPlacement: flavour.parameterPlacement
        )
    }

    /// The verifier's refusal in the mock's codes (a token refusal is the store's own error).
    private static func refusal(_ error: OAuth1Error) -> OAuth1MockError {
        if let own = error.cause as? OAuth1MockError { return own }
        let code: OAuth1MockError.Code = switch error.code {
        case .missingParameter: .missingParameter
        case .unsupportedSignatureMethod: .unsupportedSignatureMethod
        case .unknownConsumer: .unknownConsumer
        case .timestampRefused: .timestampRefused
        case .signatureInvalid: .signatureInvalid
        case .nonceUsed: .nonceUsed
        case .tokenRejected: .invalidToken
        case .replayStoreUnavailable: .replayStoreUnavailable
        default: .malformedRequest
        }
        let message = code == .unknownConsumer ? "oauth_consumer_key is not a consumer of this provider; use the demo consumer key" : error.message
        return OAuth1MockError(code: code, message: message, serverSignatureBase: error.serverSignatureBase)
    }
}
