// Sign a request with HTTP Message Signatures (RFC 9421) and verify it as a server would:
// hmac-sha256 needs nothing but this package, ed25519 the HTTPMessageSignaturesCrypto trait.
import Foundation
import HTTPMessageSignatures
import HTTPMessageSignaturesCrypto

let secret = try HTTPSignatureHMACKey(base64: "uzvJfB4u3N0Jy4T7NZ75MDVcr8zSTInedJtkgcu46YW4XByzNJjxBdtjUkdJPBtbmHhIDi6pcl8jsasjlTMtDQ==")
let edKey = try HTTPSignaturePrivateKey.generate(.ed25519)

var request = APIRequest(method: "POST", url: URL(string: "https://api.example.com/items?page=2")!)
request.headers["Content-Type"] = "application/json"
request.body = Array(#"{"name":"lamp"}"#.utf8)

// The signer adds Content-Digest, Signature-Input and Signature; `created` is the time given.
let now = Date()
let byHMAC = try HTTPMessageSigner(key: secret, keyID: "shared-1").sign(request, at: now)
let byEd25519 = try HTTPMessageSigner(key: edKey, keyID: edKey.publicKey.jwkThumbprint, label: "agent").sign(request, at: now)

// The server finds each key by `keyid`; the key, never `alg`, decides the algorithm.
let verifier = HTTPMessageSignatureVerifier(
    keys: ["shared-1": secret, edKey.publicKey.jwkThumbprint: edKey.publicKey],
    replayStore: MemoryReplayStore()
)
for signed in [byHMAC, byEd25519] {
    let verified = try await verifier.verify(HTTPMessageRequest(signed), now: now)
    print(verified.label, verified.algorithm, verified.components.map(\.description), verified.body)
}
