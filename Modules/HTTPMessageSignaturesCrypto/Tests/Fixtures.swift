import Foundation
import HTTPMessageSignatures
import HTTPMessageSignaturesCrypto
import Testing

/// The files of `Vectors` (see its README), read from the test bundle.
enum Vectors {
    static func data(_ name: String) -> Data {
        guard let directory = Bundle.module.url(forResource: "Vectors", withExtension: nil),
            let data = try? Data(contentsOf: directory.appendingPathComponent(name))
        else {
            fatalError("test vector \(name) is missing from the test bundle")
        }
        return data
    }

    static func text(_ name: String) -> String { String(decoding: data(name), as: UTF8.self) }

    static func bytes(_ name: String) -> [UInt8] { Array(data(name)) }

    /// One signature of RFC 9421 Appendix B.2, with its key and base.
    struct AppendixB2: Decodable, Sendable, CustomTestStringConvertible {
        let section: String
        let label: String
        let algorithm: String
        let publicKey: String
        let base: String
        let signature: String

        var testDescription: String { "\(section) \(algorithm)" }
        var httpAlgorithm: HTTPSignatureAlgorithm { HTTPSignatureAlgorithm(named: algorithm)! }
        var baseBytes: [UInt8] { Vectors.bytes(base) }
        var signatureBytes: [UInt8] { Array(Data(base64Encoded: signature)!) }
    }

    static let appendixB2: [AppendixB2] = {
        do {
            return try JSONDecoder().decode([AppendixB2].self, from: data("rfc9421-appendix-b2.json"))
        } catch {
            fatalError("rfc9421-appendix-b2.json does not decode: \(error)")
        }
    }()
}

/// The RFC 9421 Appendix B.1 keys.
enum TestKeys {
    static func privateKey(_ name: String, _ algorithm: HTTPSignatureAlgorithm? = nil) throws -> HTTPSignaturePrivateKey {
        try HTTPSignaturePrivateKey(pemRepresentation: Vectors.text("\(name).pem"), algorithm: algorithm)
    }

    static func publicKey(_ name: String, _ algorithm: HTTPSignatureAlgorithm? = nil) throws -> HTTPSignaturePublicKey {
        try HTTPSignaturePublicKey(pemRepresentation: Vectors.text("\(name).pub.pem"), algorithm: algorithm)
    }
}

extension Array where Element == UInt8 {
    /// A copy with bit 0 of byte `index` flipped.
    func flipping(_ index: Int) -> [UInt8] {
        var copy = self
        copy[index] ^= 1
        return copy
    }
}

/// Runs `body`, expecting an `HTTPMessageSignatureError` with `code` whose message contains
/// every fragment (errors compare by code only, so the message is checked here).
func expectKeyError(
    _ code: HTTPMessageSignatureError.Code = .invalidKey, containing fragments: [String],
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws(HTTPMessageSignatureError) -> Void
) {
    do {
        try body()
        Issue.record("no error thrown; expected \(code) containing \(fragments)", sourceLocation: sourceLocation)
    } catch {
        #expect(error.code == code, "code of: \(error.message)", sourceLocation: sourceLocation)
        for fragment in fragments {
            #expect(error.message.contains(fragment), "message \"\(error.message)\" lacks \"\(fragment)\"", sourceLocation: sourceLocation)
        }
    }
}
