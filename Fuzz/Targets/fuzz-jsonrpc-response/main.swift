// The Drupal client's JSON-RPC response parser on arbitrary bodies. Round trip: an answer it
// reads, encoded and read again, keeps its dialect and whether it has an id, and from then on encode → parse
// changes nothing (the first round may rewrite: `3.7e18` comes back as the integer
// 3700000000000000000, an error object in the dialect's shape).
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
    fuzzRequire(again.version == response.version && (again.id == nil) == (response.id == nil), "\(response) reads back as \(again) from \(String(decoding: encoded, as: UTF8.self))")
    let third = try? JSONRPCResponse.parse(again.encoded())
    fuzzRequire(third == again, "a second encode → parse changed \(again) into \(third.map { "\($0)" } ?? "an error")")
    return 0
}
