// Unsafe code here, and why: the header is parsed from its UTF-8 bytes straight into the
// verifier's decoded buffer, because it is read on every request. Pinned by
// OAuth1AuthorizationHeaderTests (round trips with the serialiser, every malformed shape its
// error), OAuthlibPeerTests (headers written by oauthlib) and the fuzz-oauth1-header target.

public import SigningCore

/// The `Authorization: OAuth …` header (RFC 5849 §3.5.1): parsing and serialisation.
///
/// ```
/// OAuth realm="Photos", oauth_consumer_key="dpf43f3p2l4k3l03", oauth_signature="tR3%2BTy81lMeYAr%2FFid0kMTYa%2FWM%3D", …
/// ```
public enum OAuth1AuthorizationHeader {
    /// The longest header value ``parse(_:)`` accepts (64 KiB); longer input is refused
    /// before any work is done on it.
    public static let maximumLength = 65_536

    /// Parses an `Authorization` header value strictly.
    ///
    /// The scheme `OAuth` is matched case-insensitively; then comes a comma-separated list of
    /// `name="value"` pairs (spaces and tabs allowed around the commas). Names and values are
    /// percent-decoded (§3.6, `+` stays a plus). `realm` is returned apart, never among the
    /// parameters, so it can never reach the base string.
    ///
    /// - Returns: the realm, when present, and the other parameters in order.
    /// - Throws: ``OAuth1Error/Code/invalidAuthorizationHeader`` for an empty or oversized
    ///   value, another scheme, an unquoted or unterminated value, a quote or backslash or
    ///   control character inside a value, an empty element, a bad name or bad
    ///   percent-encoding; ``OAuth1Error/Code/duplicateParameter`` for a name given twice.
    public static func parse(_ value: String) throws(OAuth1Error) -> (realm: String?, parameters: [FormField]) {
        var parameters = OAuth1DecodedParameters()
        let realm = try parse(value, into: &parameters)
        return (realm, parameters.fields)
    }

    /// ``parse(_:)`` adding the parameters to `parameters` as bytes, as ``OAuth1IncomingRequest``
    /// reads them; returns the realm. On error `parameters` may hold some of the header's.
    static func parse(_ value: String, into parameters: inout OAuth1DecodedParameters) throws(OAuth1Error) -> String? {
        let count = value.utf8.count
        guard count <= maximumLength else {
            throw failure("the header is \(count) bytes long, more than the \(maximumLength) accepted")
        }
        var value = value
        return try value.withUTF8 { input in Result { () throws(OAuth1Error) in try parse(input, into: &parameters) } }.get()
    }

    private static func parse(_ input: UnsafeBufferPointer<UInt8>, into parameters: inout OAuth1DecodedParameters) throws(OAuth1Error) -> String? {
        var position = 0
        let count = input.count
        func skipSpaces() {
            while position < count, input[position] == UInt8(ascii: " ") || input[position] == UInt8(ascii: "\t") { position += 1 }
        }
        skipSpaces()
        let scheme: StaticString = "oauth"
        guard count - position >= scheme.utf8CodeUnitCount,
              scheme.withUTF8Buffer({ scheme in scheme.indices.allSatisfy { input[position + $0] | 0x20 == scheme[$0] } })
        else {
            throw failure(count == 0 ? "the header is empty; expected 'OAuth name=\"value\", …'" : "the header does not start with the scheme 'OAuth'")
        }
        position += scheme.utf8CodeUnitCount
        if position < count, input[position] != UInt8(ascii: " "), input[position] != UInt8(ascii: "\t") {
            throw failure("the scheme 'OAuth' must be followed by a space")
        }
        skipSpaces()
        var realm: String?
        var realmCount = 0
        let first = parameters.count
        parameters.reserveCapacity(forDecoding: input)
        let tokenBytes = tokenBytes
        while position < count {
            let nameStart = position
            while position < count, tokenBytes.contains(input[position]) { position += 1 }
            guard position > nameStart else {
                throw failure(input[position] == UInt8(ascii: ",")
                    ? "empty element at byte \(position); remove the extra ','"
                    : "expected a parameter name at byte \(position)")
            }
            let nameEnd = position
            // The name as sent, for messages only.
            var rawName: String { String(decoding: input[nameStart..<nameEnd], as: UTF8.self) }
            guard position < count, input[position] == UInt8(ascii: "=") else {
                throw failure("parameter '\(printable(rawName))' must be followed by '=' at byte \(position)")
            }
            position += 1
            guard position < count, input[position] == UInt8(ascii: "\"") else {
                throw failure("the value of '\(printable(rawName))' must be in double quotes (byte \(position))")
            }
            position += 1
            let valueStart = position
            position = Self.endOfPlainBytes(in: input, from: position)
            while position < count, input[position] != UInt8(ascii: "\"") {
                let byte = input[position]
                guard byte >= 0x20, byte != 0x7F, byte != UInt8(ascii: "\\") else {
                    throw failure("the value of '\(printable(rawName))' holds a control character or backslash at byte \(position); values must be percent-encoded")
                }
                position += 1
            }
            guard position < count else {
                throw failure("the value of '\(printable(rawName))' has no closing double quote; the header is truncated")
            }
            let valueEnd = position
            position += 1
            // Straight from the header's bytes into the parameters' buffer.
            let name = UnsafeBufferPointer(rebasing: input[nameStart..<nameEnd])
            let value = UnsafeBufferPointer(rebasing: input[valueStart..<valueEnd])
            guard parameters.appendDecoding(name: name, value: value, plusAsSpace: false) else {
                // A bad escape or text that is not UTF-8: SigningCore's decoder names which.
                do throws(SigningCoreError) {
                    _ = try PercentEncoding.decode(name)
                    _ = try PercentEncoding.decode(value)
                } catch {
                    throw failure("parameter '\(printable(rawName))': \(error.message)")
                }
                throw failure("parameter '\(printable(rawName))' cannot be decoded")
            }
            if parameters.name(of: parameters.count - 1, is: "realm") {
                realmCount += 1
                realm = parameters.removeLast().value
            }
            skipSpaces()
            if position < count {
                guard input[position] == UInt8(ascii: ",") else {
                    throw failure("expected ',' between parameters at byte \(position)")
                }
                position += 1
                skipSpaces()
                guard position < count else { throw failure("the header ends with ','; remove it or add the missing parameter") }
            }
        }
        if let repeated = realmCount > 1 ? "realm" : parameters.firstRepeatedName(among: first..<parameters.count) {
            throw OAuth1Error(code: .duplicateParameter, message: "the header gives '\(printable(repeated))' more than once; send each parameter once")
        }
        return realm
    }

