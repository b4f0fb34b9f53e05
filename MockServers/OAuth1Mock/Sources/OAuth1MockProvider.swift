public import Hummingbird
public import HTTPTypes
public import MockServerKit
public import Foundation
import OAuth1Client
public import SigningCore

/// A mock OAuth 1.0a provider (RFC 5849) that really verifies: the 3-legged flow, HMAC-SHA1,
/// -SHA256, -SHA512 and PLAINTEXT in the header, query or form body, `oauth_body_hash`, a
/// timestamp window, nonce replay, token expiry and revocation — verified with OAuth1Client's
/// own canonicalisation, answered in the flavour's own error shape.
///
/// ```swift
/// let server = try await MockServer.start(OAuth1MockProvider(flavour: .twitter, options: .init(autoApprove: true)))
/// ```
public struct OAuth1MockProvider: MockProvider {
    /// What the provider looks like.
    public var flavour: OAuth1Flavour
    /// How strict it is.
    public var options: OAuth1MockOptions

    /// Creates a provider.
    public init(flavour: OAuth1Flavour, options: OAuth1MockOptions = OAuth1MockOptions()) {
        self.flavour = flavour
        self.options = options
    }

    /// The flavour's name.
    public var name: String { flavour.name }

    /// ``demo`` as the ready file's strings: `consumerKey`, `consumerSecret`, and a ready-made
    /// `accessToken` / `accessTokenSecret` for the demo user, and `userID`.
    public var demoCredentials: [String: String] { demo.fields }

    var demoAccessToken: String { "\(flavour.userID)-MockDemoAccessToken\(flavour.name.capitalized)" }
    var demoAccessTokenSecret: String { "MockDemoAccessTokenSecret\(flavour.name.capitalized)0123" }

    /// Adds the token endpoints, the authorisation page, revocation and the flavour's resources.
    public func addRoutes(to router: Router<MockRequestContext>, context: MockServerContext) {
        let demo = OAuth1TokenStore.AccessToken(secret: demoAccessTokenSecret, consumerKey: flavour.consumerKey, issued: context.clock.now)
        let store = OAuth1TokenStore(options: options, accessTokens: [demoAccessToken: demo])
        let routes = OAuth1Routes(
            flavour: flavour,
            options: options,
            store: store,
            server: context,
            authenticator: OAuth1Authenticator(flavour: flavour, options: options, store: store, replayStore: context.replayStore)
        )
        routes.add(to: router)
    }

    /// The flavour's error body for a failure the server kit found.
    public func errorResponse(status: HTTPResponse.Status, message: String) -> MockResponse {
        flavour.errorResponse(status: status, message: message)
    }

    /// What ``errorResponse(status:message:)`` writes in this flavour's shape.
    public var errorContent: MockOperation.Content {
        OAuth1MockOperations(flavour: flavour).errorContent
    }

    /// The flavour's rate-limit headers.
    public func rateLimitHeaders(now: Date, retryAfterSeconds: Int) -> HTTPFields {
        flavour.rateLimitHeaders(now: now, retryAfterSeconds: retryAfterSeconds)
    }

    /// The kit's rule (names with `secret` or `password`), plus OAuth's own: a PLAINTEXT
    /// `oauth_signature` (it is the consumer and token secrets) and `oauth_verifier` (a
    /// one-time credential a journal reader could replay before the client does).
    public func redactingSecrets(_ parameters: [FormField]) -> [FormField] {
        let plaintext = parameters.contains { $0.name == "oauth_signature_method" && $0.value.uppercased() == OAuth1SignatureMethod.plaintext.rawValue }
        return MockSecrets.redacting(MockSecrets.redactingSecretNames(parameters)) { name in
            name == "oauth_verifier" || (plaintext && name == "oauth_signature")
        }
    }

    /// An `Authorization: OAuth …` header (the kit passes lowercase names) with ``redactingSecrets(_:)`` applied to its
    /// parameters (a PLAINTEXT signature, a verifier); as sent when nothing is masked.
    public func redactingSecrets(inHeader name: String, value: String) -> String {
        guard name == "authorization", value.utf8.count > 6, value.prefix(6).lowercased() == "oauth " else {
            return MockSecrets.redactingBasicCredentials(inHeader: name, value: value)
        }
        // Only a PLAINTEXT signature or a verifier is masked: a header naming neither is kept
        // without parsing it (the journal's hot path).
        guard Self.containsIgnoringCase(value, "plaintext") || Self.containsIgnoringCase(value, "oauth_verifier"),
              let (realm, parameters) = try? OAuth1AuthorizationHeader.parse(value)
        else { return value }
        let masked = redactingSecrets(parameters)
        guard masked != parameters else { return value }
        return OAuth1AuthorizationHeader.serialize(realm: realm, parameters: masked)
    }

    /// Whether `text` holds `word` (lowercase ASCII), in any case: a scan of its bytes in
    /// place, without Foundation's string search or a copy.
    private static func containsIgnoringCase(_ text: String, _ word: StaticString) -> Bool {
        let needle = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= needle.count else { return false }
            for start in 0...(bytes.count - needle.count) where bytes[start] | 0x20 == needle[0] {
                var index = 1
                while index < needle.count, bytes[start + index] | 0x20 == needle[index] || (needle[index] == UInt8(ascii: "_") && bytes[start + index] == needle[index]) {
                    index += 1
                }
                if index == needle.count { return true }
            }
            return false
        }
    }

    /// The client's base string beside the provider's, taken apart by
    /// `OAuth1BaseStringDifference` (the SDK's and `signed-api explain`'s difference code).
    public func compare(client: String, with diagnosis: JournalDiagnosis) -> DiagnosisComparison {
        let difference = OAuth1BaseStringDifference(ours: client, theirs: diagnosis.text)
        func lines(_ parts: [OAuth1BaseStringDifference.Part]) -> [DiagnosisComparison.Line] {
            parts.map { DiagnosisComparison.Line(name: $0.name, text: $0.text, differs: $0.differs) }
        }
        return DiagnosisComparison(findings: difference.findings, client: lines(difference.ourParts), server: lines(difference.theirParts))
    }
}
