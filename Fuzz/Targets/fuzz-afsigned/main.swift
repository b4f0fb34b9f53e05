// AFSigned's parameter handling on fuzzed fields: PHP's array reading (`a[]`, `a[b]`, `a.b`),
// `ksort` order, the canonical form of versions 2 and 4, and the verifier on arbitrary
// requests. Round trip: a request the signer signs (any fields, method, version and client-id
// field) verifies, and fails with another secret.
import Foundation
import FuzzSupport
import SignedHTTP
import SigningCore
@testable import AFSignedClient

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let options = input.byte()
    let method = ["GET", "POST", "PUT", "DELETE"][Int(options & 3)]
    let version: AFSignedVersion = options & 4 == 0 ? .v2 : .v4
    let clientIDField: AFSignedClientIDField = options & 8 == 0 ? .clientID : .key
    let fields = input.restFields()
    let query = fields.enumerated().filter { $0.offset % 2 == 0 }.map { FormField($0.element.name, $0.element.value) }
    let body = fields.enumerated().filter { $0.offset % 2 == 1 }.map { FormField($0.element.name, $0.element.value) }

    // PHP's reading and ordering.
    let array = PHPArray(parsing: fields)
    fuzzRequire(array.entries.count <= PHPArray.maximumVariables, "more entries than PHP's max_input_vars")
    if let sorted = array.sortedByKey() {
        fuzzRequire(sorted.count == array.entries.count, "ksort lost entries")
        for (a, b) in zip(sorted, sorted.dropFirst()) {
            fuzzRequire(PHPNumericString.compare(a.key, b.key) <= 0, "ksort order broken between \(a.key.text.debugDescription) and \(b.key.text.debugDescription)")
        }
    }

    // Sign → verify (the signer refuses fields it cannot sign, such as its own auth values).
    let secret = "s3cr3t-\(options)"
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    let signer = AFSignedSigner(credentials: AFSignedCredentials(clientID: "client", clientSecret: secret), version: version, clientIDField: clientIDField, nonce: nil)
    var components = URLComponents(string: "http://127.0.0.1:8403/users/42")!
    if !query.isEmpty { components.percentEncodedQuery = FormEncoding.serialize(query) }
    let request = components.url.map { url in
        method == "GET" || body.isEmpty ? APIRequest(method: method, url: url) : APIRequest(method: method, url: url, form: body)
    }
    let signed = request.flatMap { try? signer.sign($0, at: now) }
    let received = signed.flatMap { try? AFSignedIncomingRequest($0) }
    if signed == nil {
        // The signer refused the fields; the canonical form of them as they came still must not crash.
        _ = try? AFSignedCanonicalForm.bytes(version: version, method: method, path: "/users/42", query: query, body: body)
    }
    fuzzRequire(signed == nil || received != nil, "a signed request cannot be read back: \(signed.map { "\($0.url)" } ?? "")")

    // The verifier on the fields as received (auth fields included when the input has them),
    // then on the signed request with the right secret and (for half the inputs: it costs a
    // third canonical form) with another.
    let verifier = AFSignedVerifier(credentials: [AFSignedCredentials(clientID: "client", clientSecret: secret)], version: version, clientIDField: clientIDField)
    let other = AFSignedVerifier(credentials: [AFSignedCredentials(clientID: "client", clientSecret: secret + "x")], version: version, clientIDField: clientIDField)
    _ = try? verifier.verifySignatureWithKnownClients(AFSignedIncomingRequest(method: method, path: "/users/42", query: query, body: body), now: now)
    if let received {
        do throws(AFSignedError) {
            _ = try verifier.verifySignatureWithKnownClients(received, now: now)
        } catch {
            fuzzRequire(false, "a freshly signed request does not verify: \(error.message)")
        }
        if options & 16 != 0 {
            fuzzRequire((try? other.verifySignatureWithKnownClients(received, now: now)) == nil, "a request verifies with another secret")
        }
    }
    return 0
}
