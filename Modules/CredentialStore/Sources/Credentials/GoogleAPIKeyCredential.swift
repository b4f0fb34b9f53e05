/// A Google API key, as the Books API takes it in its `key` query parameter.
///
/// `description`, `debugDescription` and its mirror hide the key.
public struct GoogleAPIKeyCredential: Codable, Hashable, Sendable {
    /// The API key.
    public var key: String

    /// Creates an API key credential.
    public init(key: String) {
        self.key = key
    }
}

extension GoogleAPIKeyCredential: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "GoogleAPIKeyCredential(key: \(Redaction.mask(key)))" }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: ["key": Redaction.mask(key)], displayStyle: .struct)
    }
}
