import Crypto
import Foundation
import HTTPMessageSignatures
import HTTPMessageSignaturesCrypto
import SignedHTTP
import SignedVerification
import SigningCore

/// The request every workload signs or verifies: a `POST` with a 250-byte JSON body, a query
/// and `Content-Type`, covering `@method @authority @path @query content-digest content-type`
/// with `created`, `keyid` and `nonce` (the signer's production configuration: system clock,
/// 32 secure random alphanumerics per signature, `Content-Digest` computed from the body).
enum TypicalRequest {
    static let method = "POST"
    static let url = "https://api.example.com/v1/orders?customer=4711&limit=20"
    static let target = "/v1/orders?customer=4711&limit=20"
    static let host = "api.example.com"
    static let contentType = "application/json"
    static let body = Array(#"{"customer":4711,"items":[{"sku":"A-1001","quantity":2,"price":"19.90"},{"sku":"B-2002","quantity":1,"price":"5.00"}],"shipping":{"method":"express","address":"Musterstraße 1, 10115 Berlin"},"note":"leave at the door, ring twice"}"#.utf8)
    static let components: [HTTPSignatureComponent] = [.method, .authority, .path, .query, .contentDigest, .contentType]
    static let keyID = "benchmark-key"
    /// The nonce and time of the fixed signatures both sides must agree on.
    static let fixedNonce = "5e8f4d2c1b0a9f8e7d6c5b4a39281706"
    static let fixedCreated = 1_764_892_800

    /// The request before signing.
    static var request: APIRequest {
        APIRequest(method: method, url: URL(string: url)!, headers: ["Content-Type": contentType], body: body)
    }

    /// `signed` as its server receives it: the target, `Host`, the signed fields.
    static func received(_ signed: APIRequest) -> ReceivedRequest {
        var headers: HeaderFields = ["Host": host]
        for field in signed.headers.fields { headers.append(field.name, field.value) }
        return ReceivedRequest(method: method, target: target, headers: headers, body: signed.body, scheme: "https")
    }

    /// The signature base of the one signature of `signed`, and that signature.
    static func base(of signed: APIRequest) throws(HTTPMessageSignatureError) -> (base: [UInt8], signature: [UInt8]) {
        guard let signature = try HTTPSignatureFields.signatures(in: signed.headers).first else {
            throw HTTPMessageSignatureError(code: .missingSignature, message: "the signed request has no signature")
        }
        let base = try HTTPSignatureBase(parameters: signature.parameters, message: .request(HTTPMessageRequest(signed)))
        return (base.bytes, signature.signature)
    }
}

/// The keys: RFC 9421 Appendix B.1.5's shared secret for hmac-sha256, a new Ed25519 key each
/// run (every key of the curve costs the same), held both as this package's key and as
/// swift-crypto's.
enum Keys {
    static let secret = Array(Data(base64Encoded: "uzvJfB4u3N0Jy4T7NZ75MDVcr8zSTInedJtkgcu46YW4XByzNJjxBdtjUkdJPBtbmHhIDi6pcl8jsasjlTMtDQ==")!)
    static let hmac: HTTPSignatureHMACKey = try! HTTPSignatureHMACKey(secret: secret)
    static let ed25519Bare = Curve25519.Signing.PrivateKey()
    /// The same key through PKCS #8 DER (RFC 8410: the 16-byte prefix, then the 32-byte seed).
    static let ed25519: HTTPSignaturePrivateKey = try! HTTPSignaturePrivateKey(
        derRepresentation: [0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20] + Array(ed25519Bare.rawRepresentation)
    )
}

/// One workload: an algorithm, signing or verifying, and the targets it is held to.
struct Workload {
    enum Algorithm { case hmacSHA256, ed25519 }
    enum Kind { case sign, verify }

    let name: String
    let summary: String
    let algorithm: Algorithm
    let kind: Kind
    /// The ratio to reach against the Python peer (this package ÷ Python, ≥); `nil`: no peer.
    var peerTarget: Double? { algorithm == .hmacSHA256 ? 20 : nil }
    /// The most one operation may cost in units of the bare primitive over the same base.
    var bareTarget: Double { algorithm == .hmacSHA256 ? 4 : 1.5 }
    /// valgrind's two runs (operations), whose difference gives the allocations per operation.
    var allocationRuns: (small: Int, large: Int) { algorithm == .hmacSHA256 ? (1_000, 3_000) : (200, 600) }
    /// What the bare reference is called in the report.
    var bareName: String { algorithm == .hmacSHA256 ? "bare HMAC-SHA256" : kind == .sign ? "bare Ed25519 sign" : "bare Ed25519 verify" }

    var signingKey: any HTTPMessageSigningKey { algorithm == .hmacSHA256 ? Keys.hmac : Keys.ed25519 }
    var verifyingKey: any HTTPMessageVerifyingKey { algorithm == .hmacSHA256 ? Keys.hmac : Keys.ed25519.publicKey }

