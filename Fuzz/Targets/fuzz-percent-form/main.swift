// Percent-decoding (strict, bytes and UTF-8, with and without `+` as space) and form parsing
// of arbitrary text; round trips: encode → decode is the identity for any bytes and text, and
// form serialise → parse gives the fields back.
import FuzzSupport
@testable import SigningCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let plusAsSpace = input.flag()
    let bytes = input.rest()
    let text = String(decoding: bytes, as: UTF8.self)

    // Decoding what arrived: both decoders agree where the UTF-8 one succeeds.
    let decodedBytes = try? PercentEncoding.decodeBytes(text, plusAsSpace: plusAsSpace)
    if let decoded = try? PercentEncoding.decode(text, plusAsSpace: plusAsSpace) {
        fuzzRequire(decodedBytes == Array(decoded.utf8), "decode and decodeBytes disagree on \(text.debugDescription)")
    }
    if let fields = try? FormEncoding.parse(text) {
        fuzzRequire((try? FormEncoding.parse(FormEncoding.serialize(fields))) == fields, "parse → serialise → parse changed \(text.debugDescription)")
    }

    // Encoding any bytes and reading them back.
    var encoded: [UInt8] = []
    bytes.withUnsafeBufferPointer { PercentEncoding.append(encoding: $0, to: &encoded) }
    let escaped = String(decoding: encoded, as: UTF8.self)
    fuzzRequire(escaped.utf8.allSatisfy { PercentEncoding.AllowedSet.unreserved.contains($0) || $0 == UInt8(ascii: "%") }, "encode left a reserved byte in \(escaped)")
    fuzzRequire((try? PercentEncoding.decodeBytes(escaped)) == bytes, "encode → decodeBytes is not the identity for \(bytes)")
    fuzzRequire((try? PercentEncoding.decode(PercentEncoding.encode(text))) == text, "encode → decode is not the identity for \(text.debugDescription)")
    let formEscaped = PercentEncoding.encode(text, allowing: .unreserved, spaceAsPlus: true)
    fuzzRequire((try? PercentEncoding.decode(formEscaped, plusAsSpace: true)) == text, "form encode → decode is not the identity for \(text.debugDescription)")

    // Any fields survive serialise → parse.
    var fieldInput = FuzzInput(data, size)
    let fields = fieldInput.restFields().map { FormField($0.name, $0.value) }
    let serialized = FormEncoding.serialize(fields)
    fuzzRequire((try? FormEncoding.parse(serialized)) == fields, "serialise → parse changed \(fields) (\(serialized))")
    return 0
}
