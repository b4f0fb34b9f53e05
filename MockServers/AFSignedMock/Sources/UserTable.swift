import Foundation

/// The mutable state of one running mock backend: its users, bounded, with e-mail addresses
/// unique without regard to case. Ids are never reused.
actor UserTable {
    /// The most users kept; a full table refuses new ones.
    static let capacity = 10_000

    private var users: [Int: UserRecord]
    private var ids: [String: Int]
    private var nextID: Int

    /// A table holding `seed`.
    init(seed: [UserRecord] = AFSignedMockContent.users) {
        users = Dictionary(seed.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        ids = Dictionary(seed.map { (Self.key($0.email), $0.id) }, uniquingKeysWith: { _, last in last })
        nextID = (seed.map(\.id).max() ?? 0) + 1
    }

    /// One page of the users whose name contains `query` (without regard to case), by id.
    func page(matching query: String?, page: Int, perPage: Int) -> (users: [UserRecord], total: Int) {
        var matching = users.values.sorted { $0.id < $1.id }
        if let query, !query.isEmpty {
            matching = matching.filter { $0.name.range(of: query, options: [.caseInsensitive]) != nil }
        }
        let (start, overflow) = (page - 1).multipliedReportingOverflow(by: perPage)
        guard !overflow, start < matching.count else { return ([], matching.count) }
        return (Array(matching[start..<min(start + perPage, matching.count)]), matching.count)
    }

    /// The user `id`.
    func user(_ id: Int) -> UserRecord? { users[id] }

    /// Adds a user created at `createdAt`.
    ///
    /// - Throws: ``AFSignedMockError`` for an e-mail address in use (422) or a full table (409).
    func create(name: String, email: String, createdAt: String) throws(AFSignedMockError) -> UserRecord {
        try requireFree(email, for: nil)
        guard users.count < Self.capacity else { throw .tableFull(capacity: Self.capacity) }
        let user = UserRecord(id: nextID, name: name, email: email, createdAt: createdAt)
        nextID += 1
        users[user.id] = user
        ids[Self.key(email)] = user.id
        return user
    }

    /// Changes the given fields of user `id`; `nil` when there is no such user.
    ///
    /// - Throws: ``AFSignedMockError`` for an e-mail address another user has (422).
    func update(_ id: Int, name: String?, email: String?) throws(AFSignedMockError) -> UserRecord? {
        guard var user = users[id] else { return nil }
        if let email {
            try requireFree(email, for: id)
            ids[Self.key(user.email)] = nil
            user.email = email
            ids[Self.key(email)] = id
        }
        if let name { user.name = name }
        users[id] = user
        return user
    }

    /// Removes user `id`; `false` when there is none.
    func delete(_ id: Int) -> Bool {
        guard let user = users.removeValue(forKey: id) else { return false }
        ids[Self.key(user.email)] = nil
        return true
    }

    /// How many users the table holds.
    var count: Int { users.count }

    private func requireFree(_ email: String, for id: Int?) throws(AFSignedMockError) {
        if let owner = ids[Self.key(email)], owner != id {
            throw .invalidFields(["email": "has already been taken"])
        }
    }

    private static func key(_ email: String) -> String { email.lowercased() }
}
