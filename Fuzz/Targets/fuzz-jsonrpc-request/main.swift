// The Drupal mock's JSON-RPC request parsing on arbitrary bodies: the body as JSON, then each
// call (one object or a batch). Round trip: a call it accepts, encoded by the client's
// `JSONRPCRequest.encoded()`, reads back as a call that encodes to the same bytes (numbers
// compare as JSON text: an integral double is written, and read back, as an integer).
import DrupalServicesClient
@testable import DrupalMock
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Array(UnsafeBufferPointer(start: data, count: size))
    guard let value = try? DrupalRPCRoute.parse(body) else { return 0 }
    let calls: [JSONValue]
    if case .array(let elements) = value { calls = elements } else { calls = [value] }
    for call in calls {
        guard let request = try? DrupalRPCRoute.call(from: call) else { continue }
        let encoded = request.encoded()
        let again = (try? DrupalRPCRoute.parse(encoded)).flatMap { try? DrupalRPCRoute.call(from: $0) }
        fuzzRequire(again?.encoded() == encoded, "the call \(request) reads back as \(again.map { "\($0)" } ?? "an error") from \(String(decoding: encoded, as: UTF8.self))")
    }
    return 0
}
