// Sign → verify for OAuth 1.0a with fuzzed credentials, method, query and form fields, every
// signature method and transmission: the request the signer produces, taken apart by the
// incoming-request parser, has the signer's base string (so the verifier reads method, path,
// query, body and protocol parameters as the signer wrote them), verifies with the right
// secrets and fails with a changed secret.
import Foundation
import FuzzSupport
import OAuth1Client
import SigningCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let options = input.byte()
    let method = ["GET", "POST", "PUT", "DELETE"][Int(options & 3)]
    let signatureMethod = OAuth1SignatureMethod.allCases[Int(options >> 2 & 3)]
    let withToken = options & 16 != 0
    let transmissionChoice = Int((options >> 5) % 3)
    var fields = input.restFields()
    guard fields.count >= 2 else { return 0 }
    let consumer = fields.removeFirst()
    let token = fields.removeFirst()
    // Parameters the request carries: even lines in the query, odd ones in the form body.
    // `oauth_*` names are the protocol's own, so the signer and verifier rightly refuse them.
    let parameters = fields.filter { !$0.name.hasPrefix("oauth_") }.map { FormField($0.name, $0.value) }
    let query = parameters.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
    let form = parameters.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)

    let credentials = OAuth1Credentials(
        consumerKey: consumer.name, consumerSecret: consumer.value,
        token: withToken ? token.name : nil, tokenSecret: withToken ? token.value : nil
    )
    let transmission: OAuth1Transmission = [.authorizationHeader(realm: "Photos"), .query, .formBody][transmissionChoice]
    let signer = OAuth1Signer(
        credentials: credentials, signatureMethod: signatureMethod, transmission: transmission,
        clock: { Date(timeIntervalSince1970: 1_318_622_958) }, nonce: { "kllo9940pd9333jh" }
    )
    var components = URLComponents()
    components.scheme = "http"
    components.host = "127.0.0.1"
    components.port = 8401
    components.percentEncodedPath = "/1/statuses/update.json"
    if !query.isEmpty { components.percentEncodedQuery = FormEncoding.serialize(query) }
    guard let url = components.url else { return 0 }
    let request = method == "GET" || form.isEmpty ? OAuth1Request(method: method, url: url) : OAuth1Request(method: method, url: url, form: form)
    guard let signed = try? signer.sign(request) else { return 0 }

    func incoming(_ request: OAuth1Request) -> OAuth1IncomingRequest? {
        try? OAuth1IncomingRequest(
            method: request.method, url: request.url, authorizationHeader: request.header("Authorization"),
            contentType: request.header("Content-Type"), body: request.body
        )
    }
    guard let received = incoming(signed.request) else {
        fuzzRequire(false, "the verifier cannot read a request the signer produced: \(signed.request.url) \(signed.authorizationHeader ?? "")")
        return 0
    }
    fuzzRequire(received.baseString == signed.baseString, "base strings differ: signed \(signed.baseString.debugDescription), verified \(received.baseString.debugDescription)")
    fuzzRequire(received.verify(consumerSecret: consumer.value, tokenSecret: withToken ? token.value : nil), "a freshly signed request does not verify: \(signed.baseString.debugDescription)")
    fuzzRequire(!received.verify(consumerSecret: consumer.value + "x", tokenSecret: withToken ? token.value : nil), "a request verifies with another consumer secret")

    return 0
}
