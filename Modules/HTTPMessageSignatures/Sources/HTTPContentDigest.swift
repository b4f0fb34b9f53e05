import RawStructuredFieldValues
public import SignedHTTP
import SigningCore

/// `Content-Digest` (RFC 9530 §2): a Dictionary of digests of the message content, keyed by
/// algorithm. A signer computes it when `content-digest` is covered; a verifier recomputes it
/// from the content it received and never trusts the field alone.
public enum HTTPContentDigest {
    /// The field's name.
    public static let fieldName = "Content-Digest"

    /// A digest algorithm this package computes (RFC 9530 §5, the Hash Algorithms for HTTP
    /// Digest Fields registry's active entries).
    public enum Algorithm: String, Sendable, Hashable, CaseIterable {
        /// `sha-256`.
        case sha256 = "sha-256"
        /// `sha-512`.
        case sha512 = "sha-512"

        /// The digest of `body`.
        public func digest(_ body: [UInt8]) -> [UInt8] {
            switch self {
            case .sha256: SHA256.hash(body).bytes
            case .sha512: SHA512.hash(body).bytes
            }
        }
    }

    /// The field value for `body`: `sha-256=:…:` (RFC 9530 §2).
    public static func value(for body: [UInt8], algorithm: Algorithm = .sha256) -> String {
        let encoded = Base64.encode(algorithm.digest(body))
        var value = String()
        value.reserveCapacity(algorithm.rawValue.utf8.count + encoded.utf8.count + 3)
        value += algorithm.rawValue
        value += "=:"
        value += encoded
        value += ":"
        return value
    }

    /// Checks the `Content-Digest` lines in `headers` against `body`: every digest of an
    /// algorithm this package computes must match; unknown algorithms are skipped, but at least
    /// one known algorithm must be there (RFC 9530 §2, §6.6).
    ///
    /// - Returns: the algorithms checked.
    /// - Throws: ``HTTPMessageSignatureError/Code/malformedContentDigest`` (no field, or not a
    ///   Dictionary of Byte Sequences), ``HTTPMessageSignatureError/Code/unsupportedDigestAlgorithm``
    ///   (only unknown algorithms), ``HTTPMessageSignatureError/Code/contentDigestMismatch``.
    @discardableResult
    public static func check(_ headers: HeaderFields, body: [UInt8]) throws(HTTPMessageSignatureError) -> [Algorithm] {
        let lines = headers.values(for: fieldName)
        guard !lines.isEmpty else {
            throw HTTPMessageSignatureError(code: .malformedContentDigest, message: "the message has no Content-Digest field")
        }
        // One digest written as `value(for:algorithm:)` writes it for the content received (as
        // signers write it) is that digest, and it matches: the library's parse of it can only
        // say so. Any other text is parsed.
        if lines.count == 1, let algorithm = Algorithm.allCases.first(where: { lines[0].utf8.starts(with: $0.rawValue.utf8) }),
           lines[0] == value(for: body, algorithm: algorithm) {
            return [algorithm]
        }
        let combined = lines.count == 1 ? lines[0] : lines.joined(separator: ", ")
        guard HTTPStructuredText.memberCount(combined) <= 16 else {
            throw HTTPMessageSignatureError(code: .malformedContentDigest, message: "Content-Digest has more than 16 members")
        }
        var parser = HTTPStructuredText.parser(combined)
        let dictionary: OrderedMap<String, ItemOrInnerList>
        do {
            dictionary = try parser.parseDictionaryFieldValue()
        } catch {
            throw HTTPMessageSignatureError(code: .malformedContentDigest, message: "Content-Digest is not a structured-field Dictionary (\(error)) (RFC 9530 §2)", cause: error)
        }
        var checked: [Algorithm] = []
        var unknown: [String] = []
        for (key, value) in dictionary {
            guard case .item(let item) = value, case .undecodedByteSequence(let text) = item.rfc9651BareItem, let sent = try? Base64.decode(text) else {
                throw HTTPMessageSignatureError(code: .malformedContentDigest, message: "Content-Digest member \(key) is not a Byte Sequence of a digest (RFC 9530 §2)")
            }
            guard let algorithm = Algorithm(rawValue: key) else {
                unknown.append(key)
                continue
            }
            let computed = algorithm.digest(body)
            guard ConstantTime.isEqual(computed, sent) else {
                throw HTTPMessageSignatureError(
                    code: .contentDigestMismatch,
                    message: "Content-Digest \(key) is \(Base64.encode(sent)) but the \(body.count)-byte content received digests to \(Base64.encode(computed)): the content changed on the way, or the digest was computed over other bytes (RFC 9530 §2)"
                )
            }
            checked.append(algorithm)
        }
        guard !checked.isEmpty else {
            let names = unknown.isEmpty ? "no algorithm" : unknown.map { $0.prefix(20) }.joined(separator: ", ")
            throw HTTPMessageSignatureError(code: .unsupportedDigestAlgorithm, message: "Content-Digest names \(names); this verifier computes sha-256 and sha-512 (RFC 9530 §5)")
        }
        return checked
    }
}
