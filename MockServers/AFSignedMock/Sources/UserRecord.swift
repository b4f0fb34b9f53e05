/// A user of the mock API, as its JSON answers show it:
/// `{"id":1,"name":"Ada Lovelace","email":"ada@example.com","created_at":"2024-03-01T09:00:00Z"}`.
struct UserRecord: Codable, Sendable, Hashable {
    /// The user's number, given by the server.
    var id: Int
    /// The display name, 1 to 100 characters.
    var name: String
    /// The e-mail address, unique in the table (compared without case).
    var email: String
    /// When the user was created, ISO 8601 in UTC (`2024-03-01T09:00:00Z`).
    var createdAt: String

    /// Creates a user.
    init(id: Int, name: String, email: String, createdAt: String) {
        self.id = id
        self.name = name
        self.email = email
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, name, email
        case createdAt = "created_at"
    }
}
