import Foundation
@testable import GoogleBooksMock
import HTTPTypes
import HummingbirdTesting
import MockServerKit
import MockServerTesting
import NIOCore
import Testing

extension GoogleBooksMockSuite {
    /// Every refusal, in Google's error envelope, with Google's reasons and words.
    @Suite("Google Books mock errors", .timeLimit(.minutes(5)))
    struct ErrorTests {
        /// Checks `reply` is Google's envelope with `status`, `reason`, `location` and a message
        /// containing `message`, and that the mock said why.
        static func expectGoogleError(_ reply: BooksHarness.Reply, _ status: Int, _ reason: String, location: String?, message: String,
                                      sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(reply.status.code == status, "\(reply.text)", sourceLocation: sourceLocation)
            #expect(reply.headers[.contentType] == "application/json; charset=UTF-8", sourceLocation: sourceLocation)
            guard let error = reply.error else {
                Issue.record("no error envelope: \(reply.text)", sourceLocation: sourceLocation)
                return
            }
            #expect(error.code == status, sourceLocation: sourceLocation)
            #expect(message.isEmpty || error.message?.contains(message) == true, "\(error.message ?? "")", sourceLocation: sourceLocation)
            #expect(error.message?.isEmpty == false, sourceLocation: sourceLocation)
            #expect(error.detail["message"] == error.message, sourceLocation: sourceLocation)
            #expect(error.detail["reason"] == reason, sourceLocation: sourceLocation)
            #expect(error.detail["location"] == location, sourceLocation: sourceLocation)
            #expect(error.detail["locationType"] == (location == nil ? nil : location == "Authorization" ? "header" : "parameter"), sourceLocation: sourceLocation)
            #expect(error.detail["domain"] != nil, sourceLocation: sourceLocation)
            let keys = Set(((reply.json?["error"] as? [String: Any]) ?? [:]).keys)
            #expect(keys == ["code", "message", "errors"], sourceLocation: sourceLocation)
        }

