import Foundation
import OAuth1Client
import OAuth1RSA

/// RSA keys for the tests, generated once per run: 1024 bits, fast to make and never for real use.
enum TestRSAKeys {
    /// The key the tests sign with.
    static let signing = generate()
    /// Another key, whose public half does not check ``signing``'s signatures.
    static let other = generate()

    private static func generate() -> OAuth1RSAPrivateKey {
        do {
            return try OAuth1RSAPrivateKey.generate(bits: 1024)
        } catch {
            fatalError("cannot generate a test RSA key: \(error.message)")
        }
    }
}

/// A key's private and public PEM files, each in a fresh temporary directory (0600);
/// `remove()` deletes both.
struct RSAKeyFiles {
    let privateFile: SecretFile
    let publicFile: SecretFile

    init(_ key: OAuth1RSAPrivateKey = TestRSAKeys.signing) throws {
        privateFile = try SecretFile(Array(key.pemRepresentation.utf8))
        publicFile = try SecretFile(Array(key.rsaPublic.pemRepresentation.utf8))
    }

    func remove() {
        privateFile.remove()
        publicFile.remove()
    }
}

extension OAuth1RSAPrivateKey {
    /// The Base64 lines of the key's PEM, the key itself: none may appear in any output.
    var base64Lines: [String] {
        pemRepresentation.split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("-----") }.map(String.init)
    }
}
