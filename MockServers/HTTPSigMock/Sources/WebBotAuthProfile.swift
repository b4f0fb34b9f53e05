import Foundation
import HTTPMessageSignatures
import RawStructuredFieldValues
import SignedHTTP

/// The Web Bot Auth profile's own rules, judged on a signature tagged `web-bot-auth` before
/// the SDK's verifier checks it (the verifier then requires `@authority` — `@target-uri`
/// counts — `created` within the window, the key from the directory, the signature itself,
/// and `content-digest` for a body).
///
/// From draft-meunier-webbotauth-httpsig-protocol-00 (June 2026), "Generating HTTP Message
/// Signature": agents MUST cover `@authority` or `@target-uri`, MUST send `created`, `expires`,
/// `keyid` (the key's RFC 7638 JWK thumbprint) and `tag="web-bot-auth"`; an expiry of at most
/// 24 hours is RECOMMENDED; when `Signature-Agent` is sent, one of its members MUST be covered
/// (`"signature-agent";key="sig1"`). From draft-meunier-webbotauth-httpsig-directory-00,
/// "HTTP Method Context Signature-Agent": the field is a Dictionary whose members are Strings
/// holding an `https`, `http` or `data` URI, with an optional `type` parameter (`directory` by
/// default). Earlier drafts (http-message-signatures-directory-00 to -03) sent one String
/// covered as `"signature-agent"`; both forms are accepted. "Validating Message signature": an
/// origin MAY answer 400 for a `Signature-Agent` it cannot parse.
///
/// The mock never fetches a `Signature-Agent` URI (no request leaves it): the agent's keys are
/// the ones its own directory lists, found by `keyid`.
enum WebBotAuthProfile {
    /// `web-bot-auth`: the tag that puts a signature under this profile.
    static let tag = "web-bot-auth"
    /// `Signature-Agent`.
    static let agentField = "Signature-Agent"
    /// The longest `Signature-Agent` read, in bytes.
    static let maximumAgentLength = 8_192
    /// The most `Signature-Agent` members read.
    static let maximumAgentMembers = 16

    /// Checks `signature`'s parameters and `Signature-Agent` against the profile.
    ///
    /// - Returns: the agent's URI as `Signature-Agent` names it, when sent.
    /// - Throws: `HTTPMessageSignatureError`: `invalidSignatureParameters` for a missing or
    ///   unbounded `expires`, `missingRequiredComponent` for a `Signature-Agent` sent but not
    ///   covered, `malformedRequest` (400) for a `Signature-Agent` that cannot be read.
    static func check(_ signature: HTTPReceivedSignature, headers: HeaderFields, maxValiditySeconds: Int) throws(HTTPMessageSignatureError) -> String? {
        let parameters = signature.parameters
        let label = signature.label
        if let created = parameters.created {
            guard let expires = parameters.expires else {
                throw HTTPMessageSignatureError(code: .invalidSignatureParameters, message: "web-bot-auth signature \(label) has no expires; Web Bot Auth requires created and expires (draft-meunier-webbotauth-httpsig-protocol)")
            }
            guard expires > created else {
                throw HTTPMessageSignatureError(code: .invalidSignatureParameters, message: "web-bot-auth signature \(label) expires (\(expires)) no later than it was created (\(created))")
            }
            guard expires - created <= maxValiditySeconds else {
                throw HTTPMessageSignatureError(code: .invalidSignatureParameters, message: "web-bot-auth signature \(label) is valid for \(expires - created) s (expires − created); this site accepts at most \(maxValiditySeconds) s (the draft recommends at most 24 hours)")
            }
        }
        let lines = headers.values(for: agentField)
        guard !lines.isEmpty else { return nil }
        let members = try agentMembers(lines.joined(separator: ", "))
        let covered = parameters.components.filter { $0.name == "signature-agent" }
        if covered.contains(where: { $0.parameters.isEmpty }), let first = members.first {
            return first.uri
        }
        for component in covered {
            if let key = component.dictionaryKey, let member = members.first(where: { $0.key == key }) { return member.uri }
        }
        let keys = members.compactMap(\.key)
        let asked = keys.isEmpty ? "\"signature-agent\"" : "\"signature-agent\";key=\"\(keys.first { $0 == label } ?? keys[0])\""
        throw HTTPMessageSignatureError(code: .missingRequiredComponent, message: "signature \(label) does not cover Signature-Agent, which the request sends; Web Bot Auth requires one of its members covered, as \(asked)")
    }

