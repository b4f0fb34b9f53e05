public import Foundation
public import SignedVerification
import RawStructuredFieldValues
import SignedHTTP

extension HTTPMessageSignatureVerifier {
    /// The answer to a request this verifier refused: ``HTTPMessageSignatureError/refusalStatus``
    /// (401, 400 for fields or components that cannot be read, 503 with `Retry-After` when the
    /// replay store or the key look-up could not answer) with an RFC 9457 problem body
    /// (`title`, `status`, `detail`, `code`). A 401 carries `WWW-Authenticate: Signature
    /// error="…"` and `Accept-Signature` (RFC 9421 §5.1) naming the components
    /// ``requirements`` asks of that request (`@query` when it has a query, `content-digest`
    /// when it has content), with `created` (and `expires` when ``requiresExpires``: flags the
    /// signer fills in, §5.1). A 503's detail never repeats the store's words.
    public func refusal(_ failure: HTTPMessageSignatureError, now: Date) -> SignedRefusal {
        let status = failure.refusalStatus
        var headers = HeaderFields()
        if status == 401 {
            let realmPart = realm.map { "realm=\"\(Self.quoted($0))\", " } ?? ""
            headers.append("WWW-Authenticate", "Signature \(realmPart)error=\"\(failure.code.token)\"")
            if let accept = acceptSignature(failure.requestedComponents) { headers.append("Accept-Signature", accept) }
        }
        let detail = status == 503 ? "the server could not check the request just now; try again shortly" : failure.message
        var problem: [String: String] = ["title": failure.code.description, "detail": detail, "code": failure.code.token]
        if revealsSignatureBase, let base = failure.serverSignatureBase { problem["signature_base"] = base }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var body = Array((try? encoder.encode(problem)) ?? Data())
        if body.last == UInt8(ascii: "}") { body.removeLast(); body += Array(",\"status\":\(status)}".utf8) }
        return SignedRefusal(status: status, contentType: "application/problem+json", body: body, headers: headers)
    }

    /// 413 with a problem body.
    public func refusal(bodyLargerThan limit: Int) -> SignedRefusal {
        let body = "{\"code\":\"content_too_large\",\"detail\":\"the content is larger than \(limit) bytes\",\"status\":413,\"title\":\"Content Too Large\"}"
        return SignedRefusal(status: 413, contentType: "application/problem+json", body: Array(body.utf8))
    }

    /// `Accept-Signature: sig1=(…);created[;expires][;tag="…"]` (RFC 9421 §5.1) for `requested`: what the
    /// refused request must cover; without it (an error the verifier did not raise on a request),
    /// the listed components and `@query`.
    func acceptSignature(_ requested: [HTTPSignatureComponent]?) -> String? {
        let label = if case .label(let label) = selection { label } else { "sig1" }
        var components = requested ?? requirements.components
        if requested == nil, requirements.queryWhenPresent, !components.contains(.query) { components.append(.query) }
        var list = BareInnerList()
        for component in components { list.append(HTTPStructuredText.item(component)) }
        var parameters = OrderedMap<String, RFC9651BareItem>()
        parameters["created"] = .bool(true)
        if requiresExpires { parameters["expires"] = .bool(true) }
        if case .tag(let tag) = selection, HTTPStructuredText.isStringable(tag) { parameters["tag"] = .string(tag) }
        var dictionary = OrderedMap<String, ItemOrInnerList>()
        dictionary[label] = .innerList(InnerList(bareInnerList: list, parameters: parameters))
        var serializer = StructuredFieldValueSerializer()
        return (try? serializer.writeDictionaryFieldValue(dictionary)).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func quoted(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F && $0 != "\"" && $0 != "\\" }.map(Character.init))
    }
}
