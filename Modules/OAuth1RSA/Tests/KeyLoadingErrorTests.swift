import Foundation
import OAuth1Client
import OAuth1RSA
import Testing

/// PEM and DER helpers for the loading tests.
enum KeyText {
    /// The DER inside the first PEM block of `pem`.
    static func der(of pem: String) throws -> [UInt8] {
        try Base64.decode(pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined())
    }

    /// `der` as a PEM block labelled `label`, 64 characters a line.
    static func pem(_ label: String, _ der: [UInt8]) -> String {
        let base64 = Array(Base64.encode(der))
        let lines = stride(from: 0, to: base64.count, by: 64).map { String(base64[$0..<min($0 + 64, base64.count)]) }
        return (["-----BEGIN \(label)-----"] + lines + ["-----END \(label)-----"]).joined(separator: "\n")
    }

    /// The DER length octets of `count`.
    static func length(_ count: Int) -> [UInt8] {
        count < 0x80 ? [UInt8(count)] : count < 0x100 ? [0x81, UInt8(count)] : [0x82, UInt8(count >> 8), UInt8(count & 0xFF)]
    }

    /// A PKCS #1 `RSAPublicKey` whose modulus is `bytes` bytes long (top bit set), exponent 65537.
    static func publicKey(modulusBytes bytes: Int) -> [UInt8] {
        let modulus: [UInt8] = [0x00, 0xC5] + [UInt8](repeating: 0xA7, count: bytes - 1)
        let content = [0x02] + length(modulus.count) + modulus + [0x02, 0x03, 0x01, 0x00, 0x01]
        return [0x30] + length(content.count) + content
    }
}

/// One key input, which loader it goes to, and the words its refusal must contain.
struct BadKeyInput: Sendable, CustomTestStringConvertible {
    enum Loader: Sendable {
        case privatePEM(String), publicPEM(String), privateDER([UInt8]), publicDER([UInt8])
    }

    var name: String
    var loader: Loader
    var words: [String]

    var testDescription: String { name }

    /// Loads the input, for its error.
    func load() throws(OAuth1Error) {
        switch loader {
        case .privatePEM(let text): _ = try OAuth1RSAPrivateKey(pemRepresentation: text)
        case .publicPEM(let text): _ = try OAuth1RSAPublicKey(pemRepresentation: text)
        case .privateDER(let bytes): _ = try OAuth1RSAPrivateKey(derRepresentation: bytes)
        case .publicDER(let bytes): _ = try OAuth1RSAPublicKey(derRepresentation: bytes)
        }
    }

