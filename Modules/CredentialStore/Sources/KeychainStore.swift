#if canImport(Security)
public import Foundation
import Security

/// A ``CredentialStore`` in the system keychain, on Apple platforms: one generic-password item
/// (`kSecClassGenericPassword`) per credential, `kSecAttrService` = service and
/// `kSecAttrAccount` = account, the encoded credential as `kSecValueData`.
///
/// ```swift
/// let store = KeychainStore(accessibility: .afterFirstUnlockThisDeviceOnly)
/// try await store.save(token, service: "api.netflix.com", account: userID)
/// ```
///
/// - Saving adds the item; when the keychain answers `errSecDuplicateItem` the existing item's
///   data (and accessibility) is updated instead, so a save is always "insert or replace".
/// - On macOS the store uses the data protection keychain (`kSecUseDataProtectionKeychain`) by
///   default, as Apple recommends; it needs an app signed with an application identifier.
///   Unsigned command-line tools get `errSecMissingEntitlement` (-34018) there and should pass
///   `useDataProtectionKeychain: false` (the file-based login keychain, which ignores
///   ``Accessibility`` and access groups) or use ``FileStore``.
/// - Every call goes to the keychain daemon and may block briefly; they are `async` so they run
///   off the caller's actor.
///
/// This type is compiled only where the `Security` framework exists; its tests cannot run on
/// Linux (see `docs/credential-store.md`).
public struct KeychainStore: CredentialStore {
    /// When the keychain lets the app read an item (`kSecAttrAccessible`).
    public struct Accessibility: Hashable, Sendable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case whenUnlocked
            case whenUnlockedThisDeviceOnly
            case afterFirstUnlock
            case afterFirstUnlockThisDeviceOnly
            case whenPasscodeSetThisDeviceOnly
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// Readable only while the device is unlocked; migrates with encrypted backups.
        public static let whenUnlocked = Accessibility(.whenUnlocked)
        /// Readable only while the device is unlocked; never leaves this device.
        public static let whenUnlockedThisDeviceOnly = Accessibility(.whenUnlockedThisDeviceOnly)
        /// Readable after the first unlock since boot, also in the background; migrates with
        /// encrypted backups.
        public static let afterFirstUnlock = Accessibility(.afterFirstUnlock)
        /// Readable after the first unlock since boot, also in the background; never leaves this
        /// device. The default: tokens are re-authorised on a new device rather than copied.
        public static let afterFirstUnlockThisDeviceOnly = Accessibility(.afterFirstUnlockThisDeviceOnly)
        /// Readable only while unlocked on a device with a passcode; deleted if the passcode is
        /// removed; never leaves this device.
        public static let whenPasscodeSetThisDeviceOnly = Accessibility(.whenPasscodeSetThisDeviceOnly)

        /// The `kSecAttrAccessible` value.
        var attributeValue: CFString {
            switch base {
            case .whenUnlocked: kSecAttrAccessibleWhenUnlocked
            case .whenUnlockedThisDeviceOnly: kSecAttrAccessibleWhenUnlockedThisDeviceOnly
            case .afterFirstUnlock: kSecAttrAccessibleAfterFirstUnlock
            case .afterFirstUnlockThisDeviceOnly: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            case .whenPasscodeSetThisDeviceOnly: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
            }
        }

