// The incoming-request parser every mock route verifies with (`MockRequest`): the query and
// the form body, decoded from arbitrary bytes under an arbitrary `Content-Type`. Parsing must
// agree with SigningCore's form parser, and `parameter(_:)` with the decoded fields.
import Foundation
import FuzzSupport
import HTTPTypes
import MockServerKit
import NIOCore
import SigningCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let options = input.byte()
    let rest = input.rest()
    let split = rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.count
    let query = String(decoding: rest[..<split], as: UTF8.self)
    let body = split < rest.count ? Array(rest[(split + 1)...]) : []
    var headers = HTTPFields()
    let contentTypes = ["application/x-www-form-urlencoded", "Application/X-WWW-Form-URLEncoded ; charset=utf-8", "application/json", "text/plain"]
    if options & 4 == 0 { headers[.contentType] = contentTypes[Int(options & 3)] }
    let request = MockRequest(
        method: .post, path: "/", query: options & 8 == 0 ? query : nil, headers: headers,
        body: ByteBuffer(bytes: body), now: Date(timeIntervalSince1970: 0)
    )

    let queryFields = try? request.queryFields()
    if options & 8 == 0, !query.isEmpty {
        fuzzRequire(queryFields == (try? FormEncoding.parse(query)), "the query \(query.debugDescription) is read differently from FormEncoding")
    }
    let formFields = try? request.formFields()
    if request.hasFormBody, !body.isEmpty {
        fuzzRequire(formFields == (try? FormEncoding.parse(utf8: body)), "the form body \(body) is read differently from FormEncoding")
    } else {
        fuzzRequire(formFields == [], "a body that is not a form gave fields")
    }
    let all = request.parametersIfValid
    fuzzRequire(all == (queryFields.flatMap { q in formFields.map { q + $0 } }), "parametersIfValid disagrees with the query and form fields")
    if let first = all?.first {
        fuzzRequire(request.parameter(first.name) == first.value, "parameter(\(first.name.debugDescription)) is not the first such field")
    }
    return 0
}
