import Foundation

/// An item of the signed API, as its JSON answers show it:
/// `{"id":1,"name":"Tea","created_at":"2024-03-01T09:00:00Z","created_by":"demo"}`.
struct ItemRecord: Codable, Sendable, Hashable {
    /// The item's number, given by the server.
    var id: Int
    /// Its name, 1 to 100 characters.
    var name: String
    /// When it was created, ISO 8601 in UTC.
    var createdAt: String
    /// The `keyid` that signed the request creating it (`demo` for the seeded items).
    var createdBy: String

    enum CodingKeys: String, CodingKey {
        case id, name
        case createdAt = "created_at"
        case createdBy = "created_by"
    }
}

/// The mutable state of one running mock: its items, bounded. Ids are never reused.
actor ItemStore {
    /// The most items kept; a full store refuses new ones.
    static let capacity = 10_000

    /// The items a fresh store starts with.
    static let seed: [ItemRecord] = [
        ItemRecord(id: 1, name: "Darjeeling tea", createdAt: "2024-03-01T09:00:00Z", createdBy: "demo"),
        ItemRecord(id: 2, name: "Café de Colombia", createdAt: "2024-03-02T10:30:00Z", createdBy: "demo"),
        ItemRecord(id: 3, name: "抹茶 (matcha)", createdAt: "2024-03-03T11:45:00Z", createdBy: "demo"),
    ]

    private var items: [Int: ItemRecord]
    private var nextID: Int

    /// A store holding `seed`.
    init(seed: [ItemRecord] = ItemStore.seed) {
        items = Dictionary(seed.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        nextID = (seed.map(\.id).max() ?? 0) + 1
    }

    /// The items whose name contains `query` (any case), by id.
    func list(matching query: String?) -> [ItemRecord] {
        let all = items.values.sorted { $0.id < $1.id }
        guard let query, !query.isEmpty else { return all }
        return all.filter { $0.name.range(of: query, options: [.caseInsensitive]) != nil }
    }

    /// The item `id`.
    func item(_ id: Int) -> ItemRecord? { items[id] }

    /// Adds an item.
    ///
    /// - Throws: ``HTTPSigMockError`` (409) when the store is full.
    func create(name: String, createdAt: String, createdBy: String) throws(HTTPSigMockError) -> ItemRecord {
        guard items.count < Self.capacity else { throw .storeFull(capacity: Self.capacity) }
        let item = ItemRecord(id: nextID, name: name, createdAt: createdAt, createdBy: createdBy)
        nextID += 1
        items[item.id] = item
        return item
    }
}
