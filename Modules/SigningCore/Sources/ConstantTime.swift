/// Comparison whose running time does not depend on where two byte strings differ, for
/// checking signatures and MACs without leaking how much of a forgery was right.
public enum ConstantTime {
    /// Whether `lhs` and `rhs` hold the same bytes. Time depends only on the lengths (which
    /// are not secret: every signature of a scheme has the same length); unequal lengths
    /// return `false` at once.
    @inlinable
    public static func isEqual(_ lhs: some Collection<UInt8>, _ rhs: some Collection<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(lhs, rhs) { difference |= left ^ right }
        return difference == 0
    }

    /// Whether two strings have the same UTF-8 bytes, in constant time for equal lengths.
    @inlinable
    public static func isEqual(_ lhs: some StringProtocol, _ rhs: some StringProtocol) -> Bool {
        isEqual(lhs.utf8, rhs.utf8)
    }
}
