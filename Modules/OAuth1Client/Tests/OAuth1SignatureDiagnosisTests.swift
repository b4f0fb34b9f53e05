import Foundation
import OAuth1Client
import SigningCore
import Testing

@Suite("Signature diagnosis")
struct OAuth1SignatureDiagnosisTests {
    static let vector = signingVectors[4]  // Twitter: query + form + header

    /// The Twitter example with its signature replaced by one computed over `baseString`.
    static func request(signedOver baseString: String, method: OAuth1SignatureMethod = .hmacSHA1, tokenSecret: String? = vector.tokenSecret) throws -> OAuth1IncomingRequest {
        let signature = try OAuth1Signature.compute(method: method, baseString: baseString, consumerSecret: vector.consumerSecret, tokenSecret: tokenSecret)
        let header = vector.authorizationHeader.replacingOccurrences(of: "hCtSmYh%2BiHYCEqBWrE7C7hYmtUk%3D", with: PercentEncoding.encode(signature))
        return try OAuth1IncomingRequest(method: vector.method, url: URL(string: vector.url)!, authorizationHeader: header,
                                         contentType: vector.contentType, body: Array(vector.body.utf8))
    }

    @Test("a valid signature has no mistakes and the verdict valid")
    func valid() throws {
        let diagnosis = try Self.request(signedOver: Self.vector.baseString).diagnose(consumerSecret: Self.vector.consumerSecret, tokenSecret: Self.vector.tokenSecret)
        #expect(diagnosis.isValid)
        #expect(diagnosis.mistakes.isEmpty)
        #expect(diagnosis.verdict == .valid)
        #expect(diagnosis.baseString == Self.vector.baseString)
    }

    @Test("known signer mistakes are named", arguments: [
        // (the base string a buggy signer built, words expected in the finding)
        (signingVectors[4].baseString.replacingOccurrences(of: "include_entities%3Dtrue%26", with: ""), "query parameters"),
        (signingVectors[4].baseString.replacingOccurrences(of: "%26status%3DHello%2520Ladies%2520%252B%2520Gentlemen%252C%2520a%2520signed%2520OAuth%2520request%2521", with: ""), "form body"),
        (signingVectors[4].baseString.replacingOccurrences(of: "%2520", with: "%252B"), "turns spaces into '+' signs"),
        (signingVectors[4].baseString.replacingOccurrences(of: "%2520", with: "%2B"), "encodes spaces as '+' instead of '%20'"),
        (lowercaseEscapes(signingVectors[4].baseString), "lowercase hex"),
        (signingVectors[4].baseString.replacingOccurrences(of: "POST&https%3A%2F%2Fapi.twitter.com%2F1.1%2Fstatuses%2Fupdate.json&", with: "POST&https%3A%2F%2Fapi.twitter.com%2F1.1%2Fstatuses%2Fupdate.json%3Finclude_entities%3Dtrue&"), "query in the base string URI"),
    ])
    func mistakes(baseString: String, expected: String) throws {
        let diagnosis = try Self.request(signedOver: baseString).diagnose(consumerSecret: Self.vector.consumerSecret, tokenSecret: Self.vector.tokenSecret)
        #expect(!diagnosis.isValid)
        #expect(diagnosis.verdict == .signerMistake)
        #expect(diagnosis.mistakes.contains { $0.contains(expected) }, "\(diagnosis.mistakes)")
    }

    @Test("wrong hash, missing token secret, and unknown causes")
    func keysAndHashes() throws {
        let base = Self.vector.baseString
        let sha256 = try Self.request(signedOver: base, method: .hmacSHA256).diagnose(consumerSecret: Self.vector.consumerSecret, tokenSecret: Self.vector.tokenSecret)
        #expect(sha256.mistakes.contains { $0.contains("HMAC-SHA256") })
        let noToken = try Self.request(signedOver: base, tokenSecret: nil).diagnose(consumerSecret: Self.vector.consumerSecret, tokenSecret: Self.vector.tokenSecret)
        #expect(noToken.mistakes.contains { $0.contains("without the token secret") })
        let unknown = try Self.request(signedOver: base).diagnose(consumerSecret: "another secret", tokenSecret: Self.vector.tokenSecret)
        #expect(!unknown.isValid)
        #expect(unknown.mistakes.isEmpty)
        #expect(unknown.verdict == .requestChangedOrSecretsDiffer)
        #expect(unknown.summary.joined().contains("either the request changed after it was signed"))
        #expect(unknown.summary.joined().contains("or a secret differs"))
    }
}

/// `text` with the hex digits of every `%XX` lowercased, as a signer with lowercase hex writes.
func lowercaseEscapes(_ text: String) -> String {
    var output = ""
    var pending = 0
    for character in text {
        if pending > 0 {
            output += character.lowercased()
            pending -= 1
        } else {
            output.append(character)
            if character == "%" { pending = 2 }
        }
    }
    return output
}
