import Foundation
import SignedHTTP

/// How Google's answers are read: the one place its error envelope becomes a
/// ``GoogleBooksError`` and JSON becomes models.
enum GoogleBooksAnswer {
    /// Google's envelope: `{"error":{"code":…,"message":…,"errors":[{"reason":…,"location":…}]}}`.
    private struct Envelope: Decodable {
        struct Body: Decodable {
            struct Detail: Decodable {
                var reason: String?
                var location: String?
                var message: String?
            }
            var code: Int?
            var message: String?
            var errors: [Detail]?
        }
        var error: Body
    }

    /// `response`'s JSON as `type`, or the error it reports. Pages and volumes are read by
    /// ``BooksJSONReader``; what it leaves (anything unusual) is decoded by `JSONDecoder`.
    static func decode<Result: Decodable>(_ response: APIResponse, as type: Result.Type, now: Date) throws(GoogleBooksError) -> Result {
        try check(response, now: now)
        if let readable = Result.self as? any BooksJSONReadable.Type, let value = BooksJSONReader.read(readable, from: response.body) {
            return value as! Result
        }
        do {
            return try JSONDecoder().decode(Result.self, from: Data(response.body))
        } catch let error as DecodingError {
            throw GoogleBooksError(code: .decodingFailed, message: "Google's answer does not read as \(Result.self): \(error.pathAndReason())", statusCode: response.statusCode, cause: error)
        } catch {
            throw GoogleBooksError(code: .decodingFailed, message: "Google's answer does not read as \(Result.self)", statusCode: response.statusCode, cause: error)
        }
    }

    /// Throws the error a non-2xx `response` reports.
    static func check(_ response: APIResponse, now: Date) throws(GoogleBooksError) {
        guard !response.isSuccess else { return }
        let envelope = try? JSONDecoder().decode(Envelope.self, from: Data(response.body))
        let detail = envelope?.error.errors?.first
        let reason = detail?.reason
        let providerMessage = envelope?.error.message ?? detail?.message ?? response.providerMessage?.text
        let said = providerMessage ?? "no message"
        let retryAfter = response.retryAfter(now: now)
        let (code, advice) = classify(status: response.statusCode, reason: reason, retryAfter: retryAfter)
        throw GoogleBooksError(
            code: code, message: "Google answered HTTP \(response.statusCode)\(reason.map { " (\($0))" } ?? ""): \(said)\(advice.isEmpty ? "" : "; " + advice)",
            providerCode: reason, providerMessage: providerMessage, location: detail?.location, statusCode: response.statusCode,
            mockReason: response.mockReason, retryAfter: retryAfter
        )
    }

    private static func classify(status: Int, reason: String?, retryAfter: TimeInterval?) -> (GoogleBooksError.Code, String) {
        switch (status, reason) {
        case (_, "keyInvalid"?): return (.keyInvalid, "check the API key in the Google Cloud console")
        case (_, "unknownLocation"?): return (.unknownLocation, "Google cannot tell where the request comes from; pass country (an ISO 3166-1 code such as US) in the client's configuration")
        case (_, "dailyLimitExceeded"?), (_, "dailyLimitExceededUnreg"?), (_, "quotaExceeded"?):
            return (.dailyLimitExceeded, "the day's quota is used up; wait until it resets (midnight Pacific time) or use a key with more quota")
        case (429, _), (_, "rateLimitExceeded"?), (_, "userRateLimitExceeded"?):
            return (.rateLimited, retryAfter.map { "try again in \(Int($0.rounded(.up))) s" } ?? "slow down and try again")
        case (404, _): return (.notFound, "")
        case (400, _): return (.invalidQuery, "")
        case (403, _): return (.forbidden, "")
        case (500..<600, _): return (.serverError, "the retry policy gave up; try again later")
        default: return (.requestRejected, "")
        }
    }
}
