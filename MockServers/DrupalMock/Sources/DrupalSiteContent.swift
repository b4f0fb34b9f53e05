import DrupalServicesClient

/// What the mock site holds when it starts: two accounts, five nodes and the API keys.
enum DrupalSiteContent {
    /// The administrator (uid 1): may edit and delete every node.
    static let admin = DrupalSiteAccount(
        uid: 1, name: "admin", password: "mock-admin-password-8404", mail: "admin@app.example.com",
        extraRoles: [3: "administrator"], created: 1_262_304_000
    )
    /// The demo user (uid 2), whose credentials the ready file gives.
    static let demo = DrupalSiteAccount(
        uid: 2, name: "demo", password: "mock-demo-password-8404", mail: "demo@app.example.com",
        created: 1_264_982_400, timezone: "3600", language: "en"
    )

    static let users = [admin, demo]

    /// The key every method may use (domain `app.example.com`).
    static let appKey = DrupalKeyVerifier.RegisteredKey(DrupalAPIKey(key: "3f9a6c2e81d04b7d95e2a1c7b0f4d8e6", domain: "app.example.com"))
    /// A key for `system.connect` and `node.get` only (domain `reader.example.com`).
    static let readerKey = DrupalKeyVerifier.RegisteredKey(DrupalAPIKey(key: "a7d2e5b0c9f14386e2b7d0a5c8f3e169", domain: "reader.example.com"), methods: ["system.connect", "node.get"])

    static let keys = [appKey, readerKey]

    /// Node 1 is published and anonymous users may load it (as on a Drupal 6 site); node 3 is an
    /// unpublished draft only its author and administrators may load.
    static let nodes: [DrupalMockNode] = [
        DrupalMockNode(
            nid: 1, type: "story", title: "Welcome to the Drupal mock",
            body: "<p>This site answers Drupal 6 Services JSON-RPC calls with key authentication, as a real site does.</p>",
            author: admin, created: 1_262_304_000,
            taxonomy: ["1": ["tid": "1", "vid": "1", "name": "News", "description": "", "weight": "0"]]
        ),
        DrupalMockNode(
            nid: 2, type: "page", title: "À propos — Über uns",
            body: "<p>Une équipe à Montréal, ein Team in München.</p>", author: demo, created: 1_265_068_800, language: "fr"
        ),
        DrupalMockNode(
            nid: 3, type: "story", title: "Draft: the spring release",
            body: "<p>Not ready yet.</p>", author: admin, created: 1_267_401_600, published: false
        ),
        DrupalMockNode(
            nid: 4, type: "story", title: "東京の週末 (A weekend in Tokyo)",
            body: "<p>浅草、上野、秋葉原。</p>", author: demo, created: 1_270_080_000, language: "ja"
        ),
        DrupalMockNode(
            nid: 5, type: "page", title: "Contact",
            body: "<p>Write to admin@app.example.com.</p>", author: admin, created: 1_272_672_000
        ),
    ]
}
