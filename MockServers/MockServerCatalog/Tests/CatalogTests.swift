import Foundation
import MockServerCatalog
import MockServerKit
import OAuth1Client
import OAuth1Mock
import Testing

@Suite("Provider catalogue")
struct CatalogTests {
    @Test("every name has its fixed, documented port; reserved names keep theirs")
    func slots() {
        #expect(MockProviderSlot.all.map(\.description) == [
            "twitter 8401", "discogs 8402", "netflix 8403", "drupal 8404", "afsigned 8405", "googlebooks 8406", "jira 8407", "httpsig 8408",
        ])
        #expect(MockProviderSlot.all.map(\.portOffset) == Array(0...7))
        #expect(Set(MockProviderSlot.all.map(\.name)).count == MockProviderSlot.all.count)
    }

    @Test("--port-base shifts each provider by its offset; 0 gives free ports", arguments: [
        (MockProviderSlot.twitter, 9400, 9400),
        (MockProviderSlot.netflix, 9400, 9402),
        (MockProviderSlot.googlebooks, 20000, 20005),
        (MockProviderSlot.discogs, 0, 0),
    ])
    func portBase(slot: MockProviderSlot, base: Int, port: Int) {
        #expect(slot.port(base: base) == port)
    }

    @Test("the catalogue's providers sit in their own slots, in port order")
    func entries() {
        #expect(MockProviderCatalog.names == ["twitter", "discogs", "netflix", "drupal", "afsigned", "googlebooks", "jira", "httpsig"])
        for entry in MockProviderCatalog.entries {
            #expect(entry.provider().name == entry.slot.name)
            #expect(MockProviderCatalog.entry(named: entry.name)?.slot == entry.slot)
        }
        #expect(MockProviderCatalog.entries.map(\.slot) == MockProviderSlot.all, "every reserved slot is built")
        #expect(MockProviderCatalog.entries.map(\.slot.defaultPort) == MockProviderCatalog.entries.map(\.slot.defaultPort).sorted())
    }

    /// Decodes `json` as the `options` object of `entry`'s config entry.
    static func provider(_ entry: MockCatalogEntry, options json: String) throws -> any MockProvider {
        let decoder = JSONDecoder()
        decoder.userInfo[OptionsProbe.entryKey] = entry
        return try decoder.decode(OptionsProbe.self, from: Data(json.utf8)).provider
    }

    @Test("options decoded from a config entry reach the provider")
    func decodedOptions() throws {
        let provider = try Self.provider(.netflix, options: #"{"autoApprove": "true", "signatureMethods": ["HMAC-SHA256"]}"#)
        let oauth1 = try #require(provider as? OAuth1MockProvider)
        #expect(oauth1.flavour.name == "netflix")
        #expect(oauth1.options == OAuth1MockOptions(autoApprove: true, signatureMethods: [.hmacSHA256]))
    }

    @Test("a bad option in a config entry names the provider it belongs to")
    func badOption() {
        #expect {
            _ = try Self.provider(.discogs, options: #"{"timestampWindowSeconds": -1}"#)
        } throws: { error in
            (error as? MockServerError)?.message == "provider discogs, option timestampWindowSeconds must be a whole number in 0...86400 (got -1)"
        }
    }
}

/// The provider a catalogue entry makes from a decoded `options` object.
private struct OptionsProbe: Decodable {
    static let entryKey = CodingUserInfoKey(rawValue: "entry")!
    var provider: any MockProvider

    init(from decoder: any Decoder) throws {
        let entry = try #require(decoder.userInfo[Self.entryKey] as? MockCatalogEntry)
        provider = try entry.provider(optionsFrom: decoder)
    }
}
