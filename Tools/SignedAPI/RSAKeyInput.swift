import ArgumentParser
import OAuth1Client
import OAuth1RSA

extension SecretOption where Kind == PrivateKey {
    /// The RSA private key, read as every secret is (``value(from:)``) and loaded by `OAuth1RSA`.
    ///
    /// - Throws: `ValidationError` when no place holds the key, its file cannot be read, or it
    ///   is not an unencrypted RSA private key in PEM (the loader's reason, naming where the key
    ///   came from, never its content).
    func rsaKey(from sources: SecretSources) throws -> OAuth1RSAPrivateKey {
        let pem = try required(from: sources)
        do {
            return try OAuth1RSAPrivateKey(pemRepresentation: pem)
        } catch {
            throw ValidationError("\(source) does not hold a usable RSA private key: \(error.message)")
        }
    }
}

/// `--public-key-file PATH`: the public key (or certificate) of an OAuth 1.0a consumer that
/// signs with `RSA-SHA*`, which `explain` and `oauth1 explain` check such a signature with. Not a
/// secret, so it has neither a flag nor a variable; `-` reads standard input.
struct PublicKeyOption: ParsableArguments {
    /// The option's name.
    static let option = "--public-key-file"

    @Option(
        name: .customLong("public-key-file"),
        help: ArgumentHelp(
            "OAuth 1.0a \(OAuth1SignatureMethod.rsaMethodNames): the consumer's public key, a PEM file ('-': standard input) "
                + "holding a PUBLIC KEY, an RSA PUBLIC KEY or a CERTIFICATE; never the private key.",
            valueName: "path"
        )
    )
    var file: String?

    /// ``option`` when it reads standard input, for ``SecretSources/checkStandardInput(readBy:capture:)``.
    var standardInputOption: String? { file == "-" ? Self.option : nil }

    /// The public key in the file; `nil` when the option was not given.
    ///
    /// - Throws: `ValidationError` naming the option and the path when the file cannot be read
    ///   or does not hold an RSA public key (a private key is refused: the loader says so).
    func key(from sources: SecretSources) throws -> OAuth1RSAPublicKey? {
        guard let file else { return nil }
        let pem = try sources.secret(inFile: file, option: Self.option, noun: "the consumer's RSA public key")
        do {
            return try OAuth1RSAPublicKey(pemRepresentation: pem)
        } catch {
            throw ValidationError("\(Self.option) \(SecretSources.place(file)) does not hold a usable RSA public key: \(error.message)")
        }
    }
}
