import ArgumentParser

/// `signed-api httpsig`: sign and verify HTTP Message Signatures (RFC 9421).
struct HTTPSigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "httpsig",
        abstract: "Sign and verify HTTP Message Signatures (RFC 9421): Signature-Input, Signature and Content-Digest.",
        subcommands: [HTTPSigSignCommand.self, HTTPSigVerifyCommand.self]
    )
}
