import Foundation
import MockServerCatalog
import MockServerKit
import Testing

/// The `--ready-file` format is read by scripts in other languages (the Python peers, users'
/// own), so it is pinned here member by member: what `mock-servers` wrote before the format had
/// a type still decodes, and what the type writes has the same members and values.
@Suite("mock-servers ready file")
struct ReadyFileTests {
    /// A ready file exactly as `mock-servers` has written it since the option exists
    /// (`JSONSerialization`, sorted keys, pretty-printed, slashes unescaped).
    static let written = """
        {
          "afsigned" : {
            "baseURL" : "http://127.0.0.1:41005",
            "credentials" : {
              "clientID" : "CLIENT_ID",
              "clientSecret" : "s3cr3t"
            }
          },
          "twitter" : {
            "baseURL" : "http://127.0.0.1:41001",
            "credentials" : {
              "accessToken" : "12-Token",
              "accessTokenSecret" : "TokenSecret",
              "consumerKey" : "key",
              "consumerSecret" : "secret",
              "userID" : "12"
            }
          }
        }
        """

    /// The credential names each provider has always had in the file.
    static let credentialNames: [String: Set<String>] = [
        "twitter": ["consumerKey", "consumerSecret", "accessToken", "accessTokenSecret", "userID"],
        "discogs": ["consumerKey", "consumerSecret", "accessToken", "accessTokenSecret", "userID"],
        "netflix": ["consumerKey", "consumerSecret", "accessToken", "accessTokenSecret", "userID"],
        "drupal": ["apiKey", "domain", "username", "password", "readOnlyAPIKey", "readOnlyDomain", "adminUsername", "adminPassword"],
        "afsigned": ["clientID", "clientSecret"],
        "googlebooks": ["apiKey"],
        "jira": ["consumerKey", "privateKey", "accessToken", "accessTokenSecret", "userID"],
        "httpsig": [
            "hmacKeyId", "hmacSecret", "ed25519KeyId", "ed25519PrivateKey", "ecdsaP256KeyId", "ecdsaP256PrivateKey", "ecdsaP384KeyId",
            "ecdsaP384PrivateKey", "rsaPssKeyId", "rsaPssPrivateKey", "rsaV15KeyId", "rsaV15PrivateKey", "serverKeyId", "serverPublicKey",
        ],
    ]

    @Test("a file written as today decodes to its providers, URLs and credentials")
    func decodesToday() throws {
        let file = try JSONDecoder().decode(MockServersReadyFile.self, from: Data(Self.written.utf8))
        #expect(file == MockServersReadyFile(providers: [
            "afsigned": .init(baseURL: URL(string: "http://127.0.0.1:41005")!, credentials: ["clientID": "CLIENT_ID", "clientSecret": "s3cr3t"]),
            "twitter": .init(baseURL: URL(string: "http://127.0.0.1:41001")!, credentials: [
                "accessToken": "12-Token", "accessTokenSecret": "TokenSecret", "consumerKey": "key", "consumerSecret": "secret", "userID": "12",
            ]),
        ]))
    }

    /// Every string of a ready file by its member path (`twitter.baseURL`,
    /// `twitter.credentials.userID`), read with `JSONSerialization` as a script would.
    static func members(_ data: Data) throws -> [String: String] {
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]])
        var members: [String: String] = [:]
        for (provider, entry) in object {
            for (key, value) in entry {
                if let text = value as? String {
                    members["\(provider).\(key)"] = text
                } else {
                    for (name, text) in try #require(value as? [String: String], "\(provider).\(key)") {
                        members["\(provider).\(key).\(name)"] = text
                    }
                }
            }
        }
        return members
    }

    @Test("encoding gives the same members and values as today's file, slashes unescaped")
    func encodesAsToday() throws {
        let file = try JSONDecoder().decode(MockServersReadyFile.self, from: Data(Self.written.utf8))
        let encoded = try file.encoded()
        let today = try Self.members(Data(Self.written.utf8))
        #expect(today.count == 9)
        #expect(try Self.members(encoded) == today)
        #expect(String(decoding: encoded, as: UTF8.self).contains("http://127.0.0.1:41001"))
    }

    @Test("a started server's file has every provider with its base URL and today's credential names, as strings")
    func fromRunningServer() async throws {
        let providers = MockProviderCatalog.names.map { (MockProviderCatalog.entry(named: $0)!.provider(), MockServerConfiguration()) }
        try await MockServer.withRunning(providers) { server in
            let object = try #require(try JSONSerialization.jsonObject(with: MockServersReadyFile(server.providers).encoded()) as? [String: Any])
            #expect(Set(object.keys) == Set(Self.credentialNames.keys))
            for running in server.providers {
                let entry = try #require(object[running.name] as? [String: Any])
                #expect(Set(entry.keys) == ["baseURL", "credentials"])
                #expect(entry["baseURL"] as? String == running.baseURL.absoluteString)
                let credentials = try #require(entry["credentials"] as? [String: String], "\(running.name): credentials are strings")
                #expect(Set(credentials.keys) == Self.credentialNames[running.name], "\(running.name)")
                #expect(credentials == running.credentials)
            }
        }
    }

    @Test("write then read gives the same file, written 0600 with no temporary file left")
    func roundTrip() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ready-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("ready.json").path
        let file = try JSONDecoder().decode(MockServersReadyFile.self, from: Data(Self.written.utf8))
        try file.write(to: path)
        #expect(try MockServersReadyFile.read(from: path) == file)
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["ready.json"])
        #expect(try file.provider(named: "twitter").credentials["userID"] == "12")
        let missing = #expect(throws: MockServerError.self) { try file.provider(named: "drupal") }
        #expect(missing?.message == "the ready file has no provider drupal; it has afsigned, twitter")
    }

    @Test("a missing, empty, garbage, wrongly shaped or huge file is an error naming the file and the problem", arguments: [
        (nil, "does not exist"),
        ("", "is empty"),
        ("{ not json", "is not a mock-servers ready file"),
        (#"["twitter"]"#, "is not a mock-servers ready file"),
        (#"{"twitter": {"baseURL": "http://127.0.0.1:1"}}"#, "is not a mock-servers ready file: twitter.credentials: missing"),
        (#"{"twitter": {"baseURL": 8401, "credentials": {}}}"#, "is not a mock-servers ready file: twitter.baseURL"),
        (#"{"twitter": {"baseURL": "no scheme", "credentials": {}}}"#, "'no scheme' is not an absolute URL"),
        (#"{"twitter": {"baseURL": "http://127.0.0.1:1", "credentials": {"userID": 12}}}"#, "twitter.credentials.userID"),
        ("HUGE", "is larger than 1048576 bytes"),
    ] as [(String?, String)])
    func badFile(contents: String?, expected: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ready-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        if let contents {
            let data = contents == "HUGE" ? Data(repeating: 0x20, count: MockServersReadyFile.maximumBytes + 1) : Data(contents.utf8)
            try data.write(to: URL(fileURLWithPath: path))
        }
        let error = #expect(throws: MockServerError.self) { try MockServersReadyFile.read(from: path) }
        #expect(error?.message.hasPrefix("the ready file \(path) ") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains(expected) == true, "\(error?.message ?? "")")
    }
}