    /// The production configuration: system clock, a fresh secure nonce per signature.
    var signer: HTTPMessageSigner {
        HTTPMessageSigner(key: signingKey, keyID: TypicalRequest.keyID, components: TypicalRequest.components)
    }
    /// A fixed nonce (the time is given to `sign`), for the comparison with the other side.
    var fixedSigner: HTTPMessageSigner {
        HTTPMessageSigner(key: signingKey, keyID: TypicalRequest.keyID, components: TypicalRequest.components, nonce: { TypicalRequest.fixedNonce })
    }
    /// What a server sets up once: the key by its id, no replay store (the peer has none), an
    /// hour's window so the request signed at start-up stays valid through the run.
    var verifier: HTTPMessageSignatureVerifier {
        HTTPMessageSignatureVerifier(keys: [TypicalRequest.keyID: verifyingKey], maximumAge: .seconds(3600))
    }

    /// The request signed now by the production signer (what the verification workloads check).
    var signedNow: APIRequest {
        get throws(HTTPMessageSignatureError) { try signer.sign(TypicalRequest.request, at: Date()) }
    }

    /// What one operation works on, prepared once.
    var operation: Operation {
        get throws {
            switch kind {
            case .sign: return .sign(signer, TypicalRequest.request)
            case .verify: return .verify(verifier, TypicalRequest.received(try signedNow))
            }
        }
    }

    /// The bare primitive over the signature base of the same request (the base a verification
    /// rebuilds, or one the signer builds: the same length, another nonce and time), keyed once.
    var reference: Operation {
        get throws {
            let (base, signature) = try TypicalRequest.base(of: signedNow)
            switch (algorithm, kind) {
            case (.hmacSHA256, _): return .bareHMAC(SigningCore.HMAC<SigningCore.SHA256>(key: Keys.secret), base)
            case (.ed25519, .sign): return .bareEd25519Sign(Keys.ed25519Bare, base)
            case (.ed25519, .verify): return .bareEd25519Verify(Keys.ed25519Bare.publicKey, signature, base)
            }
        }
    }
}

/// One operation of a workload, ready to repeat.
enum Operation {
    case sign(HTTPMessageSigner, APIRequest)
    case verify(HTTPMessageSignatureVerifier, ReceivedRequest)
    case bareHMAC(SigningCore.HMAC<SigningCore.SHA256>, [UInt8])
    case bareEd25519Sign(Curve25519.Signing.PrivateKey, [UInt8])
    case bareEd25519Verify(Curve25519.Signing.PublicKey, [UInt8], [UInt8])

    /// Operations between clock readings: about 0.1–1 ms of work.
    var batch: Int {
        switch self {
        case .sign(let signer, _): signer.key.algorithm == .hmacSHA256 ? 20 : 5
        case .verify: 10
        case .bareHMAC: 200
        case .bareEd25519Sign, .bareEd25519Verify: 5
        }
    }

    /// One run; a value the optimiser cannot drop (0 when the operation failed).
    @inline(never) func run() async -> Int {
        switch self {
        case .sign(let signer, let request):
            return (try? signer.sign(request, at: Date()).headers.fields.count) ?? 0
        case .verify(let verifier, let request):
            return (try? await verifier.verify(request, now: Date()).components.count) ?? 0
        case .bareHMAC, .bareEd25519Sign, .bareEd25519Verify:
            return runBare()
        }
    }

    /// One run of a bare reference (synchronous).
    @inline(never) func runBare() -> Int {
        switch self {
        case .bareHMAC(let key, let base):
            return Int(key.authenticationCode(for: base)[0]) | 1
        case .bareEd25519Sign(let key, let base):
            return ((try? key.signature(for: base))?.count) ?? 0
        case .bareEd25519Verify(let key, let signature, let base):
            return key.isValidSignature(signature, for: base) ? 1 : 0
        case .sign, .verify:
            return 0
        }
    }
}

/// The workloads, in the order they are run and reported (`hmac-sha256-sign` is the
/// `--sign-only` default).
let workloads: [Workload] = [
    Workload(name: "hmac-sha256-sign", summary: "HTTPMessageSigner.sign, hmac-sha256 (Content-Digest computed, fresh nonce, system clock)", algorithm: .hmacSHA256, kind: .sign),
    Workload(name: "hmac-sha256-verify", summary: "HTTPMessageSignatureVerifier.verify of the received request, hmac-sha256 (public URL, Content-Digest checked)", algorithm: .hmacSHA256, kind: .verify),
    Workload(name: "ed25519-sign", summary: "HTTPMessageSigner.sign, ed25519 (HTTPMessageSignaturesCrypto)", algorithm: .ed25519, kind: .sign),
    Workload(name: "ed25519-verify", summary: "HTTPMessageSignatureVerifier.verify of the received request, ed25519", algorithm: .ed25519, kind: .verify),
]
