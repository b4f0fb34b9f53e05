// The Drupal client's JSON-RPC response parser on arbitrary bodies. Round trip: an answer it
// reads, encoded and read again, keeps its dialect, id and result (an error object is written
// in the dialect's shape), and a second round changes nothing.
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
    if case .result = response.outcome {
        fuzzRequire(again.outcome == response.outcome, "the result of \(response) reads back as \(again.outcome)")
    }
    fuzzRequire((try? JSONRPCResponse.parse(again.encoded())) == again, "a second encode → parse changed \(again)")
    return 0
}
