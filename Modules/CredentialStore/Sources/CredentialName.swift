/// The rules every ``CredentialStore`` applies to service and account names, in one place.
///
/// A name is any Unicode text of 1 to ``maximumUTF8Count`` bytes of UTF-8 that holds no path
/// separator (`/`, `\`), no control character (NUL, newline, tab, U+007F–U+009F) and is not `.`
/// or `..`. Names are compared exactly, scalar by scalar: the stores never normalise, so `é`
/// (U+00E9) and `e` + U+0301 are two different accounts, and `Alice` is not `alice`. Normalise
/// names yourself if your app needs that.
///
/// The limits keep file names derived from names safe on every file system (``FileStore`` uses
/// the lowercase hexadecimal form of the UTF-8 bytes, 2 × 120 + 11 bytes, under the 255-byte
/// limit of APFS and ext4) and identical across stores.
public enum CredentialName {
    /// Which of the two names is being checked; used in error messages.
    public enum Role: String, Sendable, Hashable {
        /// The service (app, API host or provider) a credential belongs to.
        case service
        /// The account (user) within a service.
        case account
    }

    /// The largest accepted name, in bytes of UTF-8.
    public static let maximumUTF8Count = 120

    /// Checks `name` against the rules above.
    ///
    /// - Throws: ``CredentialStoreError/Code/invalidName`` saying which rule failed.
    public static func validate(_ name: String, as role: Role) throws(CredentialStoreError) {
        let byteCount = name.utf8.count
        guard byteCount > 0 else {
            throw invalid(role, "the \(role.rawValue) name is empty; pass a non-empty name such as an API host or a user id")
        }
        guard byteCount <= maximumUTF8Count else {
            throw invalid(
                role,
                "the \(role.rawValue) name \(quoted(name)) is \(byteCount) bytes of UTF-8; names are limited to \(maximumUTF8Count) bytes, so use a shorter identifier (a user id rather than a profile URL, say)"
            )
        }
        guard name != ".", name != ".." else {
            throw invalid(role, "the \(role.rawValue) name \(quoted(name)) is reserved by file systems; choose another name")
        }
        for (position, scalar) in name.unicodeScalars.enumerated() {
            if scalar == "/" || scalar == "\\" {
                throw invalid(
                    role,
                    "the \(role.rawValue) name \(quoted(name)) contains a path separator (\(quoted(String(scalar))) at scalar \(position)); names are identifiers, not paths"
                )
            }
            if scalar.properties.generalCategory == .control {
                let what = scalar.value == 0 ? "a NUL character" : "the control character U+\(hex4(scalar.value))"
                throw invalid(role, "the \(role.rawValue) name \(quoted(name)) contains \(what) at scalar \(position); remove it")
            }
        }
    }

    /// A short, escaped rendering of a name for error messages: at most 40 scalars, control
    /// characters escaped, so a hostile name cannot flood or forge a log line.
    static func quoted(_ name: String) -> String {
        var output = "\""
        for (index, scalar) in name.unicodeScalars.enumerated() {
            if index == 40 {
                output += "…"
                break
            }
            output += scalar.escaped(asASCII: false)
        }
        return output + "\""
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private static func invalid(_ role: Role, _ message: String) -> CredentialStoreError {
        CredentialStoreError(code: .invalidName, message: message)
    }
}
