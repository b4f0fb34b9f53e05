// The token-endpoint reply parser on arbitrary bodies (as bytes and as text): it must agree
// with itself, and a token it reads keeps exactly the reply's fields.
import FuzzSupport
import OAuth1Client
import SigningCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let bytes = input.rest()
    let fromBytes = try? OAuth1Token.parse(bytes)
    if let text = String(validating: bytes, as: UTF8.self) {
        fuzzRequire((try? OAuth1Token.parse(text)) == fromBytes, "the byte and text parsers disagree on \(text.debugDescription)")
    } else {
        fuzzRequire(fromBytes == nil, "a reply that is not UTF-8 was accepted: \(bytes)")
    }
    if let token = fromBytes {
        fuzzRequire(!token.token.isEmpty, "an empty oauth_token was accepted")
        let reply = [FormField("oauth_token", token.token), FormField("oauth_token_secret", token.secret)]
            + (token.callbackConfirmed.map { [FormField("oauth_callback_confirmed", $0 ? "true" : "false")] } ?? [])
            + token.additionalFields
        fuzzRequire((try? OAuth1Token.parse(FormEncoding.serialize(reply))) == token, "serialising the token read from \(bytes) does not read back the same")
    }
    return 0
}
