// The Drupal mock's JSON-RPC request parsing on arbitrary bodies: the body as JSON, then each
// call (one object or a batch). Round trip: a call it accepts, encoded by the client's
// `JSONRPCRequest.encoded()`, reads back as a call with the same method and dialect (a call or a notification still), and
// a second round changes nothing (the first may turn a large double into an integer).
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
        guard let again else {
            fuzzRequire(false, "the call \(request) does not read back from \(String(decoding: encoded, as: UTF8.self))")
            return 0
        }
        fuzzRequire(again.method == request.method && again.version == request.version && again.isNotification == request.isNotification, "the call \(request) reads back as \(again)")
        let third = (try? DrupalRPCRoute.parse(again.encoded())).flatMap { try? DrupalRPCRoute.call(from: $0) }
        fuzzRequire(third == again, "a second encode → parse changed \(again) into \(third.map { "\($0)" } ?? "an error")")
    }
    return 0
}
