import Foundation
import MockServerKit
import NIOHTTP1
import SignedHTTP
import SigningCore

/// One provider's share of the soak: where it listens, how to build each kind of request for
/// it, and what each kind must get. Built per provider by the `SoakTraffic+…` files, from the
/// provider's demo credentials and the SDK's own signers, at the moment a request is sent.
struct SoakTraffic: Sendable {
    /// The provider's name (`twitter`, `drupal`, …).
    let provider: String
    let target: LoopbackTarget
    /// A freshly signed request; its argument numbers the request (for distinct values).
    let valid: @Sendable (Int) throws -> PreparedRequest
    /// A request changed after it was signed.
    let tampered: @Sendable (Int) throws -> PreparedRequest
    /// A request the provider refuses by its own rules.
    let invalid: @Sendable (Int) throws -> PreparedRequest
    /// A body over the default 1 MiB limit, sent to a route that reads bodies.
    let oversized: PreparedRequest
    /// The path raw malformed requests and slow clients ask for.
    let probePath: String
    /// What each kind must get from this provider.
    let expectations: [SoakKind: SoakExpectation]

    /// Whether `outcome` (with the start of its body) is what `kind` must get here.
    func accepts(_ kind: SoakKind, _ outcome: SoakOutcome, body: [UInt8]) -> Bool {
        expectations[kind]?.accepts(outcome, body) ?? false
    }

    /// The expectations every provider shares: oversized bodies, raw malformed bytes, slow clients.
    static let kitExpectations: [SoakKind: SoakExpectation] = [
        .oversized: .status(413),
        .malformed: .refusedOrClosed,
        .slow: .neverServed,
    ]

    /// What a signed API that refuses replays answers: 200 for a valid request, 401 for a
    /// replayed or tampered one, `invalid` for an invalid one, and the kit's expectations.
    static func signedExpectations(invalid: SoakExpectation) -> [SoakKind: SoakExpectation] {
        kitExpectations.merging([.valid: .status(200), .replay: .status(401), .tamper: .status(401), .invalid: invalid]) { $1 }
    }

    /// Three things an HTTP parser must refuse, sent in turn on connections of their own: bytes
    /// that are not HTTP at all (a TLS ClientHello's start), a request line with a broken
    /// version, a header line without a colon.
    func malformed(_ variant: Int) -> [UInt8] {
        switch variant % 3 {
        case 0: [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03, 0x0D, 0x0A, 0x0D, 0x0A]
        case 1: Array("GET \(probePath) HTTP/1.Q\r\nHost: \(target.authority)\r\n\r\n".utf8)
        default: Array("GET \(probePath) HTTP/1.1\r\nHost: \(target.authority)\r\nThis line has no colon\r\n\r\n".utf8)
        }
    }

    /// The start of a request whose header section a slow client never ends: the request line
    /// and `Host`, then one more header line per call of ``slowHeaderLine(_:)``.
    var slowRequestStart: [UInt8] {
        Array("GET \(probePath) HTTP/1.1\r\nHost: \(target.authority)\r\n".utf8)
    }

    /// The `index`th header line a slow client trickles after ``slowRequestStart``.
    static func slowHeaderLine(_ index: Int) -> [UInt8] {
        Array("X-Slow-\(index): still typing\r\n".utf8)
    }

    /// The URL of `pathAndQuery` on this provider.
    func url(_ pathAndQuery: String) -> URL {
        URL(string: "http://\(target.authority)\(pathAndQuery)")!
    }

    /// A body of `MockServerLimits().maxBodyBytes` + 16 KiB for `method` `target`.
    static func oversized(method: String, target: String, contentType: String) -> PreparedRequest {
        PreparedRequest(
            method: .init(rawValue: method), target: target,
            headers: [("Content-Type", contentType)],
            body: [UInt8](repeating: UInt8(ascii: "a"), count: MockServerLimits().maxBodyBytes + (16 << 10))
        )
    }
}

extension PreparedRequest {
    /// `request` as sent: its path and query, headers and body (the `Host` header is the
    /// connection's).
    init(_ request: APIRequest) {
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        var target = components.map(\.percentEncodedPath).flatMap { $0.isEmpty ? nil : $0 } ?? "/"
        if let query = components?.percentEncodedQuery { target += "?" + query }
        self.init(
            method: .init(rawValue: request.method), target: target,
            headers: request.headers.fields.map { ($0.name, $0.value) }.filter { $0.0.lowercased() != "host" },
            body: request.body
        )
    }
}
