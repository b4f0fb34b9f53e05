import ArgumentParser
import Foundation
import HTTPMessageSignatures
import SignedHTTP
import SignedVerification

/// What `signed-api explain` says about a capture signed with HTTP Message Signatures (RFC
/// 9421): each signature and its parameters, the covered components, the signature base built
/// from the capture, whether `Content-Digest` is the body's, `created` against the clock,
/// whether the key checks the signature, and — given the other side's base — which component
/// differs and why (``HTTPSignatureBaseDifference``). Without that base, the key tells two
/// classic mistakes by trying them: a proxy's `@authority` (the capture's forwarding headers)
/// and the query's other encoding (`+` or `%20` for a space).
struct HTTPSigExplanation {
    /// The request as captured, addressed to the URL its request line and `Host` give.
    let message: HTTPMessageRequest
    /// The scheme of that URL (`--url-scheme`), for a URL rebuilt from forwarding headers.
    let urlScheme: String
    /// The key's bytes and the option that gave them; `nil` when none was given.
    let key: (bytes: [UInt8], option: SecretOption<HTTPSigKey>)?
    /// `--alg`: the key's algorithm when given (the signature's `alg` otherwise).
    let algorithm: HTTPSignatureAlgorithm?
    /// `--label`: the signature to check (the first when `nil`).
    let label: String?
    /// The other side's base (`--their-signature-base`), as reported.
    let theirBase: String?
    /// The verifier's clock.
    let now: Date
    /// How old `created` may be, in seconds (`--max-age`).
    let maximumAge: Int
    /// How far the signer's clock may lie ahead or behind: the SDK verifier's default.
    let clockSkew = 60

    /// Where each line's text starts, after its label.
    private static let indent = String(repeating: " ", count: 13)

    /// `label:` padded to the column every report line uses.
    private static func labelled(_ label: String, _ text: String) -> String {
        (label + ":").padding(toLength: indent.count, withPad: " ", startingAt: 0) + text
    }

    /// The report and whether the signature verifies (and the other side's base, when given,
    /// is ours).
    ///
    /// - Throws: `ValidationError` for a `--label` the capture does not have, and for a key
    ///   that cannot be read as `--alg`'s kind.
    func report() async throws -> (text: String, valid: Bool) {
        let signatures: [HTTPReceivedSignature]
        do {
            signatures = try HTTPSignatureFields.signatures(in: message.headers)
        } catch {
            // A mock's journal (and so its dashboard's capture) masks the Signature field.
            let masked = error.code == .malformedSignature && message.headers.values(for: HTTPSignatureFields.signatureName).allSatisfy { !$0.contains("=") }
                ? " (the Signature field holds no label=:signature: at all: a capture copied from a mock's dashboard or journal has it masked, so put back the Signature the client sent)" : ""
            return (Self.labelled("verdict", "the signature fields cannot be read: \(error.code): \(error.message)\(masked)"), false)
        }
        guard !signatures.isEmpty else {
            return (Self.labelled("verdict", "Signature-Input and Signature hold no signature: send label=(components);params and label=:signature: (RFC 9421 §4)"), false)
        }
        guard let chosen = label.map({ label in signatures.first { $0.label == label } }) ?? signatures.first else {
            throw ValidationError("the capture has no signature labelled '\(label ?? "")': it has \(signatures.map(\.label).joined(separator: ", "))")
        }
        var lines = signatures.map { signature in
            Self.labelled("signature", Self.describe(signature) + (signatures.count > 1 && signature.label != chosen.label ? " (not checked: --label \(signature.label) checks it)" : ""))
        }
        lines.append(Self.labelled("covered", chosen.parameters.components.isEmpty ? "nothing (the signature covers only its own parameters)" : chosen.parameters.components.map(\.description).joined(separator: " ")))
        let base: HTTPSignatureBase
        do {
            base = try HTTPSignatureBase(parameters: chosen.parameters, message: .request(message))
        } catch {
            lines.append(Self.labelled("verdict", "no signature base can be built from this request: \(error.code): \(error.message)"))
            return (lines.joined(separator: "\n"), false)
        }
        lines += Self.block("base", base.text)
        var causes: [String] = []
        if let digest = digestLine(chosen, causes: &causes) { lines.append(Self.labelled("digest", digest)) }

        let verifyingKey = try self.verifyingKey(for: chosen)
        let verdict = await verify(chosen, key: verifyingKey)
        if case .failure(let error) = verdict, [.timestampRefused, .createdInFuture, .signatureExpired].contains(error.code) {
            causes.append(clockCause(error, parameters: chosen.parameters))
        }
        let matchesOurs = verifyingKey.map { $0.isValidSignature(chosen.signature, for: base.bytes) }
        switch (verifyingKey, matchesOurs) {
        case (let key?, true?): lines.append(Self.labelled("key", "the \(key.algorithm) key checks this base: the signature was made over the request as captured"))
        case (let key?, _): lines.append(Self.labelled("key", "the \(key.algorithm) key does NOT check this base"))
        default: lines.append(Self.labelled("key", "none given, so the signature is not checked: give \(HTTPSigKey.noun) (\(HTTPSigKey.ways)), and --alg when the signature sends no alg"))
        }

        var difference: HTTPSignatureBaseDifference?
        if let theirBase {
            let theirs = HTTPSignatureBase(reported: theirBase)
            difference = HTTPSignatureBaseDifference(ours: base, theirs: theirs)
            if let difference {
                lines += Self.block("theirs", difference.description)
                causes.append("the other side's signature base differs from ours (\(difference.lines.map(\.identifier).joined(separator: ", "))), so the signatures cannot match: see each component and its usual cause above")
                if matchesOurs == false, let verifyingKey, verifyingKey.isValidSignature(chosen.signature, for: theirs.bytes) {
                    causes.append("the key checks THEIR base: the signature was made over it, and the request changed between signing and this capture")
                } else if matchesOurs == true {
                    causes.append("the key checks OUR base: the signature is right for this request, and the other side rebuilt it from a request changed on the way to it")
                }
            } else {
                lines.append(Self.labelled("theirs", "identical to ours"))
                if matchesOurs == false { causes.append("both sides built the same base, so the key differs: another secret, or a public key that is not the signing key's half") }
            }
        }
        if matchesOurs == false, difference == nil, theirBase == nil {
            if let repair = repair(chosen, key: verifyingKey) {
                causes.append(repair)
            } else {
                causes.append("the signature does not match this base under this key: either the request changed after it was signed (give the other side's base, e.g. a server's X-Signature-Base, with --their-signature-base to see which component) or the key differs")
            }
        }

        switch verdict {
        case .success(let verified):
            lines.append(Self.labelled("verdict", "verifies: signature \(verified.label) (\(verified.algorithm), keyid \(HTTPSigVerifyCommand.quoted(verified.keyID))) at the clock \(Self.seconds(now))"))
        case .failure(let error) where verifyingKey == nil && error.code == .unknownKey:
            lines.append(Self.labelled("verdict", "not verified: no key given"))
        case .failure(let error):
            lines.append(Self.labelled("verdict", "does not verify: \(error.code): \(error.message)"))
        }
        lines += causes.map { Self.indent + $0 }
        let valid = (try? verdict.get()) != nil && difference == nil
        return (lines.joined(separator: "\n"), valid)
    }

