import DrupalServicesClient
import Foundation
import HTTPTypes
import MockServerKit

/// `POST /services/json-rpc`: the JSON-RPC server module in front of the site's services.
/// Reads one call or a batch, runs each through ``DrupalServices``, and answers in the
/// request's dialect (1.1 or 2.0), echoing ids; a 2.0 notification gets no answer.
struct DrupalRPCRoute: Sendable {
    let services: DrupalServices

    /// The most calls one batch may hold.
    static let maximumBatch = 100

    func respond(_ request: MockRequest, context: MockRequestContext) async throws(DrupalMockError) -> MockResponse {
        let body = try Self.parse(request.bodyBytes)
        let cookieSessid = Self.sessionCookie(in: request.headers)
        guard case .array(let elements) = body else {
            let call = try Self.call(from: body)
            let reply: DrupalServices.Reply
            do throws(DrupalMockError) {
                reply = try await services.run(call, cookieSessid: cookieSessid, now: request.now)
            } catch {
                throw error.answering(call)
            }
            context.note.accept(reply.note)
            var headers = HTTPFields()
            if let cookie = reply.setCookie { headers.append(HTTPField(name: .setCookie, value: cookie)) }
            return DrupalEnvelope.response(JSONRPCResponse(version: call.version, outcome: .result(reply.value), id: call.id), notification: call.isNotification, headers: headers)
        }
        return try await batch(elements, cookieSessid: cookieSessid, now: request.now, context: context)
    }

    /// A batch: every call run in order, answers in an array without the notifications'.
    private func batch(_ elements: [JSONValue], cookieSessid: String?, now: Date, context: MockRequestContext) async throws(DrupalMockError) -> MockResponse {
        guard !elements.isEmpty else {
            throw Self.batchError("Invalid Request", reason: "an empty batch holds no call; send at least one request object")
        }
        guard elements.count <= Self.maximumBatch else {
            let limit = "the batch holds \(elements.count) calls; the limit is \(Self.maximumBatch)"
            throw Self.batchError("Invalid Request: \(limit)", reason: "\(limit); split it into batches of at most \(Self.maximumBatch)")
        }
        var answers: [[UInt8]] = []
        var headers = HTTPFields()
        var refusals: [String] = []
        for element in elements {
            let answer: JSONRPCResponse
            var notification = false
            do throws(DrupalMockError) {
                let call = try Self.call(from: element)
                notification = call.isNotification
                do throws(DrupalMockError) {
                    let reply = try await services.run(call, cookieSessid: cookieSessid, now: now)
                    if let cookie = reply.setCookie { headers.append(HTTPField(name: .setCookie, value: cookie)) }
                    answer = JSONRPCResponse(version: call.version, outcome: .result(reply.value), id: call.id)
                } catch {
                    throw error.answering(call)
                }
            } catch {
                refusals.append(error.journalReason)
                answer = JSONRPCResponse(version: error.version, outcome: error.outcome(strict: services.options.strictErrors), id: error.id)
            }
            if !(notification && answer.version == .v2_0) { answers.append(answer.encoded()) }
        }
        let summary = "batch of \(elements.count) calls, \(refusals.count) refused" + (refusals.first.map { " (first: \($0.prefix(120)))" } ?? "")
        if refusals.isEmpty {
            context.note.accept(summary)
        } else {
            // Refused calls in a batch are answered in the array; the batch carries the reason.
            headers[.mockReason] = String(summary.prefix(300)).filter { $0.isASCII && !$0.isNewline }
            if refusals.count == elements.count { context.note.reject(summary) } else { context.note.accept(summary) }
        }
        guard !answers.isEmpty else { return MockResponse(status: .ok, headers: headers) }
        var body: [UInt8] = [UInt8(ascii: "[")]
        for (index, answer) in answers.enumerated() {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            body += answer
        }
        body.append(UInt8(ascii: "]"))
        return DrupalEnvelope.json(body, headers: headers)
    }

    /// The body as JSON, or JSON-RPC's parse error (the SDK's reading, as a server's).
    static func parse(_ body: [UInt8]) throws(DrupalMockError) -> JSONValue {
        do throws(DrupalServicesError) {
            return try JSONRPCRequest.json(body)
        } catch {
            throw DrupalMockError(protocol: JSONRPCErrorObject.parseError, code: .invalidJSON, message: "Parse error", reason: "\(error.message); send one JSON-RPC request object (or an array of them) as UTF-8 JSON")
        }
    }

    /// One call read from `value`, or the JSON-RPC error to answer in the dialect and with the
    /// id the value shows.
    static func call(from value: JSONValue) throws(DrupalMockError) -> JSONRPCRequest {
        do throws(DrupalServicesError) {
            return try JSONRPCRequest.parse(value)
        } catch {
            var refusal = DrupalMockError(error)
            let address = JSONRPCReplyAddress(showing: value)
            refusal.version = address.version
            refusal.id = address.id
            throw refusal
        }
    }

    /// JSON-RPC 2.0's invalid request for a whole batch: `message` for the error object, `reason`
    /// for the journal and `X-Mock-Reason`.
    private static func batchError(_ message: String, reason: String) -> DrupalMockError {
        var error = DrupalMockError(protocol: JSONRPCErrorObject.invalidRequest, code: .invalidRequest, message: message, reason: reason)
        error.version = .v2_0
        return error
    }

    /// The value of the site's session cookie in `Cookie` headers, if sent.
    static func sessionCookie(in headers: HTTPFields) -> String? {
        for field in headers[values: .cookie] {
            for pair in field.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == DrupalServices.cookieName {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
        }
        return nil
    }
}
