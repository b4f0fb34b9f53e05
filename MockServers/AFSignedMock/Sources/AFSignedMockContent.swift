import AFSignedClient

/// What every fresh mock backend holds: the demo client and the seeded users.
enum AFSignedMockContent {
    /// The one client the backend knows (fixed, so scripts and ready files can name it).
    static let client = AFSignedCredentials(clientID: "afsigned-demo-client", clientSecret: "5ec7e7-afsigned-demo-b1f04c29d6e8a375")

    /// The users a fresh table starts with, names from several scripts.
    static let users: [UserRecord] = [
        UserRecord(id: 1, name: "Ada Lovelace", email: "ada@example.com", createdAt: "2024-03-01T09:00:00Z"),
        UserRecord(id: 2, name: "José Álvarez", email: "jose@example.es", createdAt: "2024-03-02T10:30:00Z"),
        UserRecord(id: 3, name: "Zoë Ångström", email: "zoe@example.se", createdAt: "2024-03-03T11:45:00Z"),
        UserRecord(id: 4, name: "山田 太郎", email: "taro@example.jp", createdAt: "2024-03-04T12:00:00Z"),
        UserRecord(id: 5, name: "Ελένη Παπαδοπούλου", email: "eleni@example.gr", createdAt: "2024-03-05T13:15:00Z"),
    ]
}
