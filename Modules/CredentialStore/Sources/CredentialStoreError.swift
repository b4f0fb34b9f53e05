public import SigningCore

/// The one error type of ``CredentialStore``: what went wrong, with which item, and what to do.
///
/// Switch on ``code`` (errors compare by code only, see `SignedAPIError`); show
/// ``message`` to a person. Messages name the service, account and file involved but never
/// contain a credential, a token, a secret or any byte read from a stored item.
public struct CredentialStoreError: SignedAPIError {
    /// What kind of failure this is. An open set of static values, so new codes can be added
    /// without breaking callers that switch with a `default` branch.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as printed.
        public let description: String
        private init(_ description: String) { self.description = description }

        /// A service or account name that is empty, too long, or holds a path separator, a NUL
        /// or another control character. Nothing was read or written.
        public static let invalidName = Code("invalid name")
        /// The encoded credential exceeds the store's size limit. Nothing was written.
        public static let credentialTooLarge = Code("credential too large")
        /// The credential value could not be encoded. Nothing was written.
        public static let encodingFailed = Code("encoding failed")
        /// The stored item is intact but does not decode as the requested type (a different
        /// type was saved under this service and account, or the type changed shape).
        public static let decodingFailed = Code("decoding failed")
        /// A stored item is damaged: empty, truncated, not in the store's format, or failing its
        /// checksum. The store never replaces it on its own; remove it and authorise again.
        public static let corruptItem = Code("corrupt item")
        /// A stored item was written in a format version this release does not know (by a newer
        /// release of the SDK). It was left untouched.
        public static let unsupportedFormatVersion = Code("unsupported format version")
        /// A file or directory of the store is readable or writable by others, owned by another
        /// user, or is a symbolic link: the secret may have been exposed.
        public static let insecurePermissions = Code("insecure permissions")
        /// The operating system refused a file operation (disk full, read-only volume, …);
        /// ``CredentialStoreError/systemCode`` holds the `errno`.
        public static let fileSystemFailure = Code("file system failure")
        /// Another process held the store's lock for longer than the configured timeout.
        public static let lockTimeout = Code("lock timeout")
        /// The keychain cannot be used right now (device locked, no user interaction allowed);
        /// retry after the user unlocks the device.
        public static let keychainUnavailable = Code("keychain unavailable")
        /// A keychain call failed; ``CredentialStoreError/systemCode`` holds the `OSStatus`.
        public static let keychainFailure = Code("keychain failure")
        /// The task was cancelled while waiting; nothing was changed.
        public static let cancelled = Code("cancelled")
    }

    /// The kind of failure.
    public let code: Code
    /// A sentence a person can act on. Never contains secret material.
    public let message: String
    /// The operating system's code for the failure when there is one: an `errno` value for
    /// ``Code/fileSystemFailure`` and ``Code/insecurePermissions``, an `OSStatus` for the
    /// keychain codes.
    public let systemCode: Int32?
    /// The underlying error, when there is one and it cannot carry a secret (file-system
    /// errors; never a coding error, which may quote a value).
    public let cause: (any Error)?

    /// Creates an error. Library code uses this too; it is public so that tests and other
    /// ``CredentialStore`` implementations can build values of the same type.
    public init(code: Code, message: String, systemCode: Int32? = nil, cause: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.systemCode = systemCode
        self.cause = cause
    }

    public var description: String {
        if let systemCode { return "\(code): \(message) (system code \(systemCode))" }
        return "\(code): \(message)"
    }
}
