#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
import Foundation
public import SigningCore
import SignedHTTP

/// How the mock servers keep secrets out of their journal, admin route and logs.
public enum MockSecrets {
    /// What a secret's value is replaced with.
    public static let redacted = "[redacted]"

    /// `parameters` with the value of every parameter whose name says it holds a secret or a
    /// password (SignedHTTP's `SecretParameterNames.holdsSecret(_:)`: `oauth_token_secret`,
    /// `client_secret`, `Password`) replaced by ``redacted``.
    public static func redactingSecretNames(_ parameters: [FormField]) -> [FormField] {
        redacting(parameters, where: SecretParameterNames.holdsSecret)
    }

    /// `parameters` with the value of every parameter for which `isSecret(name)` holds
    /// replaced by ``redacted``.
    public static func redacting(_ parameters: [FormField], where isSecret: (String) -> Bool) -> [FormField] {
        guard parameters.contains(where: { isSecret($0.name) }) else { return parameters }
        return parameters.map { isSecret($0.name) ? FormField($0.name, redacted) : $0 }
    }

    /// `value` with the credentials of a `Basic` `Authorization` or `Proxy-Authorization`
    /// (a password, in Base64) replaced by ``redacted``; any other header as it is.
    public static func redactingBasicCredentials(inHeader name: String, value: String) -> String {
        guard name.utf8.count == 13 || name.utf8.count == 19 else { return value }  // the two names' lengths: most headers stop here
        let lowered = name.lowercased()
        guard lowered == "authorization" || lowered == "proxy-authorization" else { return value }
        let scheme = value.prefix { $0 != " " }
        return scheme.lowercased() == "basic" ? "\(scheme) \(redacted)" : value
    }

    /// `body` with its secrets masked: a form's parameters by `parameters`; in JSON, the value
    /// of every object member whose name says it holds a secret or a password
    /// (`SecretParameterNames.holdsSecret`), at any depth. The text is kept as sent unless
    /// something was masked; a body that does not parse as its media type is kept as sent (no
    /// route read a parameter from it either).
    public static func redactingBody(_ body: String, mediaType: String?, parameters: ([FormField]) -> [FormField]) -> String {
        switch mediaType {
        case "application/x-www-form-urlencoded":
            guard let fields = try? FormEncoding.parse(body) else { return body }
            let masked = parameters(fields)
            return masked == fields ? body : FormEncoding.serialize(masked)
        case let type? where type == "application/json" || type.hasSuffix("+json"):
            return redactingJSON(body) { object in redactingSecretMembers(object) }
        default:
            return body
        }
    }

    /// `body` parsed as JSON, passed through `mask`, and written again when `mask` changed it
    /// (returns `nil` for unchanged); `body` itself when it is not JSON or nothing changed.
    public static func redactingJSON(_ body: String, _ mask: (Any) -> Any?) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body.utf8), options: [.fragmentsAllowed]),
              let masked = mask(object),
              let data = try? JSONSerialization.data(withJSONObject: masked, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes])
        else { return body }
        return String(decoding: data, as: UTF8.self)
    }

    /// `object` with every member named like a secret replaced by ``redacted``; `nil` when it
    /// has none.
    static func redactingSecretMembers(_ object: Any) -> Any? {
        switch object {
        case let dictionary as [String: Any]:
            var changed = false
            var copy = dictionary
            for (name, value) in dictionary {
                if SecretParameterNames.holdsSecret(name) {
                    copy[name] = redacted
                    changed = true
                } else if let masked = redactingSecretMembers(value) {
                    copy[name] = masked
                    changed = true
                }
            }
            return changed ? copy : nil
        case let array as [Any]:
            var changed = false
            let copy = array.map { element -> Any in
                guard let masked = redactingSecretMembers(element) else { return element }
                changed = true
                return masked
            }
            return changed ? copy : nil
        default:
            return nil
        }
    }
}
#endif
