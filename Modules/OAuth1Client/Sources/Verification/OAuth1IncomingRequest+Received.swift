import Foundation
import SigningCore

extension OAuth1IncomingRequest.Storage {
    /// Every parameter a request carries, decoded into one buffer: the `Authorization` header's,
    /// the query's, the form body's, in that order (so the header's errors come first), and which
    /// indices came from where.
    struct Received {
        var parameters = OAuth1DecodedParameters()
        /// The header's `realm`, when it has one.
        var realm: String?
        var header = 0..<0
        var query = 0..<0
        var form = 0..<0

        /// Decodes the header (when its scheme is `OAuth`), the URL's query and `formBody` (a
        /// form-encoded body, `nil` for any other).
        init(authorizationHeader: String?, parts: OAuth1URLParts, formBody: [UInt8]?, contentType: String?) throws(OAuth1Error) {
            // Room for all of them at once (decoding never lengthens), so that no part grows it.
            parameters.reserveCapacity(
                byteCount: (authorizationHeader?.utf8.count ?? 0) + parts.queryByteCount + (contentType == nil ? 0 : formBody?.count ?? 0)
            )
            if let authorizationHeader, OAuth1IncomingRequest.Storage.hasOAuthScheme(authorizationHeader) {
                realm = try OAuth1AuthorizationHeader.parse(authorizationHeader, into: &parameters)
            }
            header = 0..<parameters.count
            try parts.withQueryBytes { query throws(OAuth1Error) in
                guard let query else { return }
                do throws(SigningCoreError) {
                    try parameters.appendForm(text: query)
                } catch {
                    throw OAuth1Error(code: .invalidParameter, message: "the URL's query cannot be decoded: \(error.description)")
                }
            }
            query = header.upperBound..<parameters.count
            if let formBody {
                do throws(SigningCoreError) {
                    try parameters.appendForm(utf8: formBody)
                } catch where error.code == .invalidUTF8 && String(validating: formBody, as: UTF8.self) == nil {
                    throw OAuth1Error(code: .invalidParameter, message: "the form body is not valid UTF-8; percent-encode non-ASCII text")
                } catch {
                    throw OAuth1Error(code: .invalidParameter, message: "the form body cannot be decoded: \(error.description)")
                }
            }
            form = query.upperBound..<parameters.count
        }

        /// Where the protocol parameters came from and what they say: exactly one place (§3.5),
        /// or, for a service that accepts it, several.
        func protocolPlaces(placement: OAuth1IncomingRequest.ParameterPlacement) throws(OAuth1Error)
            -> ([(Range<Int>, OAuth1IncomingRequest.ParameterLocation)], ProtocolFields)
        {
            var fields = ProtocolFields()
            let places = [(header, OAuth1IncomingRequest.ParameterLocation.authorizationHeader), (query, .query), (form, .formBody)]
                .filter { fields.read(parameters, $0.0) }
            guard !places.isEmpty else {
                throw OAuth1Error(code: .missingParameter, message: "the request carries no OAuth protocol parameters (no 'Authorization: OAuth' header and no oauth_* query or form fields)")
            }
            if places.count > 1, placement == .onePlace {
                throw OAuth1Error(
                    code: .parametersInSeveralLocations,
                    message: "oauth_* parameters arrived in \(places.map { $0.1.rawValue }.joined(separator: " and ")); RFC 5849 §3.5 allows exactly one place"
                )
            }
            return (places, fields)
        }

        /// The parameters the signature covers (all but `oauth_signature`), in the order the
        /// query, the header and the body give them (the base string sorts them).
        func signatureParameters() -> OAuth1DecodedParameters {
            parameters.selecting { add in
                for range in [query, header, form] {
                    for index in range where !parameters.name(of: index, is: "oauth_signature") { add(index) }
                }
            }
        }
    }

    /// The protocol parameters this type reads, picked out in one pass.
    struct ProtocolFields {
        var consumerKey: String?, methodName: String?, signature: String?, version: String?, token: String?, nonce: String?
        var hasTimestamp = false, seconds: Int?, hasBodyHash = false

        /// Reads the protocol parameters among `parameters`' indices `range`; whether there were any.
        mutating func read(_ parameters: OAuth1DecodedParameters, _ range: Range<Int>) -> Bool {
            var found = false
            for index in range where parameters.isProtocolParameter(index) {
                found = true
                if parameters.name(of: index, is: "oauth_consumer_key") {
                    consumerKey = parameters.value(index)
                } else if parameters.name(of: index, is: "oauth_signature_method") {
                    methodName = parameters.value(index)
                } else if parameters.name(of: index, is: "oauth_signature") {
                    signature = parameters.value(index)
                } else if parameters.name(of: index, is: "oauth_version") {
                    version = parameters.value(index)
                } else if parameters.name(of: index, is: "oauth_token") {
                    token = parameters.value(index)
                } else if parameters.name(of: index, is: "oauth_nonce") {
                    nonce = parameters.value(index)
                } else if parameters.name(of: index, is: "oauth_timestamp") {
                    hasTimestamp = true
                    seconds = parameters.withBytes(of: index) { _, value in OAuth1IncomingRequest.Storage.seconds(value) }
                } else if parameters.name(of: index, is: "oauth_body_hash") {
                    hasBodyHash = true
                }
            }
            return found
        }

        /// `value`, or the refusal of a request without parameter `name`.
        func required(_ value: String?, _ name: String) throws(OAuth1Error) -> String {
            guard let value else { throw Self.missing(name) }
            return value
        }

        /// The signature method named, refused when missing or unknown.
        func signatureMethod() throws(OAuth1Error) -> OAuth1SignatureMethod {
            let methodText = try required(methodName, "oauth_signature_method")
            guard let method = OAuth1SignatureMethod(rawValue: methodText) else {
                throw OAuth1Error(
                    code: .unsupportedSignatureMethod,
                    message: "oauth_signature_method '\(methodText.prefix(40))' is not supported; use one of \(OAuth1SignatureMethod.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            return method
        }

        /// Refuses an `oauth_version` other than `1.0` (it may be absent).
        func checkVersion() throws(OAuth1Error) {
            if let version, version != "1.0" {
                throw OAuth1Error(code: .unsupportedVersion, message: "oauth_version must be '1.0' when present, not '\(version.prefix(20))'")
            }
        }

        /// `oauth_timestamp` in seconds (`nil` when absent and `method` does not need it);
        /// a method that needs a timestamp needs a nonce too.
        func checkedTimestamp(for method: OAuth1SignatureMethod) throws(OAuth1Error) -> Int? {
            if hasTimestamp, seconds == nil {
                throw OAuth1Error(code: .invalidParameter, message: "oauth_timestamp must be a whole number of seconds since 1970")
            }
            if method.requiresTimestampAndNonce {
                guard hasTimestamp else { throw Self.missing("oauth_timestamp") }
                _ = try required(nonce, "oauth_nonce")
            }
            return seconds
        }

        private static func missing(_ name: String) -> OAuth1Error {
            OAuth1Error(code: .missingParameter, message: "the request has no '\(name)'; every signed request must carry it")
        }
    }
}
