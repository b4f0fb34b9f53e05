import Foundation
import SigningCore

/// Why a received signature does not verify, as a verdict derived from what is known, never
/// guessed.
///
/// From the request alone, the signature is recomputed over the base strings a buggy signer
/// would have built (the classic mistakes from the field: query or body left out, `+` taken
/// literally, unsorted parameters, `%20` written as `+`, a looser unreserved set, lowercase
/// hex, the method or host not normalised, the query kept in the base string URI, the wrong
/// secrets or hash), and a match names the mistake. When nothing matches, the request alone
/// cannot tell a request changed after signing from a wrong secret, and the verdict says both.
/// Given the other side's base string (a provider's `X-OAuth1-Base-String`, or the one that
/// was signed, which `signed-api oauth1 sign` prints), the verdict names what differs, or, when
/// both base strings agree, blames the secrets.
public struct OAuth1SignatureDiagnosis: Sendable, Hashable {
    /// What the diagnosis concludes.
    public enum Verdict: Sendable, Hashable {
        /// The signature verifies, and the other side's base string (if given) is the same.
        case valid
        /// The other side's base string differs from ours: ``OAuth1SignatureDiagnosis/difference``
        /// says where. The request changed after signing, or one side builds base strings
        /// wrongly; either way the signatures cannot agree until the base strings do.
        case baseStringsDiffer
        /// A known signer mistake reproduces the signature: ``OAuth1SignatureDiagnosis/mistakes``.
        case signerMistake
        /// Both sides built the same base string, so the keys differ: a consumer secret or a
        /// token secret.
        case secretsDiffer
        /// No known mistake reproduces the signature and no other base string was given: the
        /// request changed after it was signed, or a secret differs.
        case requestChangedOrSecretsDiffer
    }

    /// Whether the signature verifies as received.
    public let isValid: Bool
    /// The base string a correct signer builds for this request.
    public let baseString: String
    /// Where the other side's base string differs from ``baseString``; `nil` when none was
    /// given.
    public let difference: OAuth1BaseStringDifference?
    /// The known signer mistakes whose base string (or key, or hash) reproduces the received
    /// signature; empty when the signature is valid or no known mistake explains it.
    public let mistakes: [String]
    /// Whether the signature was checked with a public key (RSA) rather than shared secrets,
    /// which changes what "the keys differ" means.
    private let keyIsPublic: Bool

    init(request: OAuth1IncomingRequest, key: OAuth1VerificationKey, theirBaseString: String?) {
        baseString = request.baseString
        difference = theirBaseString.map { OAuth1BaseStringDifference(ours: request.baseString, theirs: $0) }
        isValid = request.verify(key)
        keyIsPublic = if case .publicKey = key { true } else { false }
        guard !isValid else {
            mistakes = []
            return
        }
        let method = request.signatureMethod
        if request.bodyHashMatches == false, key.isValid(request.signature, method: method, baseString: request.baseString.utf8) {
            mistakes = [
                "the signature verifies, but oauth_body_hash does not match the body: the body changed after signing, "
                    + "or the signer hashed other bytes, or with another hash than \(method.rawValue)'s \(method.hash)",
            ]
            return
        }
        var mistakes: [String] = []
        func matches(_ baseString: String, method: OAuth1SignatureMethod = method, key: OAuth1VerificationKey = key) -> Bool {
            key.isValid(request.signature, method: method, baseString: baseString.utf8)
        }
        for variant in Self.variants(of: request) where matches(variant.baseString) {
            mistakes.append("the signature matches a base string that \(variant.mistake)")
        }
        if method.key != .plaintext {
            for other in OAuth1SignatureMethod.allCases where other != method && other.key == method.key && matches(request.baseString, method: other) {
                mistakes.append("the signature was computed with \(other.rawValue) although the request declares \(method.rawValue)")
            }
        }
        if case .secrets(let consumerSecret, let tokenSecret) = key, method.key == .sharedSecrets {
            if tokenSecret != nil, matches(request.baseString, key: .secrets(consumerSecret: consumerSecret, tokenSecret: nil)) {
                mistakes.append("the signature was made without the token secret: sign with both the consumer secret and the token secret")
            }
            let rawKey = consumerSecret + "&" + (tokenSecret ?? "")
            if rawKey != OAuth1Signature.key(consumerSecret: consumerSecret, tokenSecret: tokenSecret),
               Self.hmacBase64(method, key: rawKey, message: request.baseString) == request.signature {
                mistakes.append("the signing key was built from the secrets without percent-encoding them (RFC 5849 §3.4.2)")
            }
        }
        self.mistakes = mistakes
    }

    /// The conclusion: a differing base string first (it alone makes the signatures differ),
    /// then validity, then a known mistake, then the secrets.
    public var verdict: Verdict {
        if let difference, !difference.isIdentical { return .baseStringsDiffer }
        if isValid { return .valid }
        if !mistakes.isEmpty { return .signerMistake }
        return difference == nil ? .requestChangedOrSecretsDiffer : .secretsDiffer
    }

