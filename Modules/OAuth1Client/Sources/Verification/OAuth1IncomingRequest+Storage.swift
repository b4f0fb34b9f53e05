import Foundation
import SigningCore

extension OAuth1IncomingRequest {
    /// What ``OAuth1IncomingRequest`` reads from a request (its documentation says what each
    /// property holds), read once by ``init(method:url:authorizationHeader:contentType:body:)``.
    final class Storage: Sendable {
        let method: String
        let url: URL
        let realm: String?
        let protocolParameterLocations: [ParameterLocation]
        let protocolBytes: OAuth1DecodedParameters
        let signatureBytes: OAuth1DecodedParameters
        let parts: OAuth1URLParts
        let baseStringBytes: [UInt8]
        let signature: String
        let signatureMethod: OAuth1SignatureMethod
        let consumerKey: String
        let token: String?
        let timestamp: Int?
        let nonce: String?
        let body: [UInt8]
        let isFormEncoded: Bool

        init(
            method: String, url: URL, authorizationHeader: String?, contentType: String?, body: [UInt8], placement: ParameterPlacement
        ) throws(OAuth1Error) {
            let parts = try OAuth1URLParts(url)
            self.method = method
            self.url = url
            self.body = body
            self.parts = parts
            isFormEncoded = contentType.map(MediaType.isFormURLEncoded) ?? false
            let received = try Received(authorizationHeader: authorizationHeader, parts: parts, formBody: isFormEncoded ? body : nil, contentType: contentType)
            realm = received.realm

            let (places, fields) = try received.protocolPlaces(placement: placement)
            let protocolParameters = received.parameters.selecting { add in
                for (range, _) in places {
                    for index in range where received.parameters.isProtocolParameter(index) { add(index) }
                }
            }
            // The header's names were all found different as it was parsed; a name repeated in
            // the query or the body, or sent in two places, is refused.
            if places.count > 1 || places[0].1 != .authorizationHeader, let repeated = protocolParameters.firstRepeatedName() {
                throw OAuth1Error(code: .duplicateParameter, message: "'\(repeated)' is given more than once; send each protocol parameter once")
            }
            self.protocolBytes = protocolParameters
            self.protocolParameterLocations = places.map { $0.1 }

            consumerKey = try fields.required(fields.consumerKey, "oauth_consumer_key")
            signatureMethod = try fields.signatureMethod()
            signature = try fields.required(fields.signature, "oauth_signature")
            try fields.checkVersion()
            token = fields.token
            nonce = fields.nonce
            timestamp = try fields.checkedTimestamp(for: signatureMethod)
            if isFormEncoded, fields.hasBodyHash {
                throw OAuth1Error(code: .bodyHashNotAllowed, message: "oauth_body_hash must not be sent with a form-encoded body; its fields are signed directly")
            }

            signatureBytes = received.signatureParameters()
            baseStringBytes = OAuth1Canonicalization.baseStringBytes(method: method, url: parts, parameters: signatureBytes).bytes
        }

        /// `oauth_timestamp`'s value as seconds: 1 to 19 ASCII digits that fit an `Int`, else `nil`.
        static func seconds(_ digits: UnsafeBufferPointer<UInt8>) -> Int? {
            guard (1...19).contains(digits.count) else { return nil }
            var seconds = 0
            for byte in digits {
                let digit = byte &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                let (tens, overflow) = seconds.multipliedReportingOverflow(by: 10)
                let (sum, carry) = tens.addingReportingOverflow(Int(digit))
                guard !overflow, !carry else { return nil }
                seconds = sum
            }
            return seconds
        }

        /// Whether the header's scheme (after any spaces) is `OAuth`, in any case.
        static func hasOAuthScheme(_ header: String) -> Bool {
            var header = header
            return header.withUTF8 { bytes in
                let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
                let start = bytes.firstIndex { !isSpace($0) } ?? bytes.count
                let scheme: StaticString = "oauth"
                let end = start + scheme.utf8CodeUnitCount
                guard end <= bytes.count, end == bytes.count || isSpace(bytes[end]) else { return false }
                return (0..<scheme.utf8CodeUnitCount).allSatisfy { bytes[start + $0] | 0x20 == scheme.utf8Start[$0] }
            }
        }
    }
}
