import Foundation
import SignedHTTP
import SigningCore

/// How a backend's answer is read: the one place its refusals become error codes.
enum AFSignedAnswer {
    /// Throws the error a non-2xx `response` reports: the original backend's words
    /// (`Incorrect auth signature`, …) as their codes, any other as `requestRejected`.
    static func check(_ response: APIResponse, now: Date) throws(AFSignedError) {
        guard !response.isSuccess else { return }
        let said = response.providerMessage?.text
        let code = response.statusCode == 429 ? .rateLimited : said.flatMap(code(for:)) ?? .requestRejected
        // A header holds printable ASCII; the string's other bytes come as %XX.
        let stringToSign = response.header(AFSignedField.stringToSignHeader).map { header in
            (try? PercentEncoding.decodeBytes(header)).map { String(decoding: $0, as: UTF8.self) } ?? header
        }
        var message = "the server answered HTTP \(response.statusCode)" + (said.map { ": \($0)" } ?? "")
        if let stringToSign { message += "; it signed “\(stringToSign)”: compare it with the string you signed" }
        var error = AFSignedError(code: code, message: message, providerMessage: said, serverSignatureBase: stringToSign, statusCode: response.statusCode, mockReason: response.mockReason)
        if code == .rateLimited { error.retryAfter = response.retryAfter(now: now) }
        throw error
    }

    /// The code for the original backend's words (a message may go on after them).
    static func code(for text: String) -> AFSignedError.Code? {
        let table: [(String, AFSignedError.Code)] = [
            (AFSignedVerifier.Message.incorrectVersion, .incorrectVersion),
            (AFSignedVerifier.Message.incorrectClientID, .incorrectClientID),
            (AFSignedVerifier.Message.incorrectTimestamp, .timestampRefused),
            (AFSignedVerifier.Message.incorrectSignature, .signatureInvalid),
            (AFSignedVerifier.Message.incorrectNonce, .nonceUsed),
        ]
        return table.first { text.hasPrefix($0.0) }?.1
    }

    /// Whether `response` refuses the timestamp (a skewed device clock).
    @Sendable static func isTimestampRejection(_ response: APIResponse) -> Bool {
        response.statusCode == 401 && response.providerMessage.map { code(for: $0.text) == .timestampRefused } == true
    }
}
