import Foundation
import OAuth1Client
import Testing

/// Protocol parameters split between the header and the form body, as Discogs' official Python
/// client sends its request-token leg: refused by default (RFC 5849 §3.5), read and verified
/// over every parameter with ``OAuth1IncomingRequest/ParameterPlacement/split``.
@Suite("OAuth 1.0a parameter placement")
struct OAuth1ParameterPlacementTests {
    static let url = URL(string: "https://api.example.com/oauth/request_token")!
    static let formType = "application/x-www-form-urlencoded"
    /// What discogs-client 2.3.0 sends for `get_authorize_url(callback_url=…)`: its own
    /// `User-Agent` as a form field beside `oauth_callback`, the rest in `Authorization`.
    static let body = "User-Agent=peer&oauth_callback=http%3A%2F%2Fapp.example%2Fcb"
    /// HMAC-SHA1 with `cs&` of ``baseString``, computed by Python's `hmac` module.
    static let signature = "2bdfIJWuJYfE2J4gQ7ZqY/fA8II="
    static let baseString = "POST&https%3A%2F%2Fapi.example.com%2Foauth%2Frequest_token&User-Agent%3Dpeer"
        + "%26oauth_callback%3Dhttp%253A%252F%252Fapp.example%252Fcb%26oauth_consumer_key%3Dkey%26oauth_nonce%3Dn"
        + "%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1700000000%26oauth_version%3D1.0"

    static func header(signature: String = signature, extra: String = "") -> String {
        "OAuth oauth_consumer_key=\"key\", oauth_nonce=\"n\", oauth_signature_method=\"HMAC-SHA1\", oauth_timestamp=\"1700000000\", "
            + "oauth_version=\"1.0\", oauth_signature=\"\(PercentEncoding.encode(signature))\"\(extra)"
    }

    static func incoming(body: String = body, header: String = header(), placement: OAuth1IncomingRequest.ParameterPlacement) throws -> OAuth1IncomingRequest {
        try OAuth1IncomingRequest(method: "POST", url: url, authorizationHeader: header, contentType: formType, body: Array(body.utf8), placement: placement)
    }

    @Test("split: every protocol parameter is read wherever it came from, and the signature covers them all")
    func splitAccepted() throws {
        let request = try Self.incoming(placement: .split)
        #expect(request.protocolParameterLocations == [.authorizationHeader, .formBody])
        #expect(request.protocolParameterLocation == .authorizationHeader)
        #expect(request.callback == "http://app.example/cb")
        #expect(request.consumerKey == "key")
        #expect(request.baseString == Self.baseString)
        #expect(request.verify(consumerSecret: "cs", tokenSecret: nil))
        #expect(!request.verify(consumerSecret: "other", tokenSecret: nil))
        let tampered = try Self.incoming(body: "User-Agent=peer&oauth_callback=http%3A%2F%2Fevil.example%2Fcb", placement: .split)
        #expect(!tampered.verify(consumerSecret: "cs", tokenSecret: nil))
    }

    @Test("one place, the default: the same request is refused as RFC 5849 §3.5 says")
    func onePlaceRefuses() throws {
        let error = #expect(throws: OAuth1Error.self) {
            try OAuth1IncomingRequest(method: "POST", url: Self.url, authorizationHeader: Self.header(), contentType: Self.formType, body: Array(Self.body.utf8))
        }
        #expect(error?.code == .parametersInSeveralLocations)
        #expect(error?.message == "oauth_* parameters arrived in authorizationHeader and formBody; RFC 5849 §3.5 allows exactly one place")
    }

    @Test("split: a name sent in two places, or twice in one, is refused", arguments: [
        ("oauth_nonce=other", header()),
        ("oauth_callback=a%3Ab&oauth_callback=c%3Ad", header()),
        ("oauth_callback=oob", header(extra: ", oauth_callback=\"oob\"")),
    ])
    func splitRepeatRefused(body: String, header: String) throws {
        let error = #expect(throws: OAuth1Error.self) { try Self.incoming(body: body, header: header, placement: .split) }
        #expect(error?.code == .duplicateParameter)
    }

    @Test("split: one place still reads as one place")
    func splitOnePlace() throws {
        let request = try Self.incoming(body: "User-Agent=peer", placement: .split)
        #expect(request.protocolParameterLocations == [.authorizationHeader])
        #expect(request.callback == nil)
    }

    @Test("the verifier is strict by default and accepts split parameters only when told to")
    func verifierOption() async throws {
        let received = ReceivedRequest(
            method: "POST", target: "/oauth/request_token",
            headers: ["Host": "api.example.com", "Authorization": Self.header(), "Content-Type": Self.formType],
            body: Array(Self.body.utf8), scheme: "https"
        )
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        func verifier(_ placement: OAuth1IncomingRequest.ParameterPlacement?) -> OAuth1Verifier {
            guard let placement else {
                return OAuth1Verifier(consumerSecret: { $0 == "key" ? "cs" : nil }, tokens: .none, replayStore: MemoryReplayStore())
            }
            return OAuth1Verifier(consumerSecret: { $0 == "key" ? "cs" : nil }, tokens: .none, replayStore: MemoryReplayStore(), parameterPlacement: placement)
        }
        #expect(verifier(nil).parameterPlacement == .onePlace)
        let strict = await #expect(throws: OAuth1Error.self) { try await verifier(nil).verify(received, now: now) }
        #expect(strict?.code == .parametersInSeveralLocations)
        let verified = try await verifier(.split).verify(received, now: now)
        #expect(verified.request.callback == "http://app.example/cb")
        #expect(verified.request.protocolParameterLocations == [.authorizationHeader, .formBody])
    }
}
