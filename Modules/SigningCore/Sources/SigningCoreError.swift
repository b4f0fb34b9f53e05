/// The one error type of ``SigningCore``: what went wrong, where, and what to do about it.
///
/// Switch on ``code`` (it compares by code only, like NIO's `FileSystemError`); show
/// ``message`` to a person. Messages never contain secret material, only the position and
/// the offending character class.
public struct SigningCoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure this is. An open set of static values, so new codes can be added
    /// without breaking callers that switch with a `default` branch.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case invalidHex
            case invalidBase64
            case invalidPercentEncoding
            case invalidUTF8
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// Text that is not an even-length run of hexadecimal digits.
        public static let invalidHex = Code(.invalidHex)
        /// Text that is not Base64 of the expected alphabet, padding or length.
        public static let invalidBase64 = Code(.invalidBase64)
        /// A `%` not followed by two hexadecimal digits.
        public static let invalidPercentEncoding = Code(.invalidPercentEncoding)
        /// Decoded bytes that are not valid UTF-8.
        public static let invalidUTF8 = Code(.invalidUTF8)

        public var description: String {
            switch base {
            case .invalidHex: "invalid hex"
            case .invalidBase64: "invalid Base64"
            case .invalidPercentEncoding: "invalid percent-encoding"
            case .invalidUTF8: "invalid UTF-8"
            }
        }
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

    public static func == (lhs: SigningCoreError, rhs: SigningCoreError) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
