import AFSignedClient
import Foundation
import HTTPTypes
import MockServerKit

/// The signature check every route runs first: the request read as the original backend reads
/// it and verified with the SDK's own ``AFSignedClient/AFSignedVerifier``, so the signer and
/// this check share one definition (``AFSignedClient/AFSignedCanonicalForm``).
struct AFSignedCheck: Sendable {
    let options: AFSignedMockOptions
    let verifier: AFSignedVerifier

    /// The longest `X-Auth-String-To-Sign` value; a longer one is cut and ends with `%...`,
    /// which no encoded string contains (every `%` in one starts `%XX`).
    static let maximumDiagnosisLength = 8_192
    /// `X-Auth-String-To-Sign`.
    static let stringToSignHeader = HTTPField.Name(AFSignedField.stringToSignHeader)!

    /// A check for `options`, knowing the clients in `credentials`, recording nonces (with
    /// `requiresNonce`) in the server's `replayStore`.
    init(options: AFSignedMockOptions, credentials: [AFSignedCredentials], replayStore: any ReplayStore) {
        self.options = options
        verifier = AFSignedVerifier(
            credentials: credentials,
            version: options.version,
            clientIDField: options.clientIDField,
            timestampWindow: .seconds(options.timestampWindowSeconds),
            replayStore: options.requiresNonce ? replayStore : nil
        )
    }

    /// `request` as verified, its decoded query and form fields included.
    ///
    /// - Throws: ``AFSignedMockError`` with the verifier's refusal: 401 with the original backend's words
    ///   (and the server's string to sign for a bad signature, when diagnosis is on), or 400
    ///   for a query or body that cannot be decoded.
    func verify(_ request: MockRequest) async throws(AFSignedMockError) -> AFSignedIncomingRequest {
        let incoming = try Self.incoming(request)
        do {
            _ = try await verifier.verify(incoming, now: request.now)
        } catch {
            guard error.code == .signatureInvalid else {
                throw AFSignedMockError(refusal: error, reason: error.message)
            }
            guard options.diagnosis else {
                throw AFSignedMockError(refusal: error, reason: quietSignatureReason(incoming))
            }
            let bytes = try? AFSignedCanonicalForm.bytes(version: options.version, method: incoming.method, path: incoming.path, query: incoming.query, body: incoming.body)
            let shown = bytes.map(Self.headerValue) ?? error.serverSignatureBase.map { Self.headerValue(Array($0.utf8)) }
            throw AFSignedMockError(refusal: error, reason: error.message, stringToSign: shown)
        }
        return incoming
    }

    /// The reason for a bad signature without the server's string (diagnosis off).
    private func quietSignatureReason(_ request: AFSignedIncomingRequest) -> String {
        let name = options.version == .v2 ? AFSignedField.signature : AFSignedField.signatureHeader
        let sent = options.version == .v2
            ? (request.query + request.body).contains { $0.name == name }
            : !request.headers.values(for: name).isEmpty
        return "\(name) \(sent ? "does not match" : "is missing"): sign METHOD, path and the sorted parameters with HMAC-SHA256 keyed with the client secret (diagnosis is off, so the server's string is not shown)"
    }

    /// `request` as ``AFSignedClient/AFSignedVerifier`` reads it
    /// (``AFSignedClient/AFSignedIncomingRequest/init(_:)-(ReceivedRequest)``).
    ///
    /// - Throws: ``AFSignedMockError`` (400, `malformedRequest`) for a query or form body that
    ///   is not valid percent-encoded UTF-8.
    static func incoming(_ request: MockRequest) throws(AFSignedMockError) -> AFSignedIncomingRequest {
        do {
            return try AFSignedIncomingRequest(request.received)
        } catch {
            throw AFSignedMockError(refusal: error, reason: "\(error.message); encode every parameter as UTF-8, percent-encoded")
        }
    }

    /// `bytes` as a header value, in the one encoding of every diagnosis header (`HeaderText`:
    /// printable ASCII as it is, every other byte (newlines included), `%`, and a space at
    /// either end as `%XX`), so any string to sign is shown exactly and unambiguously; at most
    /// ``maximumDiagnosisLength`` characters, a cut value ending with `%...`.
    static func headerValue(_ bytes: [UInt8]) -> String {
        HeaderText.encode(bytes: bytes, limit: maximumDiagnosisLength)
    }
}
