import AFSignedClient
import ArgumentParser
import Foundation

/// `signed-api afsigned sign`: the string to sign and every parameter (or header) to send.
struct AFSignedSignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Sign a request and print the string to sign and the parameters to send, auth ones included.",
        discussion: """
            Example: signed-api afsigned sign --method POST --path /users --client-id CLIENT_ID \
            --client-secret CLIENT_SECRET --timestamp 1273231888 --param site_id=10 --output json
            JSON output: string_to_sign, signature, parameters (every parameter to send as [name, value] \
            pairs in sending order), placement (query or body), headers (version 4).
            \(SecretSources.discussion)
            """
    )

    enum Output: String, ExpressibleByArgument, CaseIterable {
        case json
        case text
    }

    @OptionGroup var request: AFSignedRequestOptions

    @Option(help: "A fixed timestamp in seconds since 1970 (now when omitted).")
    var timestamp: Int?

    @Option(parsing: .unconditional, help: "auth_nonce to send (none when omitted, as the reference backend).")
    var nonce: String?

    @Option(help: "What to print.")
    var output: Output = .text

    /// What is printed, as a value.
    struct Signed: Encodable {
        var stringToSign: String
        var signature: String
        var parameters: [[String]]
        var placement: String
        var headers: [[String]]

        enum CodingKeys: String, CodingKey {
            case stringToSign = "string_to_sign", signature, parameters, placement, headers
        }
    }

    /// What is printed, the client secret read from `sources` where no flag gives it.
    func signed(sources: SecretSources = .process) throws -> Signed {
        let nonce = self.nonce
        let signer = AFSignedSigner(
            credentials: try request.credentials(from: sources), version: request.version, clientIDField: request.clientIDField,
            nonce: nonce.map { value -> @Sendable () -> String in { value } }
        )
        let date = timestamp.map { Date(timeIntervalSince1970: TimeInterval($0)) } ?? Date()
        let sent = try signer.sign(request.request(), at: date)
        let incoming = try AFSignedIncomingRequest(sent)
        let bytes = try signer.stringToSign(method: incoming.method, path: incoming.path, query: incoming.query, body: incoming.body)
        let authHeaders = [AFSignedField.versionHeader, AFSignedField.clientIDHeader, AFSignedField.timestampHeader, AFSignedField.nonceHeader, AFSignedField.signatureHeader]
        let headers = authHeaders.compactMap { name in sent.header(name).map { [name, $0] } }
        let parameters = (incoming.query + incoming.body).map { [$0.name, $0.value] }
        let signature = request.version == .v2
            ? (incoming.query + incoming.body).last { $0.name == AFSignedField.signature }?.value ?? ""
            : sent.header(AFSignedField.signatureHeader) ?? ""
        return Signed(
            stringToSign: AFSignedCanonicalForm.text(bytes), signature: signature, parameters: parameters,
            placement: incoming.body.isEmpty ? "query" : "body", headers: headers
        )
    }

    func run() throws {
        let result = try signed()
        switch output {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(result), as: UTF8.self))
        case .text:
            print("string to sign: \(result.stringToSign.debugDescription)")
            print("signature:      \(result.signature)")
            print("\(result.placement):\(String(repeating: " ", count: max(1, 15 - result.placement.count)))\(FormEncoding.serialize(result.parameters.map { FormField($0[0], $0[1]) }))")
            for header in result.headers { print("header:         \(header[0]): \(header[1])") }
        }
    }
}