    /// `sig1: keyid "k", alg hmac-sha256, created 1700000000, expires none, nonce "n", tag none`.
    private static func describe(_ signature: HTTPReceivedSignature) -> String {
        let parameters = signature.parameters
        func quoted(_ text: String?) -> String { text.map(HTTPSigVerifyCommand.quoted) ?? "none" }
        return "\(signature.label): keyid \(quoted(parameters.keyID)), alg \(parameters.algorithm ?? "not sent"), "
            + "created \(parameters.created.map(String.init) ?? "none"), expires \(parameters.expires.map(String.init) ?? "none"), "
            + "nonce \(quoted(parameters.nonce)), tag \(quoted(parameters.tag))"
    }

    /// `label:` and the first line of `text`, its other lines indented under it.
    private static func block(_ label: String, _ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            index == 0 ? labelled(label, String(line)) : indent + line
        }
    }

    /// Whether `Content-Digest` is the body's, and whether the signature covers it; `nil` when
    /// the request has neither a body nor the field. A digest that is not the body's adds its
    /// cause.
    private func digestLine(_ signature: HTTPReceivedSignature, causes: inout [String]) -> String? {
        let covered = signature.parameters.components.contains { $0.name == "content-digest" && !$0.isFromRequest }
        guard message.headers.contains(HTTPContentDigest.fieldName) else {
            return message.body.isEmpty ? nil : "none: the signature does not cover the body (\(message.body.count) bytes); cover content-digest to protect it"
        }
        let coverage = covered ? "" : ", but the signature does not cover content-digest, so not the body either"
        do {
            let algorithms = try HTTPContentDigest.check(message.headers, body: message.body)
            return "Content-Digest matches the body (\(message.body.count) bytes, \(algorithms.map(\.rawValue).joined(separator: ", ")))" + coverage
        } catch let error where error.code == .contentDigestMismatch {
            causes.append("Content-Digest is not the digest of the body: the body was re-encoded after its digest was computed (JSON re-serialised, white space or a charset changed, a compression undone); compute the digest over the exact bytes sent, after the last change")
            return "Content-Digest DOES NOT match the body (\(message.body.count) bytes): \(error.message)" + coverage
        } catch {
            return "Content-Digest cannot be checked: \(error.message)" + coverage
        }
    }

    /// The key to check `signature` with, of `--alg` or else the signature's `alg`; `nil`
    /// without a key, or without either algorithm.
    private func verifyingKey(for signature: HTTPReceivedSignature) throws -> (any HTTPMessageVerifyingKey)? {
        guard let key else { return nil }
        guard let algorithm = algorithm ?? signature.parameters.algorithm.flatMap(HTTPSignatureAlgorithm.init(named:)) else {
            throw ValidationError("signature \(signature.label) sends no alg this tool knows\(signature.parameters.algorithm.map { " (\"\($0.prefix(40))\")" } ?? ""), so give the key's: --alg \(HTTPSignatureAlgorithm.all.map(\.name).joined(separator: "|"))")
        }
        return try key.option.verifyingKey(bytes: key.bytes, algorithm: algorithm)
    }

    /// The SDK verifier's verdict on `signature` (requiring no component, recording no nonce),
    /// any `keyid` finding `key`: without a key it still judges the clock, then refuses the key.
    private func verify(_ signature: HTTPReceivedSignature, key: (any HTTPMessageVerifyingKey)?) async -> Result<HTTPMessageSignatureVerifier.Verified, HTTPMessageSignatureError> {
        let verifier = HTTPMessageSignatureVerifier(
            keyLookup: { _ in key }, selection: .label(signature.label), requirements: .none, maximumAge: .seconds(maximumAge), clockSkew: .seconds(clockSkew)
        )
        do {
            return .success(try await verifier.verify(message, now: now))
        } catch {
            return .failure(error)
        }
    }

    /// How far `created` (or `expires`) lies outside what the verifier accepts, and the usual cause.
    private func clockCause(_ error: HTTPMessageSignatureError, parameters: HTTPSignatureParameters) -> String {
        let clock = Self.seconds(now)
        switch (error.code, parameters.created) {
        case (.createdInFuture, let created?):
            return "created is \(created - clock) s ahead of the clock (\(clock)), outside the \(clockSkew) s of skew allowed by \(created - clock - clockSkew) s: created from a wrong clock — the signer's clock runs fast (set it by NTP, or sign with the server's time from its Date header)"
        case (.timestampRefused, let created?):
            let over = clock - created - maximumAge - clockSkew
            return "created is \(clock - created) s before the clock (\(clock)), outside the \(maximumAge) s window (+\(clockSkew) s skew) by \(over) s: created from a wrong clock — the signer's clock runs slow, or the request was sent long after it was signed (an old capture: give --now the time it was received)"
        case (.signatureExpired, _):
            return "the signature expired before the clock (\(clock)): the signer's clock runs slow, or expires was set too soon (an old capture: give --now the time it was received)"
        default:
            return "the signature has no created parameter, which the SDK's verifier requires (RFC 9421 §2.3 recommends it): sign with created"
        }
    }

    /// A classic mistake that, undone, makes the signature verify under the key: a proxy's
    /// authority (the capture's `Forwarded` or `X-Forwarded-Host`), or the query encoded with
    /// `+` instead of `%20` for a space (or the other way); `nil` when neither does.
    private func repair(_ signature: HTTPReceivedSignature, key: (any HTTPMessageVerifyingKey)?) -> String? {
        guard let key else { return nil }
        func matches(_ url: URL) -> HTTPSignatureBase? {
            var changed = message
            changed.url = url
            guard let base = try? HTTPSignatureBase(parameters: signature.parameters, message: .request(changed)),
                  key.isValidSignature(signature.signature, for: base.bytes) else { return nil }
            return base
        }
        let proxyAddress = "192.0.2.1"
        let received = ReceivedRequest(method: message.method, target: message.requestTarget, headers: message.headers, body: message.body, scheme: urlScheme, remoteAddress: proxyAddress)
        if let forwarded = PublicURLPolicy.trustedProxies([proxyAddress]).resolve(received), forwarded.url != message.url, matches(forwarded.url) != nil {
            return "the key checks the base built for \(forwarded.url.absoluteString) (\(forwarded.source.replacingOccurrences(of: " from trusted proxy \(proxyAddress)", with: ""))): a proxy changed @authority on the way — the client signed the public address, so verify with PublicURLPolicy.trustedProxies (or .fixed with the public URL)"
        }
        guard var components = URLComponents(url: message.url, resolvingAgainstBaseURL: false), let query = components.percentEncodedQuery else { return nil }
        for (from, to) in [("+", "%20"), ("%20", "+")] where query.contains(from) {
            components.percentEncodedQuery = query.replacingOccurrences(of: from, with: to)
            if let url = components.url, matches(url) != nil {
                return "the key checks the base built with the query ?\(components.percentEncodedQuery ?? ""): the wrong @query encoding — the signer encoded a space as \(to), the request carries \(from); @query is signed as sent, so encode the query once, before signing"
            }
        }
        return nil
    }

    /// `date` in whole seconds since 1970.
    private static func seconds(_ date: Date) -> Int { Int(date.timeIntervalSince1970.rounded(.down)) }
}
