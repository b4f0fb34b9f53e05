import Foundation
import HTTPMessageSignatures

/// Signs a `POST` with an hmac-sha256 secret (nothing but this package, `traits: []` is enough),
/// prints the fields the signer added, and verifies it as a server would.
func signAndVerifyWithHMAC() async throws {
    let secret = try HTTPSignatureHMACKey(base64: "uzvJfB4u3N0Jy4T7NZ75MDVcr8zSTInedJtkgcu46YW4XByzNJjxBdtjUkdJPBtbmHhIDi6pcl8jsasjlTMtDQ==")

    var request = APIRequest(method: "POST", url: URL(string: "https://api.example.com/items?page=2")!)
    request.headers["Content-Type"] = "application/json"
    request.body = Array(#"{"name":"lamp"}"#.utf8)

    // Adds Content-Digest, Signature-Input and Signature: `created` now, a fresh nonce, the keyid.
    let signed = try HTTPMessageSigner(key: secret, keyID: "shared-1").sign(request, at: Date())
    for field in signed.headers.fields where field.name != "Content-Type" {
        print("\(field.name): \(field.value)")
    }

    // The server finds the key by `keyid`; the key, never `alg`, decides the algorithm.
    let verifier = HTTPMessageSignatureVerifier(keys: ["shared-1": secret], replayStore: MemoryReplayStore())
    let verified = try await verifier.verify(HTTPMessageRequest(signed), now: Date())
    print("verified", verified.label, verified.components.map(\.description).joined(separator: " "))
}
