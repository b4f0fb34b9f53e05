import DrupalServicesClient
import Foundation
import Testing

@Suite("Drupal secrets stay out of descriptions and dumps")
struct DrupalRedactionTests {
    static let apiKey = "0123456789abcdef0123456789abcdef"
    static let sessid = "SESSIONID0123456789"
    static let password = "hunter2-correct-horse"

    static let values: [any Sendable] = [
        DrupalAPIKey(key: apiKey, domain: "app.example.com"),
        DrupalSession(sessid: sessid, cookieName: "SESSabc", user: DrupalUser(uid: 2, name: "demo"), established: Date()),
        DrupalLogin(username: "demo", password: password),
        DrupalKeySigner(apiKey: DrupalAPIKey(key: apiKey, domain: "*"), call: JSONRPCRequest(method: "node.get", id: 1), sessid: sessid),
        DrupalServicesConfiguration(baseURL: URL(string: "http://x")!, apiKey: DrupalAPIKey(key: apiKey, domain: "*")),
    ]

    @Test(arguments: 0..<values.count)
    func redacted(_ index: Int) {
        let value = Self.values[index]
        var dumped = ""
        dump(value, to: &dumped)
        for text in [String(describing: value), String(reflecting: value), dumped, "\(value)"] {
            for secret in [Self.apiKey, Self.sessid, Self.password] {
                #expect(!text.contains(secret), "\(type(of: value)) shows a secret: \(text)")
            }
        }
    }
}