        public var description: String {
            switch base {
            case .whenUnlocked: "whenUnlocked"
            case .whenUnlockedThisDeviceOnly: "whenUnlockedThisDeviceOnly"
            case .afterFirstUnlock: "afterFirstUnlock"
            case .afterFirstUnlockThisDeviceOnly: "afterFirstUnlockThisDeviceOnly"
            case .whenPasscodeSetThisDeviceOnly: "whenPasscodeSetThisDeviceOnly"
            }
        }
    }

    /// When items written by this store can be read.
    public let accessibility: Accessibility
    /// The keychain access group (`kSecAttrAccessGroup`) shared with other apps or extensions of
    /// the same team, or `nil` for the app's default group. Must be listed in the app's
    /// `keychain-access-groups` entitlement.
    public let accessGroup: String?
    /// On macOS, whether to use the data protection keychain; ignored on other platforms,
    /// which only have that one.
    public let useDataProtectionKeychain: Bool

    /// Creates a keychain store.
    ///
    /// - Parameters:
    ///   - accessibility: when items can be read; applies to new and updated items.
    ///   - accessGroup: a shared access group, or `nil` for the app's own.
    ///   - useDataProtectionKeychain: macOS only; see the type's discussion.
    public init(
        accessibility: Accessibility = .afterFirstUnlockThisDeviceOnly,
        accessGroup: String? = nil,
        useDataProtectionKeychain: Bool = true
    ) {
        self.accessibility = accessibility
        self.accessGroup = accessGroup
        self.useDataProtectionKeychain = useDataProtectionKeychain
    }

    public func saveData(_ data: Data, service: String, account: String) async throws(CredentialStoreError) {
        try CredentialName.validate(service, as: .service)
        try CredentialName.validate(account, as: .account)
        try CredentialPayload.validate(data, service: service, account: account)
        var item = query(service: service, account: account)
        item[kSecValueData as String] = data
        if supportsProtectionAttributes { item[kSecAttrAccessible as String] = accessibility.attributeValue }

        var status = SecItemAdd(item as CFDictionary, nil)
        if status == errSecDuplicateItem {
            // The query must not mention kSecAttrAccessible, or an item saved with another
            // accessibility would not match; the new accessibility goes with the new data.
            var changes: [String: Any] = [kSecValueData as String: data]
            if supportsProtectionAttributes { changes[kSecAttrAccessible as String] = accessibility.attributeValue }
            status = SecItemUpdate(query(service: service, account: account) as CFDictionary, changes as CFDictionary)
            if status == errSecItemNotFound {
                // Deleted by someone else between the add and the update: add it again.
                status = SecItemAdd(item as CFDictionary, nil)
            }
        }
        guard status == errSecSuccess else { throw Self.failure(status, "save", service: service, account: account) }
    }

    public func loadData(service: String, account: String) async throws(CredentialStoreError) -> Data? {
        try CredentialName.validate(service, as: .service)
        try CredentialName.validate(account, as: .account)
        var search = query(service: service, account: account)
        search[kSecMatchLimit as String] = kSecMatchLimitOne
        search[kSecReturnData as String] = true
        var result: CFTypeRef?
        let status = SecItemCopyMatching(search as CFDictionary, &result)
        if status == errSecItemNotFound { return nil }
        guard status == errSecSuccess else { throw Self.failure(status, "read", service: service, account: account) }
        guard let data = result as? Data else {
            throw CredentialStoreError(
                code: .corruptItem,
                message: "the keychain item for service \(CredentialName.quoted(service)), account \(CredentialName.quoted(account)) has no data; remove it and authorise again"
            )
        }
        return data
    }

    @discardableResult
    public func remove(service: String, account: String) async throws(CredentialStoreError) -> Bool {
        try CredentialName.validate(service, as: .service)
        try CredentialName.validate(account, as: .account)
        let status = SecItemDelete(query(service: service, account: account) as CFDictionary)
        if status == errSecItemNotFound { return false }
        guard status == errSecSuccess else { throw Self.failure(status, "delete", service: service, account: account) }
        return true
    }

    public func accounts(service: String) async throws(CredentialStoreError) -> [String] {
        try CredentialName.validate(service, as: .service)
        var search = query(service: service, account: nil)
        search[kSecMatchLimit as String] = kSecMatchLimitAll
        search[kSecReturnAttributes as String] = true
        var result: CFTypeRef?
        let status = SecItemCopyMatching(search as CFDictionary, &result)
        if status == errSecItemNotFound { return [] }
        guard status == errSecSuccess else { throw Self.failure(status, "list the accounts of", service: service, account: nil) }
        let items = result as? [[String: Any]] ?? []
        let accounts = items.compactMap { $0[kSecAttrAccount as String] as? String }
        return Set(accounts).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Whether `kSecAttrAccessible` and `kSecAttrAccessGroup` apply: always outside macOS, and
    /// on macOS only in the data protection keychain.
    private var supportsProtectionAttributes: Bool {
        #if os(macOS)
        return useDataProtectionKeychain
        #else
        return true
        #endif
    }

    /// The primary key of an item (class, service, account, access group) plus the keychain
    /// selector. Used as is by add, update, search and delete, so all four address the same item.
    private func query(service: String, account: String?) -> [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
        ]
        if let account { query[kSecAttrAccount as String] = account }
        if let accessGroup, supportsProtectionAttributes { query[kSecAttrAccessGroup as String] = accessGroup }
        // Ignored outside macOS, per Apple's documentation.
        if useDataProtectionKeychain { query[kSecUseDataProtectionKeychain as String] = true }
        return query
    }

    private static func failure(_ status: OSStatus, _ action: String, service: String, account: String?) -> CredentialStoreError {
        let item = "service \(CredentialName.quoted(service))" + (account.map { ", account \(CredentialName.quoted($0))" } ?? "")
        let systemText = (SecCopyErrorMessageString(status, nil) as String?) ?? "OSStatus \(status)"
        switch status {
        case errSecInteractionNotAllowed:
            return CredentialStoreError(
                code: .keychainUnavailable,
                message: "could not \(action) the keychain item for \(item) because the device is locked (\(systemText)); retry after the user unlocks it, or save with an accessibility such as afterFirstUnlockThisDeviceOnly",
                systemCode: status
            )
        case -34018:  // errSecMissingEntitlement
            return CredentialStoreError(
                code: .keychainFailure,
                message: "could not \(action) the keychain item for \(item): the app lacks a keychain entitlement (\(systemText)). Sign the app with an application identifier, list the access group in keychain-access-groups, or on macOS pass useDataProtectionKeychain: false",
                systemCode: status
            )
        default:
            return CredentialStoreError(
                code: .keychainFailure,
                message: "could not \(action) the keychain item for \(item): \(systemText)",
                systemCode: status
            )
        }
    }
}
#endif
