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

            // Every parameter received, decoded into one buffer: the header's, the query's, the
            // form body's (in that order, so the header's errors come first).
            var received = OAuth1DecodedParameters()
            // Room for all of them at once (decoding never lengthens), so that no part grows it.
            received.reserveCapacity(
                byteCount: (authorizationHeader?.utf8.count ?? 0) + parts.queryByteCount + (contentType == nil ? 0 : body.count)
            )
            var realm: String?
            if let authorizationHeader, Self.hasOAuthScheme(authorizationHeader) {
                realm = try OAuth1AuthorizationHeader.parse(authorizationHeader, into: &received)
            }
            self.realm = realm
            let header = 0..<received.count
            try parts.withQueryBytes { query throws(OAuth1Error) in
                guard let query else { return }
                do throws(SigningCoreError) {
                    try received.appendForm(text: query)
                } catch {
                    throw OAuth1Error(code: .invalidParameter, message: "the URL's query cannot be decoded: \(error.description)")
                }
            }
            let query = header.upperBound..<received.count
            isFormEncoded = contentType.map(MediaType.isFormURLEncoded) ?? false
            if isFormEncoded {
                do throws(SigningCoreError) {
                    try received.appendForm(utf8: body)
                } catch where error.code == .invalidUTF8 && String(validating: body, as: UTF8.self) == nil {
                    throw OAuth1Error(code: .invalidParameter, message: "the form body is not valid UTF-8; percent-encode non-ASCII text")
                } catch {
                    throw OAuth1Error(code: .invalidParameter, message: "the form body cannot be decoded: \(error.description)")
                }
            }
            let form = query.upperBound..<received.count

            // The protocol parameters, and where they came from: exactly one place (§3.5), or, for a
            // service that accepts it, several. One pass over them picks out the ones this type reads.
            var consumerKey: String?, methodName: String?, signature: String?, version: String?, token: String?, nonce: String?
            var hasTimestamp = false, seconds: Int?, hasBodyHash = false
            /// Reads the protocol parameters of `range`; whether there were any.
            func scan(_ range: Range<Int>) -> Bool {
                var found = false
                for index in range where received.isProtocolParameter(index) {
                    found = true
                    func value() -> String { received.value(index) }
                    if received.name(of: index, is: "oauth_consumer_key") {
                        consumerKey = value()
                    } else if received.name(of: index, is: "oauth_signature_method") {
                        methodName = value()
                    } else if received.name(of: index, is: "oauth_signature") {
                        signature = value()
                    } else if received.name(of: index, is: "oauth_version") {
                        version = value()
                    } else if received.name(of: index, is: "oauth_token") {
                        token = value()
                    } else if received.name(of: index, is: "oauth_nonce") {
                        nonce = value()
                    } else if received.name(of: index, is: "oauth_timestamp") {
                        hasTimestamp = true
                        seconds = received.withBytes(of: index) { _, value in Self.seconds(value) }
                    } else if received.name(of: index, is: "oauth_body_hash") {
                        hasBodyHash = true
                    }
                }
                return found
            }
            let places = [(header, ParameterLocation.authorizationHeader), (query, .query), (form, .formBody)].filter { scan($0.0) }
            guard !places.isEmpty else {
                throw OAuth1Error(code: .missingParameter, message: "the request carries no OAuth protocol parameters (no 'Authorization: OAuth' header and no oauth_* query or form fields)")
            }
            if places.count > 1, placement == .onePlace {
                throw OAuth1Error(
                    code: .parametersInSeveralLocations,
                    message: "oauth_* parameters arrived in \(places.map { $0.1.rawValue }.joined(separator: " and ")); RFC 5849 §3.5 allows exactly one place"
                )
            }
            let protocolParameters = received.selecting { add in
                for (range, _) in places {
                    for index in range where received.isProtocolParameter(index) { add(index) }
                }
            }
            // The header's names were all found different as it was parsed; a name repeated in
            // the query or the body, or sent in two places, is refused.
            if places.count > 1 || places[0].1 != .authorizationHeader, let repeated = protocolParameters.firstRepeatedName() {
                throw OAuth1Error(code: .duplicateParameter, message: "'\(repeated)' is given more than once; send each protocol parameter once")
            }
            self.protocolBytes = protocolParameters
            self.protocolParameterLocations = places.map { $0.1 }

            func missing(_ name: String) -> OAuth1Error {
                OAuth1Error(code: .missingParameter, message: "the request has no '\(name)'; every signed request must carry it")
            }
            func required(_ value: String?, _ name: String) throws(OAuth1Error) -> String {
                guard let value else { throw missing(name) }
                return value
            }
            self.consumerKey = try required(consumerKey, "oauth_consumer_key")
            let methodText = try required(methodName, "oauth_signature_method")
            guard let signatureMethod = OAuth1SignatureMethod(rawValue: methodText) else {
                throw OAuth1Error(
                    code: .unsupportedSignatureMethod,
                    message: "oauth_signature_method '\(methodText.prefix(40))' is not supported; use one of \(OAuth1SignatureMethod.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            self.signatureMethod = signatureMethod
            self.signature = try required(signature, "oauth_signature")
            if let version, version != "1.0" {
                throw OAuth1Error(code: .unsupportedVersion, message: "oauth_version must be '1.0' when present, not '\(version.prefix(20))'")
            }
            self.token = token
            self.nonce = nonce
            if hasTimestamp, seconds == nil {
                throw OAuth1Error(code: .invalidParameter, message: "oauth_timestamp must be a whole number of seconds since 1970")
            }
            timestamp = seconds
            if signatureMethod.requiresTimestampAndNonce {
                guard hasTimestamp else { throw missing("oauth_timestamp") }
                _ = try required(nonce, "oauth_nonce")
            }
            if isFormEncoded, hasBodyHash {
                throw OAuth1Error(code: .bodyHashNotAllowed, message: "oauth_body_hash must not be sent with a form-encoded body; its fields are signed directly")
            }

            // In the order the query, the header and the body give them (the base string sorts them).
            let signatureParameters = received.selecting { add in
                func addSigned(_ range: Range<Int>) {
                    for index in range where !received.name(of: index, is: "oauth_signature") { add(index) }
                }
                addSigned(query)
                addSigned(header)
                addSigned(form)
            }
            self.signatureBytes = signatureParameters
            self.parts = parts
            baseStringBytes = OAuth1Canonicalization.baseStringBytes(method: method, url: parts, parameters: signatureParameters).bytes
        }

        /// `oauth_timestamp`'s value as seconds: 1 to 19 ASCII digits that fit an `Int`, else `nil`.
        private static func seconds(_ digits: UnsafeBufferPointer<UInt8>) -> Int? {
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
        private static func hasOAuthScheme(_ header: String) -> Bool {
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
