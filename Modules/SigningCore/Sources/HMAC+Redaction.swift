/// An HMAC value holds hash states derived from its key: printing or dumping it shows only the
/// algorithm, never those states.
extension HMAC: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "HMAC<\(Hash.self)>(key: <redacted>)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["key": "<redacted>"], displayStyle: .struct) }
}
