import SignedHTTP
import SigningCore
import Testing

@Suite("Secret parameter names")
struct SecretParameterNamesTests {
    @Test("a name holds a secret when it contains secret or password in any case", arguments: [
        ("oauth_token_secret", true), ("client_SECRET", true), ("Password", true), ("x-PassWord-y", true),
        ("secret", true), ("café_Secret", true), ("SECRETS", true),
        ("", false), ("secre", false), ("sec ret", false), ("passwd", false), ("pass_word", false),
        ("oauth_token", false), ("ſecret", false), ("s\u{0}ecret", false), ("ＳＥＣＲＥＴ", false),
        // A combining mark after the word does not hide it (more is masked, never less); one
        // inside the word breaks it, as before.
        ("secret\u{301}", true), ("secre\u{301}t", false), ("\u{212A}password", true),
    ])
    func names(name: String, holdsSecret: Bool) {
        #expect(SecretParameterNames.holdsSecret(name) == holdsSecret)
    }

    @Test("ASCII names read as lowercasing and searching them reads them")
    func againstLowercasing() {
        var generator = SplitMix64(seed: 27)
        let alphabet = Array("sSeEcCrRtTpPaAwWoOdD_-x1 @[`{")
        for _ in 0..<20_000 {
            let name = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let lowered = name.lowercased()
            #expect(SecretParameterNames.holdsSecret(name) == (lowered.contains("secret") || lowered.contains("password")), "\(name)")
        }
    }
}
