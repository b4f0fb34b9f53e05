// Compiled with the PostgresReplayStore trait only: without it, TraitCheck.swift's #error is the one message.
#if PostgresReplayStore
import Foundation
import NIOSSL
import PostgresNIO

// What a failure says, and the TLS the pool and the probe use.
extension PostgresReplayStore {
    /// A failure in a few words. postgres-nio's `PSQLError` keeps its details out of its
    /// description on purpose; the parts read here are the code, the server's message and the
    /// connection's error, none of which holds a password.
    static func reason(_ error: any Error) -> String {
        let error = unwrapped(error)
        guard let error = error as? PSQLError else { return String(describing: error) }
        if error.code == .server, let info = error.serverInfo {
            let state = info[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
            return "the server said: \(info[.message] ?? "an error")\(state)"
        }
        if let underlying = error.underlying {
            return "\(error.code): \(underlying)"
        }
        return "\(error.code)"
    }

    /// The error inside a transaction's error: the failed BEGIN, statement or COMMIT.
    private static func unwrapped(_ error: any Error) -> any Error {
        guard let error = error as? PostgresTransactionError else { return error }
        return error.beginError ?? error.closureError ?? error.commitError ?? error.rollbackError ?? error
    }

    /// Whether `error` says the database is out of reach, rather than that a statement failed:
    /// a connection that could not be made or was lost, or the server shutting down or not
    /// accepting connections yet (SQLSTATE classes 08 and 57P).
    static func meansUnavailable(_ error: any Error) -> Bool {
        guard let error = unwrapped(error) as? PSQLError else { return false }
        guard error.code == .server else { return true }
        let state = error.serverInfo?[.sqlState] ?? ""
        return state.hasPrefix("08") || state.hasPrefix("57P")
    }

    static func seconds(_ duration: Duration, rounded: Bool = false) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        if rounded { return "\(Int(value.rounded())) s" }
        return value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    /// The probe's TLS: the pool's, as a context for one connection.
    static func connectionTLS(_ mode: Configuration.TLSMode) throws -> PostgresConnection.Configuration.TLS {
        switch mode {
        case .disable:
            return .disable
        case .prefer:
            return .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
        case .require:
            var unverified = TLSConfiguration.makeClientConfiguration()
            unverified.certificateVerification = .none
            return .require(try NIOSSLContext(configuration: unverified))
        case .verifyFull:
            return .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
    }

    static func tls(_ mode: Configuration.TLSMode) -> PostgresClient.Configuration.TLS {
        switch mode {
        case .disable:
            return .disable
        case .prefer:
            return .prefer(.makeClientConfiguration())
        case .require:
            var unverified = TLSConfiguration.makeClientConfiguration()
            unverified.certificateVerification = .none
            return .require(unverified)
        case .verifyFull:
            return .require(.makeClientConfiguration())
        }
    }
}
#endif