        @Test("a 1 MiB request target gets 414 in Google's envelope, naming the limit; the next connection is served")
        func hugeTarget() async throws {
            try await MockServer.withRunning(GoogleBooksMockProvider()) { server in
                let port = try #require(server.baseURL.port)
                let request = "GET /books/v1/volumes?q=\(String(repeating: "a", count: 1 << 20)) HTTP/1.1\r\nHost: x\r\n\r\n"
                let reply = try await RawHTTP.exchange(port: port, text: request)
                #expect(reply.status == 414, "\(reply.text.prefix(300))")
                let error = reply.json?["error"] as? [String: Any]
                #expect(error?["code"] as? Int == 414, "\(reply.text.prefix(300))")
                #expect(error?["message"] as? String == "The request target is longer than \(MockServerLimits().maxHeaderBytes) bytes.")
                #expect(Set((error ?? [:]).keys) == ["code", "message", "errors"])
                let next = try await RawHTTP.exchange(port: port, text: "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                #expect(next.status == 200)
            }
        }

        @Test("a missing or empty q is 400 queryRequired, exactly as Google answers it")
        func missingQuery() async throws {
            try await BooksHarness.withRunning { books in
                let expected: [String: Any] = ["error": [
                    "code": 400, "message": "Missing query.",
                    "errors": [["message": "Missing query.", "domain": "global", "reason": "queryRequired", "location": "q", "locationType": "parameter"]],
                ]]
                for target in ["/books/v1/volumes", "/books/v1/volumes?q=", "/books/v1/volumes?q=%20%20", "/books/v1/volumes?maxResults=5"] {
                    let reply = try await books.get(target)
                    #expect(reply.status == .badRequest)
                    #expect(NSDictionary(dictionary: try #require(reply.json)) == NSDictionary(dictionary: expected), "\(target): \(reply.text)")
                    #expect(reply.mockReason?.contains("q is required") == true)
                }
                let raw = try await books.get("/books/v1/volumes?prettyPrint=false")
                #expect(raw.text == #"{"error":{"code":400,"message":"Missing query.","errors":[{"message":"Missing query.","domain":"global","reason":"queryRequired","location":"q","locationType":"parameter"}]}}"#)
            }
        }

        @Test("numbers out of range are 400 invalid with Google's range message", arguments: [
            ("maxResults", "50", "Values must be within the range: [0, 40]"),
            ("maxResults", "41", "Values must be within the range: [0, 40]"),
            ("maxResults", "-1", "Values must be within the range: [0, 40]"),
            ("maxResults", "ten", "Invalid value 'ten'. Values must be within the range: [0, 40]"),
            ("maxResults", "99999999999999999999999", "Values must be within the range: [0, 40]"),
            ("startIndex", "-1", "Values must be within the range: [0, 2147483647]"),
            ("startIndex", "2147483648", "Values must be within the range: [0, 2147483647]"),
            ("startIndex", "1.5", "Invalid value '1.5'"),
        ])
        func ranges(name: String, value: String, message: String) async throws {
            try await BooksHarness.withRunning { books in
                Self.expectGoogleError(try await books.search("river", [(name, value)]), 400, "invalid", location: name, message: message)
            }
        }

        @Test("values outside an enum are 400 invalidParameter naming the allowed values", arguments: [
            ("orderBy", "oldest", "Allowed values: [newest, relevance]"),
            ("printType", "comics", "Allowed values: [ALL, BOOKS, MAGAZINES]"),
            ("projection", "medium", "Allowed values: [FULL, LITE]"),
            ("filter", "cheap", "Allowed values: [ebooks, free-ebooks, full, paid-ebooks, partial]"),
            ("download", "pdf", "Allowed values: [EPUB]"),
            ("maxAllowedMaturityRating", "pg", "Allowed values: [MATURE, not-mature]"),
            ("alt", "xml", "Allowed values: [json]"),
            ("alt", "proto", "Allowed values: [json]"),
            ("prettyPrint", "maybe", "Invalid boolean value: 'maybe'."),
            ("showPreorders", "yes", "Invalid boolean value: 'yes'."),
            ("langRestrict", "f r", "Invalid language code"),
        ])
        func enums(name: String, value: String, message: String) async throws {
            try await BooksHarness.withRunning { books in
                Self.expectGoogleError(try await books.search("river", [(name, value)]), 400, "invalidParameter", location: name, message: message)
            }
        }

        @Test("each enum's documented spellings, any case, and its _UNDEFINED value are accepted; alt=json too")
        func enumSpellings() async throws {
            try await BooksHarness.withRunning { books throws in
                for (name, value) in [("orderBy", "ORDER_BY_UNDEFINED"), ("printType", "all"), ("printType", "Magazines"), ("projection", "PROJECTION_UNDEFINED"),
                                      ("filter", "FREE-EBOOKS"), ("download", "epub"), ("alt", "json"), ("libraryRestrict", "no-restrict"),
                                      ("maxAllowedMaturityRating", "mature"), ("quotaUser", "someone"), ("source", "app"), ("unknownThing", "1")] {
                    #expect(try await books.search("river", [(name, value)]).status == .ok, "\(name)=\(value)")
                }
            }
        }

        @Test("fields in bad syntax is 400 invalidParameter at fields", arguments: [
            "items(", "items)", "items(id", "items//id", ",items", "items(id,)", "items/", "items()", "it ems", "items(id)x", "tïtle",
            String(repeating: "a(", count: 17) + "b" + String(repeating: ")", count: 17),
            String(repeating: "a(", count: 600) + "b" + String(repeating: ")", count: 600),
            String(repeating: "a,", count: 2000) + "b",
        ])
        func badFields(selection: String) async throws {
            try await BooksHarness.withRunning { books in
                Self.expectGoogleError(try await books.search("river", [("fields", selection)]), 400, "invalidParameter", location: "fields", message: "Invalid field selection")
            }
        }

        @Test("an unknown volume is 404 notFound: The volume ID could not be found.", arguments: ["nonexistent1", "zzzzzzzzzzzz", "%E2%98%83", String(repeating: "x", count: 2000)])
        func unknownVolume(id: String) async throws {
            try await BooksHarness.withRunning { books in
                Self.expectGoogleError(try await books.get("/books/v1/volumes/\(id)"), 404, "notFound", location: nil, message: "The volume ID could not be found.")
            }
        }

        @Test("the kit's own refusals — unknown path, wrong method, oversized body — come in Google's envelope")
        func kitErrors() async throws {
            try await BooksHarness.withRunning(limits: MockServerLimits(maxBodyBytes: 1024)) { books in
                Self.expectGoogleError(try await books.get("/books/v1/nothing"), 404, "notFound", location: nil, message: "")
                let post = try await MockHTTP.send(.post, "/books/v1/volumes?q=river", to: books.server.baseURL)
                Self.expectGoogleError(BooksHarness.Reply(status: post.status, headers: post.headers, body: post.body.map { Array(buffer: $0) } ?? []), 405, "httpMethodNotAllowed", location: nil, message: "")
                #expect(post.headers[.allow]?.contains("GET") == true)
                let big = try await MockHTTP.send(.get, "/books/v1/volumes?q=river", to: books.server.baseURL, body: ByteBuffer(repeating: 0x41, count: 4096))
                Self.expectGoogleError(BooksHarness.Reply(status: big.status, headers: big.headers, body: big.body.map { Array(buffer: $0) } ?? []), 413, "uploadTooLarge", location: nil, message: "")
            }
        }

        @Test("libraryRestrict=my-library needs a signed-in user: 401 required at the Authorization header")
        func library() async throws {
            try await BooksHarness.withRunning { books in
                Self.expectGoogleError(try await books.search("river", [("libraryRestrict", "my-library")]), 401, "required", location: "Authorization", message: "Login Required.")
            }
        }

        @Test("with requiresKey: no key is 403 forbidden, a wrong key 400 keyInvalid, the demo key passes; without it keys are ignored")
        func apiKeys() async throws {
            try await BooksHarness.withRunning(GoogleBooksMockOptions(requiresKey: true)) { books in
                let key = try #require(books.server.providers[0].credentials["apiKey"])
                #expect(key == GoogleBooksMockProvider.apiKey && key.count == 39 && key.hasPrefix("AIza"))
                Self.expectGoogleError(try await books.search("river"), 403, "forbidden", location: nil, message: "The request is missing a valid API key.")
                Self.expectGoogleError(try await books.search("river", [("key", "")]), 403, "forbidden", location: nil, message: "The request is missing a valid API key.")
                let wrong = try await books.search("river", [("key", "AIzaWRONG")])
                Self.expectGoogleError(wrong, 400, "keyInvalid", location: nil, message: "API key not valid. Please pass a valid API key.")
                #expect(!wrong.text.contains("AIzaWRONG") && !(wrong.mockReason ?? "").contains("AIzaWRONG"), "a refused key is never repeated")
                #expect(try await books.search("river", [("key", key)]).status == .ok)
                let found = try await books.search("river", [("key", key)])
                #expect(try await books.get("/books/v1/volumes/\(found.ids[0])?key=\(key)").status == .ok)
                Self.expectGoogleError(try await books.search(nil, [("key", "bad")]), 400, "keyInvalid", location: nil, message: "API key not valid")
            }
            try await BooksHarness.withRunning { open throws in
                #expect(try await open.search("river", [("key", "anything")]).status == .ok)
                #expect(try await open.search("river").status == .ok)
            }
        }

        @Test("rateLimitPerMinute: past the limit 429 rateLimitExceeded with Retry-After; a minute later requests pass again")
        func rateLimit() async throws {
            try await BooksHarness.withRunning(GoogleBooksMockOptions(rateLimitPerMinute: 3)) { books in
                for _ in 0..<3 { #expect(try await books.search("river").status == .ok) }
                books.clock.advance(by: 20)
                let limited = try await books.search("river")
                Self.expectGoogleError(limited, 429, "rateLimitExceeded", location: nil, message: "Rate Limit Exceeded")
                #expect(limited.headers[.retryAfter] == "40")
                #expect(limited.error?.detail["domain"] == "usageLimits")
                books.clock.advance(by: 40)
                #expect(try await books.search("river").status == .ok)
            }
        }

        /// Hostile requests by name, so a failure prints the name and not kilobytes of query.
        static let hostileTargets: [String: (target: String, status: Int, reason: String)] = [
            "a 5000-byte q": ("/books/v1/volumes?q=" + String(repeating: "a", count: 5000), 400, "invalid"),
            "40 terms": ("/books/v1/volumes?q=" + Array(repeating: "word", count: 40).joined(separator: "+"), 400, "invalid"),
            "a 40-word phrase": ("/books/v1/volumes?q=%22" + Array(repeating: "w", count: 40).joined(separator: "+") + "%22", 400, "invalid"),
            "non-UTF-8 escapes": ("/books/v1/volumes?q=%FF%FE", 400, "badRequest"),
            "a broken escape": ("/books/v1/volumes?q=river&x=%G1", 400, "badRequest"),
            "1000 parameters": ("/books/v1/volumes?q=river&" + (0..<1000).map { "p\($0)=1" }.joined(separator: "&"), 400, "badRequest"),
            "a non-UTF-8 cover id": ("/books/content?id=%FF", 400, "badRequest"),
        ]

        @Test("hostile input gets a clear 4xx, never a 500 or a hang", arguments: hostileTargets.keys.sorted())
        func hostile(name: String) async throws {
            let (target, status, reason) = try #require(Self.hostileTargets[name])
            try await BooksHarness.withRunning { books in
                let reply = try await books.get(target)
                #expect(reply.status.code == status && reply.error?.detail["reason"] == reason, "\(reply.text.prefix(300))")
                #expect(try await books.search("river").status == .ok, "the server still answers")
                let raw = try await RawHTTP.exchange(port: books.port, text: "GET \(target) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                #expect(raw.status == status, "over a raw connection too, answered before the 60 s bound")
            }
        }

        @Test("a 429 fault from the kit comes in Google's envelope with Retry-After")
        func faults() async throws {
            try await BooksHarness.withRunning { books in
                try books.server.faults.add(FaultRule(route: "*", fault: .status(code: 429, retryAfterSeconds: 7), remaining: 1))
                let reply = try await books.search("river")
                Self.expectGoogleError(reply, 429, "rateLimitExceeded", location: nil, message: "Rate limit exceeded.")
                #expect(reply.headers[.retryAfter] == "7")
                try books.server.faults.add(FaultRule(route: "*", fault: .status(code: 503, retryAfterSeconds: nil), remaining: 1))
                Self.expectGoogleError(try await books.search("river"), 503, "backendError", location: nil, message: "")
            }
        }
    }
}