    /// The verdict in sentences a person can act on.
    public var summary: [String] {
        switch verdict {
        case .valid:
            return ["the signature verifies" + (difference == nil ? "" : ", and the other side's base string is the same")]
        case .baseStringsDiffer:
            let findings = difference?.findings ?? []
            return [isValid
                ? "the signature verifies against our base string, but the other side's differs, so the other side rejects it:"
                : "the other side's base string differs from ours, so the signatures cannot match (the request changed after signing, or one side builds base strings wrongly):"]
                + findings + mistakes.map { "a known signer mistake also explains it: \($0)" }
        case .signerMistake:
            return mistakes + ["(or the request was changed after signing in exactly this way; compare with the signed base string to be sure)"]
        case .secretsDiffer:
            return [keyIsPublic
                ? "both sides built the same base string, so the keys differ: the public key registered for this consumer is not the half of the private key that signed"
                : "both sides built the same base string, so a secret differs: check the consumer secret and the token secret the signer used"]
        case .requestChangedOrSecretsDiffer:
            return [
                "no known signer mistake reproduces the signature: either the request changed after it was signed (a parameter, the body, the method or the URL) or \(keyIsPublic ? "the keys differ" : "a secret differs")",
                "to tell which, compare with the base string that was signed or that the other side computed (--their-base-string; `signed-api oauth1 sign` prints it as base_string)",
            ]
        }
    }

    private static func hmacBase64(_ method: OAuth1SignatureMethod, key: String, message: String) -> String {
        (try? OAuth1SigningKey(method: method, key: key.utf8).signature(over: message.utf8)) ?? ""
    }

    private struct Variant {
        var mistake: String
        var baseString: String
    }

    private static func variants(of request: OAuth1IncomingRequest) -> [Variant] {
        guard request.signatureMethod.key != .plaintext, let parts = try? OAuth1URLParts(request.url) else { return [] }
        let query = (try? FormEncoding.parse(parts.query ?? "")) ?? []
        let form = request.isFormEncoded ? ((try? FormEncoding.parse(String(decoding: request.body, as: UTF8.self))) ?? []) : []
        let header = request.protocolParameterLocation == .authorizationHeader ? request.protocolParameters.filter { $0.name != "oauth_signature" } : []
        let signed = request.signatureParameters
        let uri = request.baseStringURI
        let method = request.method
        func make(_ parameters: [FormField], uri: String = uri) -> String {
            OAuth1BaseString.make(method: method, baseStringURI: uri, parameters: parameters)
        }
        func removing(_ fields: [FormField], from parameters: [FormField]) -> [FormField] {
            var remaining = parameters
            for field in fields {
                if let index = remaining.firstIndex(of: field) { remaining.remove(at: index) }
            }
            return remaining
        }
        var variants: [Variant] = []
        let queryOnly = query.filter { !$0.name.hasPrefix("oauth_") }
        if !queryOnly.isEmpty {
            variants.append(Variant(mistake: "leaves out the URL's query parameters; sign them too (RFC 5849 §3.4.1.3.1)",
                                    baseString: make(removing(queryOnly, from: signed))))
        }
        let formOnly = form.filter { !$0.name.hasPrefix("oauth_") }
        if !formOnly.isEmpty {
            variants.append(Variant(mistake: "leaves out the form body's parameters; sign application/x-www-form-urlencoded bodies field by field",
                                    baseString: make(removing(formOnly, from: signed))))
        }
        if !request.isFormEncoded, !request.body.isEmpty, let text = String(validating: request.body, as: UTF8.self),
           let bodyFields = try? FormEncoding.parse(text), !bodyFields.isEmpty {
            variants.append(Variant(mistake: "signs the body's fields although the Content-Type is not application/x-www-form-urlencoded",
                                    baseString: make(signed + bodyFields)))
        }
        let literalPlus = literalPlusFields(String(parts.query ?? "")) + (request.isFormEncoded ? literalPlusFields(String(decoding: request.body, as: UTF8.self)) : [])
        if literalPlus.count == query.count + form.count, literalPlus != query + form {
            variants.append(Variant(mistake: "reads '+' in the query or body as a plus sign; in form encoding '+' is a space",
                                    baseString: make(literalPlus + header)))
        }
        variants.append(Variant(mistake: "does not sort the parameters by encoded name and value (RFC 5849 §3.4.1.3.2)",
                                baseString: unsorted(method: method, uri: uri, parameters: query + header + form)))
        variants.append(Variant(mistake: "encodes spaces as '+' instead of '%20' (form encoding instead of RFC 3986)",
                                baseString: make(signed).replacingOccurrences(of: "%2520", with: "%2B")))
        variants.append(Variant(mistake: "turns spaces into '+' signs before encoding; encode spaces as '%20'",
                                baseString: make(signed).replacingOccurrences(of: "%2520", with: "%252B")))
        variants.append(Variant(mistake: "uses lowercase hex digits in percent-encodings",
                                baseString: lowercasedEscapes(make(signed))))
        for (characters, name) in [("*", "'*'"), ("!'()*", "!'()* (JavaScript's encodeURIComponent set)"), (" +*", "space, '+' and '*' (an older client's bug: form-encoding instead of RFC 3986)")] {
            variants.append(Variant(mistake: "leaves \(name) unescaped; only A-Z a-z 0-9 - . _ ~ may stay",
                                    baseString: looser(method: method, uri: uri, parameters: signed, unescaped: characters)))
        }
        if method != method.uppercased() {
            variants.append(Variant(mistake: "keeps the HTTP method as written instead of uppercase",
                                    baseString: PercentEncoding.encode(method) + "&" + PercentEncoding.encode(uri) + "&" + PercentEncoding.encode(OAuth1BaseString.normalizedParameters(signed))))
        }
        let rawURI = String(parts.scheme) + "://" + String(parts.host) + (parts.port.map { ":\($0)" } ?? "") + (parts.path.isEmpty ? "/" : String(parts.path))
        if rawURI != uri {
            variants.append(Variant(mistake: "does not normalise the base string URI (lowercase scheme and host, drop the default port)",
                                    baseString: make(signed, uri: rawURI)))
        }
        if let rawQuery = parts.query, !rawQuery.isEmpty {
            variants.append(Variant(mistake: "keeps the query in the base string URI; it must end at the path",
                                    baseString: make(signed, uri: uri + "?" + rawQuery)))
        }
        if let realm = request.realm {
            variants.append(Variant(mistake: "signs the realm; it is never signed", baseString: make(signed + [FormField("realm", realm)])))
        }
        return variants.filter { $0.baseString != request.baseString }
    }

