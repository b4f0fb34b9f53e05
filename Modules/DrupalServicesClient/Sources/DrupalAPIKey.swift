/// A Drupal Services API key and the domain it was registered for (Administer › Site building
/// › Services › Keys). The key is a secret: it never appears in `description`, dumps or errors.
public struct DrupalAPIKey: Sendable, Hashable {
    /// The key, a 32-hex-character string Drupal generated.
    public var key: String
    /// The domain the key was registered for (`*` when registered for any).
    public var domain: String

    /// Creates a key.
    public init(key: String, domain: String) {
        self.key = key
        self.domain = domain
    }
}

extension DrupalAPIKey: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "DrupalAPIKey(domain: \(domain), key: <redacted>)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["domain": domain, "key": "<redacted>"], displayStyle: .struct) }
}
