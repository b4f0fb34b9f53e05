/// Comparison whose running time does not depend on where two byte strings differ, for
/// checking signatures and MACs without leaking how much of a forgery was right.
public enum ConstantTime {
    /// Whether `lhs` and `rhs` hold the same bytes. Time depends only on the lengths (which
    /// are not secret: every signature of a scheme has the same length); unequal lengths
    /// return `false` at once.
    @inlinable
    public static func isEqual(_ lhs: some Collection<UInt8>, _ rhs: some Collection<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        // Two pointers when both are contiguous (arrays, native strings' UTF-8): a zip of two
        // generic iterators costs several times more per byte.
        let contiguous = lhs.withContiguousStorageIfAvailable { left in
            rhs.withContiguousStorageIfAvailable { right in isEqual(buffer: left, right) }
        }
        if let contiguous, let result = contiguous { return result }
        var difference: UInt8 = 0
        for (left, right) in zip(lhs, rhs) { difference |= left ^ right }
        return difference == 0
    }

    /// Whether two strings have the same UTF-8 bytes, in constant time for equal lengths.
    @inlinable
    public static func isEqual(_ lhs: some StringProtocol, _ rhs: some StringProtocol) -> Bool {
        withContiguousUTF8(lhs) { left in withContiguousUTF8(rhs) { right in left.count == right.count && isEqual(buffer: left, right) } }
    }

    /// Whether two buffers of the same length hold the same bytes, looking at every byte.
    @inlinable
    static func isEqual(buffer lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        var difference: UInt8 = 0
        for index in 0..<min(lhs.count, rhs.count) { difference |= lhs[index] ^ rhs[index] }
        return difference == 0
    }
}
