// The Drupal client's JSON-RPC response parser on arbitrary bodies. Round trip: an answer it
// reads, encoded and read again, keeps its dialect and id and encodes to the same bytes (a
// number is compared as JSON text: `3.7e18` is written `3700000000000000000` and read back as
// an integer; an error object is written in the dialect's shape first).
import DrupalServicesClient
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Array(UnsafeBufferPointer(start: data, count: size))
    guard let response = try? JSONRPCResponse.parse(body) else { return 0 }
    let encoded = response.encoded()
    guard let again = try? JSONRPCResponse.parse(encoded) else {
        fuzzRequire(false, "\(response) encodes to \(String(decoding: encoded, as: UTF8.self)), which does not parse")
        return 0
    }
    fuzzRequire(again.version == response.version && again.id == response.id, "\(response) reads back as \(again) from \(String(decoding: encoded, as: UTF8.self))")
    fuzzRequire(again.encoded() == encoded, "\(response) encodes differently after encode → parse: \(String(decoding: again.encoded(), as: UTF8.self))")
    return 0
}
