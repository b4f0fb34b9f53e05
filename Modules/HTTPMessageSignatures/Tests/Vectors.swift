import Foundation
import HTTPMessageSignatures
import Testing

/// The RFC vectors kept in `Vectors/` (RFC 9421 Appendix B and §2, RFC 9530), decoded.
enum Vectors {
    struct Message: Decodable, Sendable {
        var method: String?
        var target: String?
        var scheme: String?
        var authority: String?
        var status: Int?
        var request: String?
        var headers: [[String]]
        var body: String
    }

    struct Key: Decodable, Sendable {
        var publicKeyPEM: String?
        var privateKeyPEM: String?
        var base64: String?
    }

    struct SignatureCase: Decodable, Sendable, CustomTestStringConvertible {
        var name: String
        var message: String
        var label: String
        var algorithm: String
        var keyid: String
        var signatureInput: String?
        var signature: String?
        var signatureBase: String
        var valid: Bool
        var testDescription: String { name }
    }

    struct Signatures: Decodable, Sendable {
        var keys: [String: Key]
        var messages: [String: Message]
        var cases: [SignatureCase]
    }

    struct ComponentRequest: Decodable, Sendable {
        var method: String
        var url: String
        var headers: [[String]]
        var requestTarget: String?
    }

    struct ComponentResponse: Decodable, Sendable {
        var status: Int
        var headers: [[String]]
    }

    struct ComponentCase: Decodable, Sendable, CustomTestStringConvertible {
        var section: String
        var request: ComponentRequest?
        var response: ComponentResponse?
        var lines: [String]
        var testDescription: String { "§" + section }
    }

    struct Components: Decodable, Sendable { var cases: [ComponentCase] }

    struct DigestCase: Decodable, Sendable, CustomTestStringConvertible {
        var name: String
        var body: String
        var algorithm: String
        var value: String
        var testDescription: String { name }
    }

    struct Digests: Decodable, Sendable { var cases: [DigestCase] }

    static func load<T: Decodable>(_ name: String, as type: T.Type) -> T {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors")
            ?? Bundle.module.url(forResource: name, withExtension: "json"),
              let data = try? Data(contentsOf: url) else {
            fatalError("the vector file \(name).json is missing from the test bundle")
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            fatalError("the vector file \(name).json does not decode: \(error)")
        }
    }

    static let signatures = load("rfc9421-signatures", as: Signatures.self)
    static let components = load("rfc9421-components", as: Components.self)
    static let digests = load("rfc9530-content-digest", as: Digests.self)

    static func headers(_ pairs: [[String]]) -> HeaderFields {
        HeaderFields(pairs.map { HeaderFields.Field(name: $0[0], value: $0[1]) })
    }

    /// A message of the signature vectors, as the base reads it.
    static func message(_ name: String) -> HTTPMessage {
        let message = signatures.messages[name]!
        if let status = message.status {
            let request = message.request.map { name -> HTTPMessageRequest in
                guard case .request(let request) = self.message(name) else { fatalError() }
                return request
            }
            return .response(HTTPMessageResponse(status: status, headers: headers(message.headers), body: Array(message.body.utf8), request: request))
        }
        let url = URL(string: "\(message.scheme!)://\(message.authority!)\(message.target!)")!
        return .request(HTTPMessageRequest(method: message.method!, url: url, headers: headers(message.headers), body: Array(message.body.utf8)))
    }

    /// The message of `signatureCase` carrying its `Signature-Input` and `Signature` fields.
    static func signedMessage(_ signatureCase: SignatureCase) -> HTTPMessage {
        var message = message(signatureCase.message)
        var fields = message.headers
        if let input = signatureCase.signatureInput, !fields.contains("Signature-Input") { fields.append("Signature-Input", input) }
        if let signature = signatureCase.signature, !fields.contains("Signature") { fields.append("Signature", signature) }
        message.headers = fields
        return message
    }

    /// `test-shared-secret` (RFC 9421 B.1.5).
    static var sharedSecret: HTTPSignatureHMACKey {
        try! HTTPSignatureHMACKey(base64: signatures.keys["test-shared-secret"]!.base64!)
    }

    /// The time of the Appendix B signatures (`created=1618884473`), a little later.
    static let appendixTime = Date(timeIntervalSince1970: 1_618_884_480)
}
