import Foundation
import SignedHTTP

/// How a server's answer to a signed request is read: the one place its refusals become
/// error codes (this package's verifier answers with a problem body whose `code` is a
/// ``HTTPMessageSignatureError/Code/token`` and, on a 401, `WWW-Authenticate: Signature error="…"`).
enum HTTPMessageSignaturesAnswer {
    /// The problem body's members this client reads.
    private struct Problem: Decodable {
        var code: String?
        var detail: String?
        var signature_base: String?
    }

    /// Throws the error a non-2xx `response` reports.
    static func check(_ response: APIResponse, now: Date) throws(HTTPMessageSignatureError) {
        guard !response.isSuccess else { return }
        let problem = try? JSONDecoder().decode(Problem.self, from: Data(response.body))
        let token = problem?.code ?? challengeError(response)
        let code = response.statusCode == 429 ? .rateLimited : token.flatMap(HTTPMessageSignatureError.Code.named(token:)) ?? .requestRejected
        let said = problem?.detail ?? response.providerMessage?.text
        var message = "the server answered HTTP \(response.statusCode)" + (said.map { ": \($0)" } ?? "")
        if problem?.signature_base != nil { message += "; it built the signature base in serverSignatureBase: compare it with the base you signed" }
        var error = HTTPMessageSignatureError(code: code, message: message, serverSignatureBase: problem?.signature_base, statusCode: response.statusCode, mockReason: response.mockReason)
        if code == .rateLimited { error.retryAfter = response.retryAfter(now: now) }
        throw error
    }

    /// The `error` parameter of a `WWW-Authenticate: Signature …` challenge.
    static func challengeError(_ response: APIResponse) -> String? {
        for challenge in response.headers.values(for: "WWW-Authenticate") where challenge.lowercased().hasPrefix("signature") {
            guard let range = challenge.range(of: "error=\"") else { continue }
            let rest = challenge[range.upperBound...]
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
        }
        return nil
    }

    /// Whether `response` refuses the signature's time (a skewed device clock): a 401 whose
    /// code is `timestampRefused`, `createdInFuture` or `signatureExpired`.
    @Sendable static func isClockRejection(_ response: APIResponse) -> Bool {
        guard response.statusCode == 401 else { return false }
        let problem = try? JSONDecoder().decode(Problem.self, from: Data(response.body))
        let token = problem?.code ?? challengeError(response)
        return [HTTPMessageSignatureError.Code.timestampRefused, .createdInFuture, .signatureExpired].contains { $0.token == token }
    }
}
