import AFSignedClient
import DrupalServicesClient
import Foundation
import HTTPMessageSignatures
import SignedHTTP

/// Which signing scheme a captured request carries, told from where its signature travels
/// (RFC 9421's fields before a JSON-RPC body, which is only a guess).
enum CapturedScheme: Equatable {
    /// OAuth 1.0a: an `Authorization: OAuth …` header, or `oauth_signature` in the query or form body.
    case oauth1
    /// AFSigned: `X-Auth-Signature` (version 4), or `auth_signature` in the query or form body
    /// (version 2, the client id in `auth_key` when only that is there).
    case afsigned(AFSignedVersion, AFSignedClientIDField)
    /// Drupal Services key authentication: a JSON-RPC body (a call or a batch) with arguments.
    case drupal([JSONRPCRequest])
    /// HTTP Message Signatures (RFC 9421): `Signature-Input` and `Signature` header fields.
    case httpMessageSignatures

    /// The scheme `request` carries; `nil` when it carries none of them.
    init?(_ request: CapturedRequest) {
        let (query, body) = request.fields
        let names = Set((query + body).map(\.name))
        let authorizationScheme = request.headers["Authorization"]?.split(separator: " ", maxSplits: 1).first?.lowercased()
        if authorizationScheme == "oauth" || names.contains("oauth_signature") {
            self = .oauth1
        } else if request.headers.contains(AFSignedField.signatureHeader) {
            self = .afsigned(.v4, .clientID)
        } else if names.contains(AFSignedField.signature) {
            let onlyKey = names.contains(AFSignedClientIDField.key.rawValue) && !names.contains(AFSignedClientIDField.clientID.rawValue)
            self = .afsigned(.v2, onlyKey ? .key : .clientID)
        } else if request.headers.contains(HTTPSignatureFields.inputName) || request.headers.contains(HTTPSignatureFields.signatureName) {
            self = .httpMessageSignatures
        } else if let calls = Self.calls(request.body) {
            self = .drupal(calls)
        } else {
            return nil
        }
    }

    /// The scheme's name.
    var description: String {
        switch self {
        case .oauth1: "OAuth 1.0a"
        case .afsigned(let version, _): "AFSigned version \(version.rawValue) (\(version == .v4 ? AFSignedField.signatureHeader : AFSignedField.signature))"
        case .drupal: "Drupal Services key authentication (JSON-RPC)"
        case .httpMessageSignatures: "HTTP Message Signatures (RFC 9421)"
        }
    }

    /// The JSON-RPC calls of a body (one call or a batch), when it is one and some call has
    /// arguments; `nil` otherwise.
    private static func calls(_ body: [UInt8]) -> [JSONRPCRequest]? {
        guard let first = body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }), first == UInt8(ascii: "{") || first == UInt8(ascii: "["),
              let value = try? JSONDecoder().decode(JSONValue.self, from: Data(body))
        else { return nil }
        let elements = value.arrayValue ?? [value]
        let calls = elements.compactMap { try? JSONRPCRequest.parse($0) }
        guard !calls.isEmpty, calls.count == elements.count, calls.contains(where: { !$0.params.isEmpty }) else { return nil }
        return calls
    }
}
