public import Foundation

/// A place where credentials survive app launches: save, load, remove and list the accounts of
/// a service.
///
/// Every store in this module — `KeychainStore` (Apple platforms), ``FileStore`` (everywhere)
/// and ``MemoryStore`` (tests and previews) — implements these four requirements over the
/// credential's encoded bytes; the `Codable` methods in the extension
/// (``save(_:service:account:isolation:)``, ``load(_:service:account:isolation:)``,
/// ``loadOrCreate(_:service:account:isolation:create:)``) are what an app calls.
///
/// Items are addressed by a *service* (the API or provider, e.g. `"api.netflix.com"`) and an
/// *account* (the user within it). Both are checked by ``CredentialName/validate(_:as:)`` and
/// compared exactly. An encoded credential may be at most
/// ``CredentialPayload/maximumByteCount`` bytes.
///
/// A client restarting and reusing a stored token without a new authorisation is one line:
///
/// ```swift
/// let token = try await store.loadOrCreate(OAuth1Token.self,
///                                           service: "api.netflix.com", account: userID) {
///     try await authorizeInBrowser()   // runs only when nothing is stored yet
/// }
/// ```
///
/// and signing out is `try await store.remove(service: "api.netflix.com", account: userID)`.
/// A store can be held as `any CredentialStore` so tests inject a ``MemoryStore``.
///
/// Another implementation must apply ``CredentialName/validate(_:as:)`` to every name and
/// ``CredentialPayload/validate(_:service:account:)`` to every saved item, compare names by
/// their exact scalars, and keep messages free of stored bytes, so that code moves between
/// stores without surprises.
public protocol CredentialStore: Sendable {
    /// Stores `data` under `service` and `account`, replacing any item already there. The
    /// replacement is atomic: a reader sees the old bytes or the new ones, never a mix.
    ///
    /// - Throws: ``CredentialStoreError/Code/invalidName``,
    ///   ``CredentialStoreError/Code/credentialTooLarge`` or a store-specific failure.
    func saveData(_ data: Data, service: String, account: String) async throws(CredentialStoreError)

    /// The bytes stored under `service` and `account`, or `nil` when there is no such item.
    ///
    /// - Throws: ``CredentialStoreError/Code/invalidName``, or
    ///   ``CredentialStoreError/Code/corruptItem`` and the other store-specific failures when an
    ///   item exists but cannot be trusted. A damaged item is never reported as missing.
    func loadData(service: String, account: String) async throws(CredentialStoreError) -> Data?

    /// Deletes the item under `service` and `account`; returns whether there was one. Removing
    /// a damaged item is allowed (it is how an app recovers from
    /// ``CredentialStoreError/Code/corruptItem``).
    @discardableResult
    func remove(service: String, account: String) async throws(CredentialStoreError) -> Bool

    /// The accounts that have an item under `service`, sorted by their UTF-8 bytes.
    func accounts(service: String) async throws(CredentialStoreError) -> [String]
}

// The conveniences take the caller's isolation (`#isolation`): they encode and decode on the
// caller's actor and only `Data` crosses to the store, so credential types need not be
// `Sendable` and `create` may touch the caller's state (a client actor's, the main actor's).
extension CredentialStore {
    /// Encodes `credential` as JSON and stores it under `service` and `account`, replacing any
    /// item already there.
    ///
    /// ```swift
    /// try await store.save(token, service: "api.twitter.com", account: token.extra["user_id"] ?? "default")
    /// ```
    ///
    /// - Parameters:
    ///   - credential: the value to store (a token, a session).
    ///   - service: the provider, usually its host (`api.twitter.com`).
    ///   - account: whose credential it is (a user id, or `default`).
    ///   - isolation: the caller's actor, where encoding and decoding run; leave the default.
    /// - Throws: ``CredentialStoreError/Code/encodingFailed`` when the value does not encode,
    ///   and whatever ``saveData(_:service:account:)`` throws.
    public func save(
        _ credential: some Encodable,
        service: String,
        account: String,
        isolation: isolated (any Actor)? = #isolation
    ) async throws(CredentialStoreError) {
        let data = try CredentialCoding.encode(credential)
        try await saveData(data, service: service, account: account)
    }

    /// The credential of type `type` stored under `service` and `account`, or `nil` when there
    /// is none.
    ///
    /// ```swift
    /// if let token = try await store.load(OAuth1Token.self, service: "api.netflix.com", account: userID) { … }
    /// ```
    ///
    /// - Parameters:
    ///   - type: the credential's type.
    ///   - service: the provider, usually its host (`api.twitter.com`).
    ///   - account: whose credential it is (a user id, or `default`).
    ///   - isolation: the caller's actor, where encoding and decoding run; leave the default.
    /// - Throws: ``CredentialStoreError/Code/decodingFailed`` when the item holds another type,
    ///   and whatever ``loadData(service:account:)`` throws.
    public func load<C: Decodable>(
        _ type: C.Type,
        service: String,
        account: String,
        isolation: isolated (any Actor)? = #isolation
    ) async throws(CredentialStoreError) -> C? {
        guard let data = try await loadData(service: service, account: account) else { return nil }
        return try CredentialCoding.decode(type, from: data, service: service, account: account)
    }

    /// The stored credential if there is one; otherwise the result of `create` (typically an
    /// authorisation flow), saved before it is returned. This is the whole "restart without
    /// signing in again" integration:
    ///
    /// ```swift
    /// let token = try await store.loadOrCreate(OAuth1Token.self,
    ///                                           service: "api.netflix.com", account: "default") {
    ///     try await client.authorize()
    /// }
    /// ```
    ///
    /// A damaged item is not papered over: the ``CredentialStoreError`` is thrown and `create`
    /// does not run, so the app decides whether to ``remove(service:account:)`` and start again.
    ///
    /// - Parameters:
    ///   - type: the credential's type.
    ///   - service: the provider, usually its host (`api.twitter.com`).
    ///   - account: whose credential it is (a user id, or `default`).
    ///   - isolation: the caller's actor, where encoding and decoding run; leave the default.
    ///   - create: makes the credential when none is stored (signing in); what it returns is saved.
    /// - Throws: ``CredentialStoreError`` from the store, or whatever `create` throws (then
    ///   nothing is saved).
    public func loadOrCreate<C: Codable>(
        _ type: C.Type,
        service: String,
        account: String,
        isolation: isolated (any Actor)? = #isolation,
        create: () async throws -> C
    ) async throws -> C {
        if let stored = try await load(type, service: service, account: account, isolation: isolation) { return stored }
        let fresh = try await create()
        try await save(fresh, service: service, account: account, isolation: isolation)
        return fresh
    }
}
