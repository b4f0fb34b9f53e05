import ArgumentParser
import SigningCore

/// `signed-api digest`: hash or HMAC standard input (filled in by the SigningCore work).
struct DigestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "digest", abstract: "Hash or HMAC standard input.")
}
