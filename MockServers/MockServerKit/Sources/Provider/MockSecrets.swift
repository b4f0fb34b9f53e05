#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
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
        parameters.map { isSecret($0.name) ? FormField($0.name, redacted) : $0 }
    }
}
#endif
