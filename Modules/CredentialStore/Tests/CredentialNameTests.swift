import CredentialStore
import Testing

@Suite struct CredentialNameTests {
    @Test(arguments: [
        "api.netflix.com", "user@example.com", "Émile", "数据", "🙂", "a b", "..a", "a..", "~", "-", "a.b.c",
        "Jose\u{301}", String(repeating: "x", count: CredentialName.maximumUTF8Count),
    ])
    func acceptsOrdinaryAndUnicodeNames(name: String) throws {
        try CredentialName.validate(name, as: .service)
        try CredentialName.validate(name, as: .account)
    }

    @Test(arguments: [
        ("", "empty"),
        ("..", "reserved"),
        (".", "reserved"),
        ("../x", "path separator"),
        ("a\\b", "path separator"),
        ("a\u{0}", "NUL"),
        ("a\u{1B}[31m", "U+001B"),
        ("a\u{9F}", "U+009F"),
        (String(repeating: "y", count: 121), "121 bytes"),
    ])
    func rejectsWithAMessageSayingWhy(name: String, reason: String) {
        let error = #expect(throws: CredentialStoreError.self) { try CredentialName.validate(name, as: .account) }
        #expect(error?.code == .invalidName)
        #expect(error?.message.contains(reason) == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("account") == true)
    }

    @Test func messagesQuoteHostileNamesShortAndEscaped() {
        let hostile = "evil\nFAKE LOG LINE" + String(repeating: "z", count: 10_000)
        let error = #expect(throws: CredentialStoreError.self) { try CredentialName.validate(hostile, as: .service) }
        let message = error?.message ?? ""
        #expect(!message.contains("\n"))
        #expect(message.count < 400)
        #expect(message.contains("\\n"))
    }
}
