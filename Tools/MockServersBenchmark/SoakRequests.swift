import Foundation
import MockServerKit
import NIOHTTP1
import OAuth1Client

/// Builds the soak's requests for one server: signed with the Twitter mock's demo credentials
/// at the moment they are sent (the soak is about correctness under load, not the client's
/// speed), plus the hostile ones.
struct SoakRequests: Sendable {
    /// `host:port`, the `Host` header and the authority the signatures cover.
    let authority: String
    private let signer: OAuth1Signer

    static let verifyCredentialsPath = "/1.1/account/verify_credentials.json"
    static let statusUpdatePath = "/1.1/statuses/update.json"

    /// Requests for the server at `authority`, signed with `credentials` (the provider's
    /// `consumerKey`, `consumerSecret`, `accessToken`, `accessTokenSecret`).
    init(authority: String, credentials: [String: String]) {
        self.authority = authority
        signer = OAuth1Signer(credentials: OAuth1Credentials(
            consumerKey: credentials["consumerKey"] ?? "",
            consumerSecret: credentials["consumerSecret"] ?? "",
            token: credentials["accessToken"],
            tokenSecret: credentials["accessTokenSecret"]
        ))
    }

    /// A freshly signed `GET verify_credentials` (a new nonce every call).
    func valid() throws -> PreparedRequest {
        let url = URL(string: "http://\(authority)\(Self.verifyCredentialsPath)")!
        let signed = try signer.sign(OAuth1Request(url: url)).request
        return PreparedRequest(target: Self.verifyCredentialsPath, headers: signed.headers.map { ($0.name, $0.value) })
    }

    /// A signed form post of `status=text` whose body is then changed to another text.
    func tampered(_ text: String) throws -> PreparedRequest {
        let url = URL(string: "http://\(authority)\(Self.statusUpdatePath)")!
        let signed = try signer.sign(OAuth1Request(url: url, form: [FormField("status", text)])).request
        let changed = FormEncoding.serialize([FormField("status", text + " (changed after signing)")])
        return PreparedRequest(
            method: .POST, target: Self.statusUpdatePath,
            headers: signed.headers.map { ($0.name, $0.value) }, body: Array(changed.utf8)
        )
    }

    /// An unsigned form post 16 KiB over the default body limit (the limit is checked first).
    static let oversized = PreparedRequest(
        method: .POST, target: statusUpdatePath,
        headers: [("Content-Type", "application/x-www-form-urlencoded")],
        body: Array("status=".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: MockServerLimits().maxBodyBytes + (16 << 10))
    )

    /// Three things an HTTP parser must refuse, sent in turn: bytes that are not HTTP at all
    /// (a TLS ClientHello's start), a request line with a broken version, a header line
    /// without a colon.
    func malformed(_ variant: Int) -> [UInt8] {
        switch variant % 3 {
        case 0: [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03, 0x0D, 0x0A, 0x0D, 0x0A]
        case 1: Array("GET \(Self.verifyCredentialsPath) HTTP/1.Q\r\nHost: \(authority)\r\n\r\n".utf8)
        default: Array("GET \(Self.verifyCredentialsPath) HTTP/1.1\r\nHost: \(authority)\r\nThis line has no colon\r\n\r\n".utf8)
        }
    }

    /// The start of a request whose header section a slow client never ends: the request line
    /// and `Host`, then one more header line per call of `slowHeaderLine(_:)`.
    var slowRequestStart: [UInt8] {
        Array("GET \(Self.verifyCredentialsPath) HTTP/1.1\r\nHost: \(authority)\r\n".utf8)
    }

    /// The `index`th header line a slow client trickles after ``slowRequestStart``.
    static func slowHeaderLine(_ index: Int) -> [UInt8] {
        Array("X-Slow-\(index): still typing\r\n".utf8)
    }
}
