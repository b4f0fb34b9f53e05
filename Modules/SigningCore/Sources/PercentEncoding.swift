// Unsafe code here, and why: the encoders and decoders over `UnsafeBufferPointer` (`package`
// API) write straight into their caller's buffer and copy runs of unreserved bytes eight at a
// time, because every signer and verifier of the package encodes each parameter twice. The
// plain versions they must agree with are pinned in PercentEncodingTests ("append(encoding:)
// agrees with a byte-by-byte encoder", "append(decoding:) agrees with decodeBytes on 20000
// random inputs") and ByteWordTests.

/// Percent-encoding (RFC 3986 §2.1) with an explicit set of bytes left as they are.
///
/// OAuth 1.0a (RFC 5849 §3.6) requires exactly the unreserved set `A–Z a–z 0–9 - . _ ~`,
/// UTF-8, and uppercase hex. A looser table is a known source of failures: space, `+` and `*`
/// left unescaped make signatures fail "some of the time".
public enum PercentEncoding {
    /// A set of ASCII bytes that are written as themselves; every other byte is escaped.
    public struct AllowedSet: Sendable, Hashable {
        @usableFromInline var low: UInt64 = 0
        @usableFromInline var high: UInt64 = 0

        /// A set holding the ASCII characters of `characters`.
        public init(_ characters: StaticString) {
            characters.withUTF8Buffer { for byte in $0 { insert(byte) } }
        }

        private mutating func insert(_ byte: UInt8) {
            precondition(byte < 128, "only ASCII characters can be left unescaped")
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }

        /// Whether `byte` is written as itself.
        ///
        /// Without branches (the words are chosen by conditional moves): letters and digits,
        /// which alternate in keys, nonces and Base64, sit in different words, and a branch on
        /// the word mispredicted often in the encoder's loops.
        @inlinable @inline(__always)
        public func contains(_ byte: UInt8) -> Bool {
            let word = byte < 64 ? low : (byte < 128 ? high : 0)
            return word & (1 &<< UInt64(byte & 63)) != 0
        }

        /// RFC 3986 §2.3 unreserved characters: `A–Z a–z 0–9 - . _ ~`, as OAuth requires.
        public static let unreserved = AllowedSet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    }

    /// Percent-encodes the UTF-8 bytes of `text`, leaving the bytes in `allowed` as they are and
    /// writing every other byte as `%XX` with uppercase hex.
    public static func encode(_ text: some StringProtocol, allowing allowed: AllowedSet = .unreserved) -> String {
        encode(text, allowing: allowed, spaceAsPlus: false)
    }

    static func encode(_ text: some StringProtocol, allowing allowed: AllowedSet, spaceAsPlus: Bool) -> String {
        withContiguousUTF8(text) { input in
            let length = encodedLength(of: input, allowing: allowed, spaceAsPlus: spaceAsPlus)
            if length == input.count, !(spaceAsPlus && input.contains(UInt8(ascii: " "))) {
                return String(decoding: input, as: UTF8.self)
            }
            return String(unsafeUninitializedCapacity: length) { output in
                write(input, allowing: allowed, spaceAsPlus: spaceAsPlus, to: output, at: 0)
            }
        }
    }

    /// Appends the UTF-8 bytes of `text` percent-encoded to `output`, like ``encode(_:allowing:)``
    /// but without building a string: the entry point for code that assembles signature base
    /// strings and bodies in a byte buffer. Copies `text` whole when nothing needs escaping,
    /// else writes it in one pass into space appended at once.
    @inlinable
    public static func append(_ text: some StringProtocol, allowing allowed: AllowedSet = .unreserved, to output: inout [UInt8]) {
        withContiguousUTF8(text) { append(encoding: $0, allowing: allowed, to: &output) }
    }

