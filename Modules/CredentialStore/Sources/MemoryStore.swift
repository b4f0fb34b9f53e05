public import Foundation

/// A ``CredentialStore`` that keeps items in memory only, for tests and SwiftUI previews.
///
/// It applies the same name and size rules as the persistent stores and compares names
/// exactly (by their UTF-8 bytes, not by Swift's canonical equivalence), so code tested against
/// it behaves the same against ``FileStore`` and `KeychainStore`. Nothing survives the
/// process.
public actor MemoryStore: CredentialStore {
    private struct ItemKey: Hashable {
        let service: [UInt8]
        let account: [UInt8]
    }

    private var items: [ItemKey: Data] = [:]

    /// Creates an empty store.
    public init() {}

    /// The number of items held, across all services.
    public var count: Int { items.count }

    public func saveData(_ data: Data, service: String, account: String) throws(CredentialStoreError) {
        let key = try Self.key(service: service, account: account)
        try CredentialPayload.validate(data, service: service, account: account)
        items[key] = data
    }

    public func loadData(service: String, account: String) throws(CredentialStoreError) -> Data? {
        items[try Self.key(service: service, account: account)]
    }

    @discardableResult
    public func remove(service: String, account: String) throws(CredentialStoreError) -> Bool {
        items.removeValue(forKey: try Self.key(service: service, account: account)) != nil
    }

    public func accounts(service: String) throws(CredentialStoreError) -> [String] {
        try CredentialName.validate(service, as: .service)
        let serviceBytes = Array(service.utf8)
        return items.keys
            .filter { $0.service == serviceBytes }
            .map(\.account)
            .sorted { $0.lexicographicallyPrecedes($1) }
            .map { String(decoding: $0, as: UTF8.self) }
    }

    private static func key(service: String, account: String) throws(CredentialStoreError) -> ItemKey {
        try CredentialName.validate(service, as: .service)
        try CredentialName.validate(account, as: .account)
        return ItemKey(service: Array(service.utf8), account: Array(account.utf8))
    }
}
