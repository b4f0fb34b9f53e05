#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
import Foundation
import Hummingbird
import HTTPTypes
import Logging

/// Runs around every request of a mock server: target-length limit (414), header-size limit
/// (431), a second `Host` (400), a declared body over the limit (413, before the body is read),
/// 404 and 405 in the provider's error shape, and the journal entry once the response is ready.
struct MockServerMiddleware: RouterMiddleware {
    typealias Context = MockRequestContext

    let server: MockServerContext

    func handle(
        _ request: Request,
        context: MockRequestContext,
        next: (Request, MockRequestContext) async throws -> Response
    ) async throws -> Response {
        let received = server.clock.now
        server.events.publish(.requestReceived(method: request.method.rawValue, path: request.uri.path))
        let response: Response
        do {
            response = try await answer(request, context: context, next: next)
        } catch {
            await record(request, context: context, status: 0, received: received)
            server.events.publish(.requestFinished(status: 0))
            throw error
        }
        await record(request, context: context, status: response.status.code, received: received)
        server.events.publish(.requestFinished(status: response.status.code))
        return response
    }

    private func answer(
        _ request: Request,
        context: MockRequestContext,
        next: (Request, MockRequestContext) async throws -> Response
    ) async throws -> Response {
        let limit = server.configuration.limits.maxHeaderBytes
        if let target = request.head.path, target.utf8.count > limit {
            context.note.reject("target longer than \(limit) bytes")
            return server.errorResponse(.init(code: 414), "The request target is longer than \(limit) bytes.").response
        }
        let headerBytes = request.headers.reduce(0) { $0 + $1.name.rawName.utf8.count + $1.value.utf8.count + 4 }
        if headerBytes > limit {
            context.note.reject("headers larger than \(limit) bytes")
            return server.errorResponse(.init(code: 431), "The request headers are larger than \(limit) bytes.").response
        }
        // The first Host becomes the authority; any other is left among the header fields.
        if request.headers[HTTPField.Name("Host")!] != nil {
            context.note.reject("more than one Host header")
            return server.errorResponse(.badRequest, "The request has more than one Host header.").response
        }
        let bodyLimit = server.configuration.limits.maxBodyBytes
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > bodyLimit {
            // Answered before the body is read; the connection closes after this answer.
            context.note.reject("body larger than \(bodyLimit) bytes")
            return server.errorResponse(.contentTooLarge, "The request body is larger than \(bodyLimit) bytes.").response
        }
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let allowed = server.routes.allowedMethods(for: request.uri.path)
            guard !allowed.isEmpty else {
                context.note.reject("no such route")
                return server.errorResponse(.notFound, "Sorry, that page does not exist.").response
            }
            context.note.reject("method \(request.method.rawValue) not allowed")
            var response = server.errorResponse(.methodNotAllowed, "Method \(request.method.rawValue) is not allowed here; use \(allowed.joined(separator: ", ")).")
            response.headers[.allow] = allowed.joined(separator: ", ")
            return response.response
        }
    }

    private func record(_ request: Request, context: MockRequestContext, status: Int, received: Date) async {
        let note = context.note.snapshot
        guard !note.skip else { return }
        let verdict = note.verdict ?? (status >= 200 && status < 400 ? .accepted : .rejected)
        // Path only: queries and bodies may carry tokens and signatures, which stay out of logs.
        server.logger.debug("\(request.method.rawValue) \(request.uri.path) → \(status) \(verdict.rawValue): \(note.reason)")
        let parameters = server.provider.redactingSecrets(note.parameters)
        let parametersHoldSecrets = parameters != note.parameters
        let receivedRequest = note.request.map { JournalReceived($0, provider: server.provider, parametersHoldSecrets: parametersHoldSecrets) }
            ?? JournalReceived(path: request.uri.path, query: request.uri.query, authority: request.head.authority, headers: request.headers, provider: server.provider)
        await server.journal.record(JournalEntry(
            sequence: 0,
            provider: server.providerName,
            method: request.method.rawValue,
            path: request.uri.path,
            parameters: parameters,
            status: status,
            verdict: verdict,
            reason: note.reason.isEmpty ? (verdict == .accepted ? "ok" : "status \(status)") : note.reason,
            date: received,
            received: receivedRequest,
            diagnosis: note.diagnosis
        ))
    }
}
#endif
