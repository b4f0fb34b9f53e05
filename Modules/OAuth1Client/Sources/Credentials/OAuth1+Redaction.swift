import Foundation
import SignedHTTP

// The OAuth 1.0a values that hold secrets print and dump without them: the signer and the
// client hold credentials; a signed request's PLAINTEXT signature *is* the secrets.

extension OAuth1Signer: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "OAuth1Signer(\(credentials), \(signatureMethod.rawValue))" }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(self, children: ["credentials": credentials, "signatureMethod": signatureMethod.rawValue, "transmission": transmission], displayStyle: .struct)
    }
}

extension OAuth1Client: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "OAuth1Client(\(provider.name), \(credentials))" }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(self, children: ["provider": provider.name, "credentials": credentials], displayStyle: .struct)
    }
}

extension OAuth1SignedRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Whether the signature is the secrets themselves (PLAINTEXT), so it and everything that
    /// carries it are redacted.
    private var revealsSecrets: Bool {
        protocolParameters.contains { $0.name == "oauth_signature_method" && $0.value == OAuth1SignatureMethod.plaintext.rawValue }
    }

    private var printableSignature: String { revealsSecrets ? "<redacted>" : signature }

    /// The request line without its query (which may carry a PLAINTEXT signature).
    private var printableTarget: String {
        let url = request.url
        return "\(request.method) \(url.scheme ?? "")://\(url.host ?? "")\(url.port.map { ":\($0)" } ?? "")\(url.path)"
    }

    public var description: String {
        "OAuth1SignedRequest(\(printableTarget), signature: \(printableSignature), baseString: \(baseString))"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: [
            "request": printableTarget, "headers": request.headers, "baseString": baseString, "signature": printableSignature,
            "protocolParameters": protocolParameters.map { $0.name == "oauth_signature" ? "oauth_signature=\(printableSignature)" : $0.description },
        ], displayStyle: .struct)
    }
}
