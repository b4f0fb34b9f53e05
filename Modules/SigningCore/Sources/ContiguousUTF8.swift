/// Calls `body` with the UTF-8 bytes of `text` in contiguous memory: in place for native
/// strings and substrings, through one copy otherwise (e.g. a bridged `NSString`).
///
/// The decoders work on these buffers so that each makes a single pass over its input with no
/// per-byte generic calls, in debug builds as well as release.
@inlinable @inline(__always)
func withContiguousUTF8<R>(_ text: some StringProtocol, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
    return Array(text.utf8).withUnsafeBufferPointer(body)
}