    /// What a web-bot-auth signature of `message` must cover, for the refusal's
    /// `Accept-Signature`: what `requirements` asks of it, then `Signature-Agent` (its first
    /// member, by key) when the request sends one that can be read.
    static func requested(of message: HTTPMessageRequest, requirements: HTTPSignatureRequirements) -> [HTTPSignatureComponent] {
        var components = requirements.components(for: .request(message))
        let lines = message.headers.values(for: agentField)
        guard !lines.isEmpty, let members = try? agentMembers(lines.joined(separator: ", ")), let first = members.first else { return components }
        let agent = HTTPSignatureComponent.field("signature-agent")
        components.append(first.key.map { agent.member($0) } ?? agent)
        return components
    }

    /// The members of a `Signature-Agent` value: a Dictionary of URI Strings (key, URI), or one
    /// String (no key) as the earlier drafts sent it.
    static func agentMembers(_ value: String) throws(HTTPMessageSignatureError) -> [(key: String?, uri: String)] {
        guard value.utf8.count <= maximumAgentLength else {
            throw malformed("Signature-Agent is \(value.utf8.count) bytes; this site reads at most \(maximumAgentLength)")
        }
        let bytes = Array(value.utf8)
        var members: [(key: String?, uri: String)] = []
        var dictionaryParser = StructuredFieldValueParser(bytes)
        if let dictionary = try? dictionaryParser.parseDictionaryFieldValue() {
            guard dictionary.count <= maximumAgentMembers else {
                throw malformed("Signature-Agent has \(dictionary.count) members; this site reads at most \(maximumAgentMembers)")
            }
            for (key, member) in dictionary {
                guard case .item(let item) = member, case .string(let uri) = item.rfc9651BareItem else {
                    throw malformed("Signature-Agent member \(key.prefix(40)) is not a String holding a URI, as \(key.prefix(40))=\"https://agent.example\"")
                }
                switch item.rfc9651Parameters["type"] {
                case nil:
                    break
                case .token(let type)?:
                    // "A client that does not support a type value MUST ignore that member."
                    guard ["directory", "jwks_uri", "cimd"].contains(type) else { continue }
                default:
                    throw malformed("Signature-Agent member \(key.prefix(40)) has a type that is not a Token (directory, jwks_uri or cimd)")
                }
                members.append((key, try checkedURI(uri, key: key)))
            }
        } else {
            var itemParser = StructuredFieldValueParser(bytes)
            guard let item = try? itemParser.parseItemFieldValue(), case .string(let uri) = item.rfc9651BareItem else {
                throw malformed("Signature-Agent is neither a structured-field Dictionary of URI Strings (sig1=\"https://agent.example\") nor one String")
            }
            members.append((nil, try checkedURI(uri, key: nil)))
        }
        guard !members.isEmpty else { throw malformed("Signature-Agent has no member this site can use") }
        return members
    }

    private static func checkedURI(_ uri: String, key: String?) throws(HTTPMessageSignatureError) -> String {
        let lower = uri.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") || lower.hasPrefix("data:"), URL(string: uri) != nil || lower.hasPrefix("data:") else {
            throw malformed("Signature-Agent\(key.map { " member \($0.prefix(40))" } ?? "") is \"\(uri.prefix(60))\", not an https, http or data URI")
        }
        return uri
    }

    private static func malformed(_ message: String) -> HTTPMessageSignatureError {
        HTTPMessageSignatureError(code: .malformedRequest, message: message + " (draft-meunier-webbotauth-httpsig-directory)")
    }
}
