// Base64 (both alphabets, padded or not) and hex decoding of arbitrary text; round trips:
// encode → decode is the identity for any bytes, and whatever decodes re-encodes to text that
// decodes to the same bytes.
import FuzzSupport
import SigningCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let options = input.byte()
    let alphabet: Base64.Alphabet = options & 1 == 0 ? .standard : .urlSafe
    let padding = alphabet == .standard || options & 2 == 0 // the standard alphabet requires padding
    let uppercase = options & 4 == 0
    let bytes = input.rest()
    let text = String(decoding: bytes, as: UTF8.self)

    if let decoded = try? Base64.decode(text, alphabet: alphabet) {
        let again = Base64.encode(decoded, alphabet: alphabet, padding: padding)
        fuzzRequire((try? Base64.decode(again, alphabet: alphabet)) == decoded, "Base64 decode → encode → decode changed \(text.debugDescription)")
    }
    if let decoded = try? Hex.decode(text) {
        fuzzRequire(Hex.encode(decoded, uppercase: uppercase).lowercased() == text.lowercased(), "hex decode → encode changed \(text.debugDescription)")
    }

    let base64 = Base64.encode(bytes, alphabet: alphabet, padding: padding)
    fuzzRequire((try? Base64.decode(base64, alphabet: alphabet)) == bytes, "Base64 encode → decode is not the identity for \(bytes) (\(base64))")
    let hex = Hex.encode(bytes, uppercase: uppercase)
    fuzzRequire(hex.utf8.count == bytes.count * 2, "hex of \(bytes.count) bytes is \(hex.utf8.count) characters")
    fuzzRequire((try? Hex.decode(hex)) == bytes, "hex encode → decode is not the identity for \(bytes) (\(hex))")
    return 0
}
