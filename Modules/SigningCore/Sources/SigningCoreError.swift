/// The one error type of ``SigningCore``: what went wrong, where, and what to do about it.
///
/// Switch on ``code`` (it compares by code only, see `SignedAPIError`); show
/// ``message`` to a person. Messages never contain secret material, only the position and
/// the offending character class.
public struct SigningCoreError: SignedAPIError {
    /// What kind of failure this is. An open set of static values, so new codes can be added
    /// without breaking callers that switch with a `default` branch.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as printed.
        public let description: String
        private init(_ description: String) { self.description = description }

        /// Text that is not an even-length run of hexadecimal digits.
        public static let invalidHex = Code("invalid hex")
        /// Text that is not Base64 of the expected alphabet, padding or length.
        public static let invalidBase64 = Code("invalid Base64")
        /// A `%` not followed by two hexadecimal digits.
        public static let invalidPercentEncoding = Code("invalid percent-encoding")
        /// Decoded bytes that are not valid UTF-8.
        public static let invalidUTF8 = Code("invalid UTF-8")
    }

    /// The kind of failure.
    public let code: Code
    /// A sentence a person can act on.
    public let message: String
    /// The byte offset in the input where decoding failed, when there is one.
    public let offset: Int?

    /// Creates an error. Library code uses the static helpers; this is public so that tests
    /// and callers can build expected values.
    public init(code: Code, message: String, offset: Int? = nil) {
        self.code = code
        self.message = message
        self.offset = offset
    }

    public var description: String {
        if let offset { return "\(code) at byte \(offset): \(message)" }
        return "\(code): \(message)"
    }
}