    static var all: [BadKeyInput] {
        let pkcs1 = KeyFixtures.rsaPKCS1.split(separator: "\n")
        let hugeModulus = KeyText.publicKey(modulusBytes: 16_384)
        let pkcs1DER = (try? KeyText.der(of: KeyFixtures.rsaPKCS1)) ?? []
        let decrypt = ["encrypted", "openssl pkey"]
        return [
            BadKeyInput(name: "encrypted PKCS #8 (ENCRYPTED PRIVATE KEY)", loader: .privatePEM(KeyFixtures.encryptedPKCS8), words: decrypt),
            BadKeyInput(name: "encrypted traditional PEM (Proc-Type: 4,ENCRYPTED)", loader: .privatePEM(KeyFixtures.encryptedTraditional), words: decrypt),
            BadKeyInput(name: "EC key, PKCS #8", loader: .privatePEM(KeyFixtures.ecPKCS8), words: ["elliptic-curve", "RSA key"]),
            BadKeyInput(name: "EC key, SEC 1", loader: .privatePEM(KeyFixtures.ecSEC1), words: ["elliptic-curve", "RSA key"]),
            BadKeyInput(name: "EC public key", loader: .publicPEM(KeyFixtures.ecPublic), words: ["elliptic-curve", "RSA key"]),
            BadKeyInput(name: "Ed25519 key, PKCS #8", loader: .privatePEM(KeyFixtures.ed25519PKCS8), words: ["Ed25519", "RSA key"]),
            BadKeyInput(name: "Ed25519 public key", loader: .publicPEM(KeyFixtures.ed25519Public), words: ["Ed25519", "RSA key"]),
            BadKeyInput(name: "public key given to the private loader", loader: .privatePEM(KeyFixtures.rsaPKCS1Public), words: ["public key", "private key"]),
            BadKeyInput(name: "certificate given to the private loader", loader: .privatePEM(RSASHA1TestVector.certificate), words: ["certificate", "private key"]),
            BadKeyInput(name: "private key given to the public loader", loader: .publicPEM(KeyFixtures.rsaPKCS1), words: ["private key", "public key", "-pubout"]),
            BadKeyInput(name: "private key DER given to the public loader", loader: .publicDER(pkcs1DER), words: ["private key", "-pubout"]),
            BadKeyInput(
                name: "PEM cut short (last lines gone, END line kept)",
                loader: .privatePEM((pkcs1.dropLast(4) + pkcs1.suffix(1)).joined(separator: "\n")), words: ["cut short or damaged"]
            ),
            BadKeyInput(name: "PEM without its END line", loader: .privatePEM(pkcs1.dropLast().joined(separator: "\n")), words: ["END line"]),
            BadKeyInput(
                name: "PEM with garbage for Base64",
                loader: .privatePEM("-----BEGIN PRIVATE KEY-----\n!!not*base64@@\n-----END PRIVATE KEY-----"), words: ["cannot be read"]
            ),
            BadKeyInput(name: "text that is not PEM", loader: .privatePEM("ssh-rsa AAAAB3NzaC1yc2E user@host"), words: ["not PEM"]),
            BadKeyInput(name: "empty text, private", loader: .privatePEM(""), words: ["empty"]),
            BadKeyInput(name: "blank text, public", loader: .publicPEM(" \n\t\n"), words: ["empty"]),
            BadKeyInput(name: "empty DER, private", loader: .privateDER([]), words: ["empty"]),
            BadKeyInput(name: "empty DER, public", loader: .publicDER([]), words: ["empty"]),
            BadKeyInput(name: "DER cut short", loader: .privateDER(Array(pkcs1DER.prefix(pkcs1DER.count / 2))), words: ["cut short or damaged"]),
            BadKeyInput(name: "garbage DER", loader: .publicDER(Array("hello, world".utf8)), words: ["damaged"]),
            BadKeyInput(name: "512-bit private key", loader: .privatePEM(KeyFixtures.rsa512), words: ["512 bits", "1024"]),
            BadKeyInput(name: "512-bit public key", loader: .publicPEM(KeyFixtures.rsa512Public), words: ["512 bits", "1024"]),
            BadKeyInput(name: "public key with a 16 KB modulus, PEM", loader: .publicPEM(KeyText.pem("RSA PUBLIC KEY", hugeModulus)), words: ["131072 bits", "16384"]),
            BadKeyInput(name: "public key with a 16 KB modulus, DER", loader: .publicDER(hugeModulus), words: ["131072 bits", "16384"]),
        ]
    }
}

@Suite struct KeyLoadingErrorTests {
    @Test("a key file that cannot be used is refused with invalidKey and a message naming the problem", arguments: BadKeyInput.all)
    func refused(_ input: BadKeyInput) {
        let error = #expect(throws: OAuth1Error.self) { try input.load() }
        #expect(error?.code == .invalidKey)
        for word in input.words {
            #expect(error?.message.contains(word) == true, "\"\(error?.message ?? "")\" does not say \(word)")
        }
    }

    @Test("private keys load from PKCS #1 and PKCS #8, PEM and DER, and public keys from PKCS #1, SubjectPublicKeyInfo and certificates")
    func loads() throws {
        let pkcs1 = try OAuth1RSAPrivateKey(pemRepresentation: KeyFixtures.rsaPKCS1)
        let pkcs8 = try OAuth1RSAPrivateKey(pemRepresentation: pkcs1.pemRepresentation)
        #expect(pkcs8.pemRepresentation.hasPrefix("-----BEGIN PRIVATE KEY-----"))
        let privateKeys = try [
            pkcs1, pkcs8,
            OAuth1RSAPrivateKey(derRepresentation: KeyText.der(of: KeyFixtures.rsaPKCS1)),
            OAuth1RSAPrivateKey(derRepresentation: KeyText.der(of: pkcs8.pemRepresentation)),
        ]
        let publicKeys = try [
            OAuth1RSAPublicKey(pemRepresentation: KeyFixtures.rsaPKCS1Public),
            OAuth1RSAPublicKey(pemRepresentation: pkcs1.rsaPublic.pemRepresentation),
            OAuth1RSAPublicKey(derRepresentation: KeyText.der(of: KeyFixtures.rsaPKCS1Public)),
            OAuth1RSAPublicKey(derRepresentation: KeyText.der(of: pkcs1.rsaPublic.pemRepresentation)),
        ]
        #expect(privateKeys.allSatisfy { $0 == pkcs1 && $0.keySizeInBits == 1024 })
        #expect(publicKeys.allSatisfy { $0 == pkcs1.rsaPublic && $0.keySizeInBits == 1024 })

        let certificates = try [
            OAuth1RSAPublicKey(pemRepresentation: RSASHA1TestVector.certificate),
            OAuth1RSAPublicKey(derRepresentation: KeyText.der(of: RSASHA1TestVector.certificate)),
            // A certificate among other text, as a chain file or a copy from a web page has it.
            OAuth1RSAPublicKey(pemRepresentation: "Subject: CN=Test Principal\n" + RSASHA1TestVector.certificate + "\n" + KeyFixtures.rsaPKCS1Public),
        ]
        let owner = try OAuth1RSAPrivateKey(pemRepresentation: RSASHA1TestVector.privateKey)
        #expect(certificates.allSatisfy { $0 == owner.rsaPublic })
    }

