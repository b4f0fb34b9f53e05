/// Which `oauth_callback` values the request-token endpoint takes (RFC 5849 §2.1: "an
/// absolute URI", or `oob`), and, when the application registered callbacks, which of them.
///
/// Any absolute URI (RFC 3986 §4.3: a scheme, `:`, then URI characters, no fragment) is
/// accepted — `https://app.example/cb`, `myapp://oauth`, `com.example.app:/cb` — so native
/// apps can receive the redirect on their custom scheme. With registered callbacks, the
/// callback without its query must equal one of them exactly: Twitter's rule (the query is the
/// client's own, so it is not part of the match, and registered callbacks never carry one).
/// `oob` is always accepted (PIN-based authorisation needs no registration).
struct OAuth1CallbackPolicy: Sendable {
    /// The out-of-band value: the user copies the verifier (a PIN) by hand.
    static let outOfBand = "oob"
    /// The longest callback accepted, in bytes: its redirect has to fit in a `Location` header.
    static let maximumLength = 4096

    /// The application's registered callbacks; empty accepts any absolute URI.
    let registeredCallbacks: [String]

    /// Throws unless `callback` may be used with this application.
    func check(_ callback: String) throws(OAuth1MockError) {
        guard callback != Self.outOfBand else { return }
        guard callback.utf8.count <= Self.maximumLength else {
            throw OAuth1MockError(
                code: .malformedRequest,
                message: "oauth_callback is \(callback.utf8.count) bytes; the mock takes at most \(Self.maximumLength), so that the redirect fits in a Location header"
            )
        }
        guard Self.isAbsoluteURI(callback) else {
            throw OAuth1MockError(
                code: .malformedRequest,
                message: "oauth_callback must be an absolute URI or 'oob' (a scheme, ':', then percent-encoded URI characters and no '#fragment', e.g. myapp://oauth or https://app.example/callback)"
            )
        }
        guard !registeredCallbacks.isEmpty else { return }
        let withoutQuery = callback.prefix { $0 != "?" }
        guard registeredCallbacks.contains(where: { $0 == withoutQuery }) else {
            throw OAuth1MockError(
                code: .callbackNotApproved,
                message: "oauth_callback \(callback.prefix(200)) is not a registered callback of this application; "
                    + "the registered ones are \(registeredCallbacks.joined(separator: ", ")) (a callback may add a query to one of them, or send 'oob')"
            )
        }
    }

    /// Whether `text` is an absolute URI (RFC 3986 §4.3, `absolute-URI`), checked character by
    /// character: `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"`, then only unreserved,
    /// reserved (except `#`) and `%XX` — so no space, control character, CR or LF, and no
    /// fragment. Grammar past the characters (authority, path) is not checked: real providers
    /// compare callbacks as text.
    static func isAbsoluteURI(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, isAlpha(bytes[0]),
              bytes[1..<colon].allSatisfy({ isAlpha($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") })
        else { return false }
        var index = colon + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else { return false }
                index += 3
                continue
            }
            guard isAlpha(byte) || isDigit(byte) || allowedMarks.contains(byte) else { return false }
            index += 1
        }
        return true
    }

    /// Unreserved marks, gen-delims but `#`, and sub-delims (RFC 3986 §2.2, §2.3).
    private static let allowedMarks = Set("-._~:/?[]@!$&'()*+,;=".utf8)

    private static func isAlpha(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }
}
