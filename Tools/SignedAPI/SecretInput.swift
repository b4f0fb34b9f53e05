import ArgumentParser

/// One of the secrets `signed-api` takes. Each comes three ways: the flag `--NAME VALUE`, the
/// file option `--NAME-file PATH` (`-`: standard input; not with the flag), or, when neither is
/// given, the environment variable `SIGNED_API_NAME`. The flag is the last resort: every user of
/// the machine sees it in `ps`, and it stays in shell history.
protocol SecretKind {
    /// The flag's name without its dashes, e.g. `consumer-secret`.
    static var name: String { get }
    /// What the secret is, for help and messages, e.g. `the OAuth 1.0a consumer secret`.
    static var noun: String { get }
    /// When the secret is printed, for help: `never printed` unless a command can show it.
    static var printed: String { get }
}

extension SecretKind {
    static var printed: String { "never printed" }
    /// The flag, e.g. `--consumer-secret`.
    static var flag: String { "--\(name)" }
    /// The file option, e.g. `--consumer-secret-file`.
    static var fileOption: String { "--\(name)-file" }
    /// The environment variable, e.g. `SIGNED_API_CONSUMER_SECRET`.
    static var environmentVariable: String { "SIGNED_API_" + String(name.uppercased().map { $0 == "-" ? "_" : $0 }) }
    /// The ways to give the secret, the preferred first, for messages: `--consumer-secret-file
    /// PATH, SIGNED_API_CONSUMER_SECRET or --consumer-secret`.
    static var ways: String { "\(fileOption) PATH, \(environmentVariable) or \(flag)" }
}

/// `--consumer-secret`, `--consumer-secret-file`, `SIGNED_API_CONSUMER_SECRET`.
enum ConsumerSecret: SecretKind {
    static let name = "consumer-secret"
    static let noun = "the OAuth 1.0a consumer secret"
    static let printed = "never printed, except inside a PLAINTEXT signature with oauth1 sign --reveal-secrets"
}

/// `--token-secret`, `--token-secret-file`, `SIGNED_API_TOKEN_SECRET`.
enum TokenSecret: SecretKind {
    static let name = "token-secret"
    static let noun = "the OAuth 1.0a token secret"
    static let printed = ConsumerSecret.printed
}

/// `--client-secret`, `--client-secret-file`, `SIGNED_API_CLIENT_SECRET`.
enum ClientSecret: SecretKind {
    static let name = "client-secret"
    static let noun = "the AFSigned client secret"
}

/// `--api-key`, `--api-key-file`, `SIGNED_API_API_KEY`.
enum APIKey: SecretKind {
    static let name = "api-key"
    static let noun = "the Drupal site's API key"
}

/// `--password`, `--password-file`, `SIGNED_API_PASSWORD`.
enum Password: SecretKind {
    static let name = "password"
    static let noun = "the Drupal user's password"
}

/// `--private-key`, `--private-key-file`, `SIGNED_API_PRIVATE_KEY`: the PEM text of an OAuth
/// 1.0a consumer's RSA private key, for the `RSA-SHA*` methods.
enum PrivateKey: SecretKind {
    static let name = "private-key"
    static let noun = "the OAuth 1.0a consumer's RSA private key"
}

/// A secret's flag and file option, declared once for every command that takes the secret
/// (`@OptionGroup var consumerSecret: SecretOption<ConsumerSecret>`); ``value(from:)`` reads the
/// secret from the first place that has it.
struct SecretOption<Kind: SecretKind>: ParsableArguments {
    @Option(
        name: .customLong(Kind.name), parsing: .unconditional,
        help: ArgumentHelp(
            "\(Kind.noun.prefix(1).uppercased())\(Kind.noun.dropFirst()) (\(Kind.printed)). Prefer \(Kind.fileOption) or "
                + "\(Kind.environmentVariable): every user of the machine sees a flag in ps, and it stays in shell history.",
            valueName: Kind.name
        )
    )
    var flag: String?

    @Option(
        name: .customLong("\(Kind.name)-file"), parsing: .unconditional,
        help: ArgumentHelp(
            "Read \(Kind.noun) from this file ('-': standard input); one final line end is dropped. "
                + "With neither \(Kind.flag) nor this, \(Kind.environmentVariable) is read.",
            valueName: "path"
        )
    )
    var file: String?

    func validate() throws {
        if flag != nil, file != nil {
            throw ValidationError("give \(Kind.noun) with \(Kind.flag) or with \(Kind.fileOption), not both (prefer the file: a flag shows in ps)")
        }
    }

    /// The option the secret was given with, `--NAME` or `--NAME-file`; `nil` when neither was
    /// (then only the environment may hold it).
    var givenOption: String? {
        flag != nil ? Kind.flag : file != nil ? Kind.fileOption : nil
    }

    /// Where the secret was read from, for messages: `--NAME`, `--NAME-file 'PATH'` or
    /// `SIGNED_API_NAME`.
    var source: String {
        if flag != nil { return Kind.flag }
        if let file { return "\(Kind.fileOption) \(SecretSources.place(file))" }
        return Kind.environmentVariable
    }

    /// The file option when it reads standard input (its path is `-`), for
    /// ``SecretSources/checkStandardInput(readBy:capture:)``.
    var standardInputOption: String? { file == "-" ? Kind.fileOption : nil }

    /// The secret from the first place that has it: the flag, the file, the environment
    /// variable (an empty variable counts as unset); `nil` when none does.
    ///
    /// - Throws: `ValidationError` when the file cannot be read or holds no secret, naming the
    ///   option and the path, never the content.
    func value(from sources: SecretSources) throws -> String? {
        if let flag { return flag }
        if let file { return try sources.secret(inFile: file, option: Kind.fileOption, noun: Kind.noun) }
        return sources.environment[Kind.environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The secret, which the command cannot do without.
    ///
    /// - Throws: `ValidationError` as ``value(from:)``, and when no place holds it, saying the
    ///   three ways to give it.
    func required(from sources: SecretSources) throws -> String {
        guard let value = try value(from: sources) else { throw missing }
        return value
    }

    /// The refusal when no place holds the secret, saying the three ways to give it.
    var missing: ValidationError {
        ValidationError("give \(Kind.noun): \(Kind.ways) (a flag, though, every user of the machine sees in ps)")
    }
}