    @Test("the private key never shows: not in description, debugDescription, dump, its credentials and signer, or an error")
    func privateKeyNeverShows() throws {
        let key = try OAuth1RSAPrivateKey(pemRepresentation: KeyFixtures.rsaPKCS1)
        let signer = OAuth1Signer(credentials: OAuth1Credentials(consumerKey: "app", privateKey: key, token: "t"), signatureMethod: .rsaSHA1)
        var texts = [key.description, key.debugDescription, String(describing: key), String(reflecting: key), "\(signer.credentials)", String(reflecting: signer)]
        for value in [key as Any, signer.credentials, signer] {
            var dumped = ""
            dump(value, to: &dumped)
            texts.append(dumped)
        }
        // Errors about this very key: given to the public loader, and damaged.
        let lines = KeyFixtures.rsaPKCS1.split(separator: "\n")
        let damaged = (lines.prefix(3) + lines.dropFirst(4)).joined(separator: "\n")
        let errors = [
            #expect(throws: OAuth1Error.self) { try OAuth1RSAPublicKey(pemRepresentation: KeyFixtures.rsaPKCS1) },
            #expect(throws: OAuth1Error.self) { try OAuth1RSAPrivateKey(pemRepresentation: damaged) },
        ]
        for error in errors {
            texts.append(error?.message ?? "")
            texts.append(String(describing: error))
        }
        let body = lines.filter { !$0.hasPrefix("-----") }
        let pkcs8Body = key.pemRepresentation.split(separator: "\n").filter { !$0.hasPrefix("-----") }
        for text in texts {
            #expect(!text.contains("PRIVATE KEY"), "\(text)")
            for line in body + pkcs8Body {
                #expect(!text.contains(line), "\(text) shows a line of the key")
            }
        }
        #expect(key.description.contains("1024 bits"))
    }
}

@Suite struct RSASignatureShapeTests {
    /// A malformed `oauth_signature` and the words the verifier's refusal must contain.
    struct BadSignature: Sendable, CustomTestStringConvertible {
        var name: String
        var signature: String
        var words: [String]
        var testDescription: String { name }
    }

    static let badSignatures = [
        BadSignature(name: "64 bytes for a 1024-bit key", signature: Base64.encode([UInt8](repeating: 0x5A, count: 64)), words: ["64 bytes", "1024-bit", "128 bytes"]),
        BadSignature(name: "129 bytes for a 1024-bit key", signature: Base64.encode([UInt8](repeating: 0x5A, count: 129)), words: ["129 bytes", "128 bytes"]),
        BadSignature(name: "not Base64", signature: "not*base64!", words: ["not Base64"]),
        BadSignature(name: "empty", signature: "", words: ["oauth_signature"]),
    ]

    @Test("OAuth1Verifier refuses an RSA signature of the wrong length or not Base64 with signatureInvalid, naming the problem", arguments: badSignatures)
    func verifierNamesTheShape(_ bad: BadSignature) async throws {
        let key = try OAuth1RSAPrivateKey(pemRepresentation: RSASHA1TestVector.privateKey)
        let signer = OAuth1Signer(
            credentials: OAuth1Credentials(consumerKey: "app", privateKey: key), signatureMethod: .rsaSHA1,
            clock: { Date(timeIntervalSince1970: 1_700_000_000) }, nonce: { "NonceNonceNonceNonce" }
        )
        let signed = try signer.sign(OAuth1Request(method: "GET", url: URL(string: "https://api.example.com/items?page=2")!))
        let header = try #require(signed.request.headers["Authorization"])
        let forged = header.replacingOccurrences(of: PercentEncoding.encode(signed.signature), with: PercentEncoding.encode(bad.signature))
        #expect(forged != header)
        let verifier = OAuth1Verifier(
            consumer: { _ in OAuth1Consumer(publicKey: key.rsaPublic) }, tokens: .none, signatureMethods: [.rsaSHA1], replayStore: MemoryReplayStore()
        )
        let request = ReceivedRequest(method: "GET", target: "/items?page=2", headers: ["Host": "api.example.com", "Authorization": forged], scheme: "https")
        let error = await #expect(throws: OAuth1Error.self) { try await verifier.verify(request, now: Date(timeIntervalSince1970: 1_700_000_000)) }
        #expect(error?.code == .signatureInvalid)
        for word in bad.words {
            #expect(error?.message.contains(word) == true, "\"\(error?.message ?? "")\" does not say \(word)")
        }
    }
}
