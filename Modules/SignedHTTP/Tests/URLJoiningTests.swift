import Foundation
import SignedHTTP
import Testing

/// The one rule for joining a client's base URL and a path, and for adding query fields.
@Suite("URL joining and query building")
struct URLJoiningTests {
    @Test("exactly one slash between the root and the path, whatever either side has", arguments: [
        ("https://api.example.com", "/users", "https://api.example.com/users"),
        ("https://api.example.com/", "/users", "https://api.example.com/users"),
        ("https://api.example.com//", "users", "https://api.example.com/users"),
        ("https://api.example.com/v1", "users/1", "https://api.example.com/v1/users/1"),
        ("https://api.example.com/v1/", "//users", "https://api.example.com/v1/users"),
        ("http://127.0.0.1:8404", "services/json-rpc", "http://127.0.0.1:8404/services/json-rpc"),
        ("http://127.0.0.1:8404/", "", "http://127.0.0.1:8404"),
        ("http://127.0.0.1:8404", "/", "http://127.0.0.1:8404/"),
        ("http://127.0.0.1:8404/", "//", "http://127.0.0.1:8404/"),
        ("https://api.example.com/v1?ignored=1", "/users?page=2", "https://api.example.com/v1/users?page=2"),
        ("https://api.example.com", "/a%20b", "https://api.example.com/a%20b"),
    ])
    func joining(base: String, path: String, expected: String) throws {
        #expect(try #require(URL(string: base)).appendingAPIPath(path)?.absoluteString == expected)
    }

    @Test("query fields are percent-encoded as RFC 3986 says and follow the query already there", arguments: [
        ("https://x.example/p", [FormField("q", "a b&c"), FormField("ü", "~-._")], "https://x.example/p?q=a%20b%26c&%C3%BC=~-._"),
        ("https://x.example/p?a=1", [FormField("b", "2")], "https://x.example/p?a=1&b=2"),
        ("https://x.example/p?", [FormField("b", "+")], "https://x.example/p?b=%2B"),
        ("https://x.example/p?a=1", [], "https://x.example/p?a=1"),
    ])
    func query(base: String, fields: [FormField], expected: String) throws {
        #expect(try #require(URL(string: base)).appendingQuery(fields).absoluteString == expected)
    }
}
