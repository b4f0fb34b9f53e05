public import Foundation
public import HTTPTypes
public import MockServerKit
import OAuth1Client

extension OAuth1Flavour {
    /// The response the real provider gives for `error`, plus `X-OAuth1-Base-String` (the
    /// server's base string as it is: ASCII, every part percent-encoded by construction) for a
    /// bad signature when `exposeBaseString` is on.
    /// (The route runner adds `X-Mock-Reason` with the mock's own explanation.)
    public func errorResponse(for error: OAuth1MockError, exposeBaseString: Bool = true) -> MockResponse {
        if error.code == .replayStoreUnavailable {
            var response = errorResponse(status: .serviceUnavailable, message: "Over capacity")
            response.refuseUnchecked()
            return response
        }
        if errorStyle == .problemReporting, let report = problemReport(for: error, exposeBaseString: exposeBaseString) {
            return problemResponse(report)
        }
        let (status, code, text) = details(for: error)
        if errorStyle == .problemReporting, let field = error.field {
            // Jira's ErrorCollection: a field's error keyed by the field, none without one.
            return .json(["errorMessages": [String](), "errors": [field: text]], status: status)
        }
        var response = body(status: status, code: code, message: text)
        if exposeBaseString, let baseString = error.serverSignatureBase {
            response.headers[HTTPField.Name(OAuth1BaseStringDifference.headerName)!] = baseString
        }
        return response
    }

    /// The provider's error body for a failure the server kit found (413, 431, 404, 405, faults).
    public func errorResponse(status: HTTPResponse.Status, message: String) -> MockResponse {
        let code: Int = switch status.code {
        case 404: 34
        case 429: 88
        case 500: 131
        case 503: 130
        default: 0
        }
        let text: String = switch (errorStyle, status.code) {
        case (.twitter, 404): "Sorry, that page does not exist."
        case (.twitter, 429): "Rate limit exceeded."
        case (.netflix, 429): "Over Queries Per Second Limit"
        default: message
        }
        return body(status: status, code: code, message: text)
    }

    /// The provider's rate-limit headers for a 429.
    public func rateLimitHeaders(now: Date, retryAfterSeconds: Int) -> HTTPFields {
        // Saturating: whatever the mock's clock shows, the sum cannot trap.
        let seconds = Int(min(max(now.timeIntervalSince1970, -1e15), 1e15))
        let reset = String(seconds.addingReportingOverflow(retryAfterSeconds).overflow ? Int.max : seconds + retryAfterSeconds)
        switch errorStyle {
        case .twitter:
            return [
                HTTPField.Name("x-rate-limit-limit")!: "900",
                HTTPField.Name("x-rate-limit-remaining")!: "0",
                HTTPField.Name("x-rate-limit-reset")!: reset,
            ]
        case .discogs:
            return [
                HTTPField.Name("X-Discogs-Ratelimit")!: "60",
                HTTPField.Name("X-Discogs-Ratelimit-Used")!: "60",
                HTTPField.Name("X-Discogs-Ratelimit-Remaining")!: "0",
            ]
        case .netflix:
            return [HTTPField.Name("X-Mashery-Error-Code")!: "ERR_403_DEVELOPER_OVER_QPS"]
        case .problemReporting:
            return [:]  // Jira sends Retry-After alone, which the kit adds
        }
    }

    private func body(status: HTTPResponse.Status, code: Int, message: String) -> MockResponse {
        switch errorStyle {
        case .twitter:
            return .json(["errors": [["code": code, "message": message]]], status: status)
        case .discogs:
            return .json(["message": message], status: status)
        case .netflix:
            let xml = "<?xml version=\"1.0\" standalone=\"yes\"?>\n<status><status_code>\(status.code)</status_code>"
                + "<message>\(MockResponse.escapingMarkup(message))</message></status>"
            return MockResponse(status: status, contentType: "text/xml; charset=utf-8", text: xml)
        case .problemReporting:
            // Jira's ErrorCollection for what is not about OAuth and belongs to no field (404,
            // 429, a body that is no JSON object): the words in `errorMessages`.
            return .json(["errorMessages": [message], "errors": [String: String]()], status: status)
        }
    }

