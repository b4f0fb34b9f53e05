public import Foundation

/// The size rule every store applies to an encoded credential.
public enum CredentialPayload {
    /// The largest encoded credential a store accepts: 64 KiB, far above any token, key or
    /// session, small enough that a damaged size field cannot make a store read gigabytes.
    public static let maximumByteCount = 64 * 1024

    /// Checks the size of an encoded credential.
    ///
    /// - Throws: ``CredentialStoreError/Code/credentialTooLarge``.
    public static func validate(_ data: Data, service: String, account: String) throws(CredentialStoreError) {
        guard data.count <= maximumByteCount else {
            throw CredentialStoreError(
                code: .credentialTooLarge,
                message: "the credential for service \(CredentialName.quoted(service)), account \(CredentialName.quoted(account)) encodes to \(data.count) bytes; stores accept at most \(maximumByteCount). Store tokens and keys, not caches or documents"
            )
        }
    }
}