    /// Appends `input` (UTF-8 bytes) percent-encoded to `output`; see ``append(_:allowing:to:)``.
    @inlinable
    package static func append(encoding input: UnsafeBufferPointer<UInt8>, allowing allowed: AllowedSet = .unreserved, to output: inout [UInt8]) {
        // A short input (a path, a secret, a signature) is encoded in one pass into a scratch
        // buffer on the stack and copied; a long one is measured first and written in place.
        guard input.count > 256 else {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 3 * input.count) { scratch in
                let written = write(input, allowing: allowed, spaceAsPlus: false, to: scratch, at: 0)
                output.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[..<written]))
            }
            return
        }
        let length = encodedLength(of: input, allowing: allowed, spaceAsPlus: false)
        guard length != input.count else {
            output.append(contentsOf: input)
            return
        }
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: length))
        output.withUnsafeMutableBufferPointer { buffer in
            _ = write(input, allowing: allowed, spaceAsPlus: false, to: buffer, at: start)
        }
    }

    /// Writes the UTF-8 bytes of `text` percent-encoded into `output` from `start` and returns
    /// where they end: ``append(_:allowing:to:)`` in one pass, without counting first, for code
    /// that sizes one buffer for many values (three bytes per UTF-8 byte is always enough).
    ///
    /// - Precondition: `output` has room for three bytes per UTF-8 byte of `text` from `start`.
    @inlinable
    package static func write(_ text: some StringProtocol, allowing allowed: AllowedSet = .unreserved, to output: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        withContiguousUTF8(text) { input in
            precondition(start >= 0 && output.count - start >= 3 * input.count, "the output has no room for the text encoded")
            return write(input, allowing: allowed, spaceAsPlus: false, to: output, at: start)
        }
    }

    /// Writes `input` (UTF-8 bytes) percent-encoded into `output` from `start` and returns where
    /// it ends: ``write(_:allowing:to:at:)`` for bytes already in memory, such as names and
    /// values decoded into one buffer.
    ///
    /// - Precondition: `output` has room for three bytes per byte of `input` from `start`.
    @inlinable
    package static func write(encoding input: UnsafeBufferPointer<UInt8>, allowing allowed: AllowedSet = .unreserved, to output: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        precondition(start >= 0 && output.count - start >= 3 * input.count, "the output has no room for the bytes encoded")
        return write(input, allowing: allowed, spaceAsPlus: false, to: output, at: start)
    }

    /// The length of `input` once encoded: one byte per allowed byte, three per escape.
    @inlinable
    static func encodedLength(of input: UnsafeBufferPointer<UInt8>, allowing allowed: AllowedSet, spaceAsPlus: Bool) -> Int {
        var escapes = 0
        for byte in input where !allowed.contains(byte) && !(spaceAsPlus && byte == UInt8(ascii: " ")) { escapes += 1 }
        return input.count + 2 * escapes
    }

    /// Writes `input` encoded into `output` from `start` (space for ``encodedLength(of:allowing:spaceAsPlus:)``
    /// bytes must be there) and returns where it ended: the one place `%XX` is written.
    @inlinable
    static func write(
        _ input: UnsafeBufferPointer<UInt8>, allowing allowed: AllowedSet, spaceAsPlus: Bool,
        to output: UnsafeMutableBufferPointer<UInt8>, at start: Int
    ) -> Int {
        var written = start
        var rest = input[...]
        if allowed == .unreserved, let source = input.baseAddress, let target = output.baseAddress {
            // OAuth's set, eight bytes at a time while they are all unreserved (keys, nonces,
            // names and most values are): copied as they are.
            let run = ByteWord.passingPrefix(of: input, from: 0, isUnreserved)
            UnsafeMutableRawPointer(target + written).copyMemory(from: source, byteCount: run)
            written &+= run
            rest = input[run...]
        }
        for byte in rest {
            if allowed.contains(byte) {
                output[written] = byte
                written &+= 1
            } else if spaceAsPlus && byte == UInt8(ascii: " ") {
                output[written] = UInt8(ascii: "+")
                written &+= 1
            } else {
                output[written] = UInt8(ascii: "%")
                output[written &+ 1] = hexDigit(byte >> 4)
                output[written &+ 2] = hexDigit(byte & 0x0F)
                written &+= 3
            }
        }
        return written
    }

    /// Whether all eight bytes of `word` are unreserved (`A–Z a–z 0–9 - . _ ~`), without a
    /// branch per byte: for ASCII bytes, `b + (0x80 - lo)` has its top bit set exactly when
    /// `b ≥ lo`, and `(0x80 + hi) - b` exactly when `b ≤ hi`, with no carry between bytes.
    @inlinable @inline(__always)
    static func isUnreserved(_ word: UInt64) -> Bool {
        let ones = ByteWord.repeating(1), highs = ByteWord.highBits
        guard !ByteWord.containsNonASCII(word) else { return false }
        func within(_ bytes: UInt64, _ low: UInt8, _ high: UInt8) -> UInt64 {
            (bytes &+ ones &* UInt64(0x80 - low)) & (ones &* (0x80 + UInt64(high)) &- bytes) & highs
        }
        let letters = within(word | ones &* 0x20, UInt8(ascii: "a"), UInt8(ascii: "z"))
        let digits = within(word, UInt8(ascii: "0"), UInt8(ascii: "9"))
        let marks = within(word, UInt8(ascii: "-"), UInt8(ascii: ".")) | within(word, UInt8(ascii: "_"), UInt8(ascii: "_"))
            | within(word, UInt8(ascii: "~"), UInt8(ascii: "~"))
        return letters | digits | marks == highs
    }

    /// The uppercase hexadecimal digit for `nibble` (0–15).
    @inlinable @inline(__always)
    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? nibble &+ UInt8(ascii: "0") : nibble &+ (UInt8(ascii: "A") &- 10)
    }

    /// Decodes `%XX` escapes strictly and requires the result to be UTF-8.
    ///
    /// - Parameters:
    ///   - text: the percent-encoded text.
    ///   - plusAsSpace: decode `+` as a space, as `application/x-www-form-urlencoded` does; off
    ///     by default (in a URI path or an OAuth header `+` is a literal plus).
    /// - Throws: ``SigningCoreError/Code/invalidPercentEncoding`` for a `%` not followed by two
    ///   hex digits (`%zz`, a truncated `%4`), ``SigningCoreError/Code/invalidUTF8`` when the
    ///   decoded bytes are not UTF-8; both with the byte offset in `text` where the problem
    ///   starts. Never returns replacement characters.
    public static func decode(_ text: some StringProtocol, plusAsSpace: Bool = false) throws(SigningCoreError) -> String {
        try withContiguousUTF8(text) { decode(utf8: $0, plusAsSpace: plusAsSpace) }.get()
    }

    /// ``decode(_:plusAsSpace:)`` over UTF-8 bytes already in memory, such as a header being
    /// parsed, without making a string of the escaped text first.
    package static func decode(_ utf8: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool = false) throws(SigningCoreError) -> String {
        try decode(utf8: utf8, plusAsSpace: plusAsSpace).get()
    }

    /// Decodes `%XX` escapes strictly to raw bytes (no UTF-8 requirement).
    public static func decodeBytes(_ text: some StringProtocol, plusAsSpace: Bool = false) throws(SigningCoreError) -> [UInt8] {
        try withContiguousUTF8(text) { decodeBytes(utf8: $0, plusAsSpace: plusAsSpace) }.get()
    }

    /// Appends the unescaped bytes of `input` to `output`: ``decodeBytes(_:plusAsSpace:)`` into a
    /// buffer the caller keeps, for code that decodes many names and values into one.
    ///
    /// - Throws: ``SigningCoreError/Code/invalidPercentEncoding`` as ``decodeBytes(_:plusAsSpace:)``
    ///   does, with the offset in `input`; `output` is then left as it was. The bytes are not
    ///   checked to be UTF-8.
    package static func append(decoding input: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool = false, to output: inout [UInt8]) throws(SigningCoreError) {
        // Text without escapes, most names and values, is copied whole.
        guard firstEscape(in: input, plusAsSpace: plusAsSpace) < input.count else {
            output.append(contentsOf: input)
            return
        }
        // A scratch buffer on the stack for the usual short value: the result is never longer.
        let unescaped = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: input.count) { scratch in
            unescape(input, into: scratch, plusAsSpace: plusAsSpace).map { output.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[..<$0])) }
        }
        if case .failure(let error) = unescaped { throw error }
    }

    /// The index of the first `%` in `input` (or `+`, when `plusAsSpace`), `input.count` when
    /// there is none: eight bytes at a time, as most names and values hold no escape.
    static func firstEscape(in input: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool) -> Int {
        var index = ByteWord.passingPrefix(of: input, from: 0) { word in
            !(ByteWord.contains(UInt8(ascii: "%"), in: word) || plusAsSpace && ByteWord.contains(UInt8(ascii: "+"), in: word))
        }
        while index < input.count && input[index] != UInt8(ascii: "%") && !(plusAsSpace && input[index] == UInt8(ascii: "+")) { index &+= 1 }
        return index
    }

    /// ``decode(_:plusAsSpace:)`` over UTF-8 bytes: unescapes straight into the result string
    /// (one allocation), and returns an escape-free input without copying it twice.
    static func decode(utf8 input: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool) -> Result<String, SigningCoreError> {
        if firstEscape(in: input, plusAsSpace: plusAsSpace) == input.count {
            // ASCII is valid UTF-8 as it is: no need for `String(validating:)`, which is generic
            // in the standard library and costs ~900 instructions a call (metadata look-ups).
            if input.allSatisfy({ $0 < 0x80 }) { return .success(String(decoding: input, as: UTF8.self)) }
            if let string = String(validating: input, as: UTF8.self) { return .success(string) }
        }
        var failure: SigningCoreError?
        let string = String(unsafeUninitializedCapacity: input.count) { output in
            switch unescape(input, into: output, plusAsSpace: plusAsSpace) {
            case .failure(let error):
                failure = error
                return 0
            case .success(let written):
                let decoded = UnsafeBufferPointer(rebasing: output[..<written])
                let invalid = firstInvalidUTF8Index(decoded)
                guard invalid == written else {
                    failure = SigningCoreError(
                        code: .invalidUTF8,
                        message: "the percent-decoded text is not valid UTF-8; encode text as UTF-8 before escaping it",
                        offset: inputOffset(ofDecodedIndex: invalid, in: input)
                    )
                    return 0
                }
                return written
            }
        }
        if let failure { return .failure(failure) }
        return .success(string)
    }

    /// ``decodeBytes(_:plusAsSpace:)`` over UTF-8 bytes.
    static func decodeBytes(utf8 input: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool) -> Result<[UInt8], SigningCoreError> {
        var failure: SigningCoreError?
        let output = [UInt8](unsafeUninitializedCapacity: input.count) { output, initialized in
            switch unescape(input, into: output, plusAsSpace: plusAsSpace) {
            case .success(let written): initialized = written
            case .failure(let error): failure = error; initialized = 0
            }
        }
        if let failure { return .failure(failure) }
        return .success(output)
    }

    /// Writes the unescaped bytes of `input` into `output` (at least `input.count` long) and
    /// returns how many it wrote: the one place `%XX` and `+` are decoded.
    private static func unescape(
        _ input: UnsafeBufferPointer<UInt8>,
        into output: UnsafeMutableBufferPointer<UInt8>,
        plusAsSpace: Bool
    ) -> Result<Int, SigningCoreError> {
        var read = 0
        var written = 0
        while read < input.count {
            let byte = input[read]
            if byte == UInt8(ascii: "%") {
                guard read + 2 < input.count,
                      let high = Hex.value(ofHexDigit: input[read + 1]),
                      let low = Hex.value(ofHexDigit: input[read + 2])
                else {
                    return .failure(badEscape(at: read))
                }
                output[written] = high << 4 | low
                read += 3
            } else {
                output[written] = plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte
                read += 1
            }
            written += 1
        }
        return .success(written)
    }

    /// The error for a `%` at `offset` that is not followed by two hexadecimal digits.
    private static func badEscape(at offset: Int) -> SigningCoreError {
        SigningCoreError(code: .invalidPercentEncoding, message: "'%' must be followed by two hexadecimal digits; write a literal '%' as %25", offset: offset)
    }

    /// The index in `bytes` where the first ill-formed UTF-8 sequence starts; `bytes.count`
    /// when all of it is well-formed.
    static func firstInvalidUTF8Index(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        if bytes.allSatisfy({ $0 < 0x80 }) { return bytes.count }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var index = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): index += scalar.count
            case .error, .emptyInput: return index
            }
        }
    }

    /// The offset in the escaped `input` of the byte that decoded to position `target`.
    private static func inputOffset(ofDecodedIndex target: Int, in input: UnsafeBufferPointer<UInt8>) -> Int {
        var offset = 0
        for _ in 0..<target {
            offset += input[offset] == UInt8(ascii: "%") ? 3 : 1
        }
        return offset
    }
}