    /// Serialises the header value: `OAuth realm="…", name="value", …` with names and values
    /// percent-encoded (§3.6) in the order given, separated by `, `.
    ///
    /// The realm is written as it is (oauthlib and most providers expect it unescaped) except
    /// for `"`, `\`, `%` and bytes outside printable ASCII, which are percent-encoded so the
    /// header stays well-formed and ``parse(_:)`` reads it back unchanged.
    public static func serialize(realm: String? = nil, parameters: [FormField]) -> String {
        var capacity = 16
        for parameter in parameters { capacity += (parameter.name.utf8.count + parameter.value.utf8.count) * 3 / 2 + 5 }
        var output = opening(realm: realm, capacity: capacity)
        for parameter in parameters {
            appendSeparator(to: &output)
            PercentEncoding.append(parameter.name, to: &output)
            output.append(UInt8(ascii: "="))
            output.append(UInt8(ascii: "\""))
            PercentEncoding.append(parameter.value, to: &output)
            output.append(UInt8(ascii: "\""))
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// ``serialize(realm:parameters:)`` for the signer, the same bytes: the protocol parameters,
    /// the first `count` parameters of `encoded`, copied as they were encoded for the base string
    /// instead of encoded a second time, then `oauth_signature`.
    static func serialize(realm: String?, encoded: OAuth1Canonicalization.SortedParameters, count: Int, signature: String) -> String {
        var capacity = 64 + 3 * signature.utf8.count
        encoded.forEachEncoded(first: count) { name, value in capacity += name.count + value.count + 5 }
        var output = opening(realm: realm, capacity: capacity)
        encoded.forEachEncoded(first: count) { name, value in
            if output.count > 6 { output.append(contentsOf: ", ".utf8) }
            output.append(contentsOf: name)
            output.append(contentsOf: "=\"".utf8)
            output.append(contentsOf: value)
            output.append(UInt8(ascii: "\""))
        }
        if output.count > 6 { output.append(contentsOf: ", ".utf8) }
        output.append(contentsOf: "oauth_signature=\"".utf8)
        PercentEncoding.append(signature, to: &output)
        output.append(UInt8(ascii: "\""))
        return String(decoding: output, as: UTF8.self)
    }

    /// `OAuth ` and the realm, when there is one: how every header value starts.
    private static func opening(realm: String?, capacity: Int) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(capacity)
        output.append(contentsOf: "OAuth ".utf8)
        if let realm { output.append(contentsOf: realmElement(realm).utf8) }
        return output
    }

    /// `realm="…"`, the realm written as ``serialize(realm:parameters:)`` describes.
    private static func realmElement(_ realm: String) -> String {
        "realm=\"" + PercentEncoding.encode(realm, allowing: realmCharacters) + "\""
    }

    /// `, ` before every element but the first (anything after `OAuth ` is an element).
    private static func appendSeparator(to output: inout [UInt8]) {
        guard output.count > "OAuth ".utf8.count else { return }
        output.append(UInt8(ascii: ","))
        output.append(UInt8(ascii: " "))
    }

    /// Printable ASCII except `"`, `\` and `%`.
    private static let realmCharacters = PercentEncoding.AllowedSet(
        " !#$&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{|}~"
    )

    /// RFC 7230 `tchar`, plus `%` so that percent-encoded names are read whole.
    private static let tokenBytes = PercentEncoding.AllowedSet(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-.^_`|~"
    )

    /// Where the run of bytes from `start` that a quoted value may hold as they are ends:
    /// the first `"`, `\`, control character or DEL, or a few bytes before it (the caller
    /// reads the rest byte by byte). Eight bytes at a time, as values are most of a header.
    private static func endOfPlainBytes(in input: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        start + ByteWord.passingPrefix(of: input, from: start) { word in
            !(ByteWord.contains(UInt8(ascii: "\""), in: word) || ByteWord.contains(UInt8(ascii: "\\"), in: word)
                || ByteWord.contains(0x7F, in: word) || ByteWord.containsByte(below: 0x20, in: word))
        }
    }

    /// A name shortened and stripped of anything unprintable, for error messages.
    private static func printable(_ name: String) -> String {
        let cleaned = String(name.unicodeScalars.prefix(40).map { $0.isASCII && $0.value >= 0x20 && $0.value != 0x7F ? Character($0) : "?" })
        return name.unicodeScalars.count > 40 ? cleaned + "…" : cleaned
    }

    private static func failure(_ message: String) -> OAuth1Error {
        OAuth1Error(code: .invalidAuthorizationHeader, message: message)
    }
}