    private static func literalPlusFields(_ text: String) -> [FormField] {
        text.split(separator: "&").compactMap { segment in
            let pair = segment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = try? PercentEncoding.decode(pair[0]) else { return nil }
            let value = pair.count > 1 ? (try? PercentEncoding.decode(pair[1])) : ""
            return value.map { FormField(name, $0) }
        }
    }

    private static func unsorted(method: String, uri: String, parameters: [FormField]) -> String {
        let normalized = parameters.map { PercentEncoding.encode($0.name) + "=" + PercentEncoding.encode($0.value) }.joined(separator: "&")
        return PercentEncoding.encode(method.uppercased()) + "&" + PercentEncoding.encode(uri) + "&" + PercentEncoding.encode(normalized)
    }

    private static func looser(method: String, uri: String, parameters: [FormField], unescaped: String) -> String {
        func encode(_ text: String) -> String {
            var result = PercentEncoding.encode(text)
            for character in unescaped {
                result = result.replacingOccurrences(of: PercentEncoding.encode(String(character)), with: String(character))
            }
            return result
        }
        let sorted = parameters.map { (encode($0.name), encode($0.value)) }.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        let normalized = sorted.map { $0.0 + "=" + $0.1 }.joined(separator: "&")
        return PercentEncoding.encode(method.uppercased()) + "&" + PercentEncoding.encode(uri) + "&" + PercentEncoding.encode(normalized)
    }

    private static func lowercasedEscapes(_ text: String) -> String {
        var output = ""
        var remaining = 0
        for character in text {
            if character == "%" {
                remaining = 2
                output.append(character)
            } else if remaining > 0 {
                remaining -= 1
                output += character.lowercased()
            } else {
                output.append(character)
            }
        }
        return output
    }
}

extension OAuth1IncomingRequest {
    /// Whether the signature verifies and, if not, why (see ``OAuth1SignatureDiagnosis``).
    ///
    /// - Parameters:
    ///   - consumerSecret: the consumer secret the signature should have been made with.
    ///   - tokenSecret: the token secret, `nil` for requests without a token.
    ///   - theirBaseString: the other side's base string, verbatim or percent-encoded once: a
    ///     provider's `X-OAuth1-Base-String`, or the base string that was signed.
    public func diagnose(consumerSecret: String, tokenSecret: String?, theirBaseString: String? = nil) -> OAuth1SignatureDiagnosis {
        diagnose(.secrets(consumerSecret: consumerSecret, tokenSecret: tokenSecret), theirBaseString: theirBaseString)
    }

    /// Whether the signature verifies with `key` (the secrets, or an RSA consumer's public
    /// key) and, if not, why (see ``OAuth1SignatureDiagnosis``).
    public func diagnose(_ key: OAuth1VerificationKey, theirBaseString: String? = nil) -> OAuth1SignatureDiagnosis {
        OAuth1SignatureDiagnosis(request: self, key: key, theirBaseString: theirBaseString)
    }
}