    private func details(for error: OAuth1MockError) -> (HTTPResponse.Status, Int, String) {
        switch errorStyle {
        case .twitter: twitterDetails(error)
        case .discogs: discogsDetails(error)
        case .netflix: netflixDetails(error)
        case .problemReporting: (error.code == .notFound ? .notFound : .badRequest, 0, error.message)
        }
    }

    private func twitterDetails(_ error: OAuth1MockError) -> (HTTPResponse.Status, Int, String) {
        switch error.code {
        case .malformedRequest, .missingParameter: (.badRequest, 215, "Bad Authentication data.")
        case .timestampRefused: (.unauthorized, 135, "Timestamp out of bounds.")
        case .invalidToken, .expiredToken: (.unauthorized, 89, "Invalid or expired token.")
        case .invalidInput: (.forbidden, 170, error.message)
        case .notFound: (.notFound, 34, "Sorry, that page does not exist.")
        case .missingUserAgent: (.forbidden, 32, "Could not authenticate you.")
        case .callbackNotApproved: (.forbidden, 415, "Callback URL not approved for this client application. Approved callback URLs can be adjusted in your application settings")
        default: (.unauthorized, 32, "Could not authenticate you.")
        }
    }

    private func discogsDetails(_ error: OAuth1MockError) -> (HTTPResponse.Status, Int, String) {
        switch error.code {
        case .malformedRequest: (.badRequest, 0, "Bad request: \(error.message)")
        case .missingParameter: (.unauthorized, 0, "You must authenticate to access this resource.")
        case .unknownConsumer: (.unauthorized, 0, "Invalid consumer key.")
        case .timestampRefused: (.unauthorized, 0, "Invalid timestamp.")
        case .nonceUsed: (.unauthorized, 0, "Invalid nonce: it has already been used.")
        case .signatureInvalid: (.unauthorized, 0, "Invalid signature. Please ensure that the OAuth signature is correct.")
        case .invalidToken: (.unauthorized, 0, "Invalid OAuth token.")
        case .expiredToken: (.unauthorized, 0, "The OAuth token has expired.")
        case .invalidVerifier: (.unauthorized, 0, "Invalid OAuth verifier.")
        case .missingUserAgent: (.forbidden, 0, "Please provide a User-Agent header identifying your application.")
        case .callbackNotApproved: (.forbidden, 0, "The callback URL is not approved for this application. Check the callback URL in your application settings.")
        case .notFound: (.notFound, 0, "The requested resource was not found.")
        case .invalidInput: (.unprocessableContent, 0, error.message)
        default: (.unauthorized, 0, "Unsupported signature method.")
        }
    }

    private func netflixDetails(_ error: OAuth1MockError) -> (HTTPResponse.Status, Int, String) {
        switch error.code {
        case .malformedRequest: (.badRequest, 0, "Bad Request")
        case .missingParameter: (.unauthorized, 0, "Missing Required Parameter")
        case .unknownConsumer: (.unauthorized, 0, "Invalid Consumer Key")
        case .timestampRefused: (.unauthorized, 0, "Timestamp Is Invalid")
        case .nonceUsed: (.unauthorized, 0, "Invalid Nonce")
        case .invalidToken: (.unauthorized, 0, "Invalid Or Expired Token")
        case .expiredToken: (.unauthorized, 0, "Expired Token")
        case .invalidVerifier: (.unauthorized, 0, "Invalid Verifier")
        case .unsupportedSignatureMethod: (.unauthorized, 0, "Invalid Signature Method")
        case .callbackNotApproved: (.unauthorized, 0, "Invalid Callback URL")
        case .notFound: (.notFound, 0, "Resource Not Found")
        case .invalidInput: (.badRequest, 0, error.message)
        default: (.unauthorized, 0, "Invalid Signature")
        }
    }
}
