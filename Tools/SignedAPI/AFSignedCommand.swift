import ArgumentParser

/// `signed-api afsigned`: sign and verify `auth_signature` requests.
struct AFSignedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "afsigned",
        abstract: "Sign and verify auth_signature (AFSignedHTTPRequestOperationManager) requests.",
        subcommands: [AFSignedSignCommand.self, AFSignedVerifyCommand.self]
    )
}
