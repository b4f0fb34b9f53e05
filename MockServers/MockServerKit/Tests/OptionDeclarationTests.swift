import Foundation
import HTTPTypes
import MockServerKit
import Testing

/// What the kit derives from `MockOption` declarations, shown on the echo provider's options,
/// which declare one option of each kind.
@Suite("Option declarations")
struct OptionDeclarationTests {
    @Test("the README table: name, type, default, allowed values and the line of doc, one row per option")
    func table() {
        #expect(EchoOptions.markdownTable == """
            | option | type | default | allowed | what it does |
            |---|---|---|---|---|
            | `maximumParameters` | integer | 50 | 0...100 | the most parameters echoed |
            | `uppercase` | boolean | false | | names are echoed in capitals |
            | `methods` | names: a JSON array or a comma-separated string | `GET`, `POST` | one or more of `GET`, `POST`, `PUT` | the methods /echo answers |
            | `tags` | words: a JSON array, or one string separated by commas or spaces | none: untagged | words without a dot | labels |
            | `limit` | integer | none: unlimited | 1...9 | a limit |
            | `style` | name | `plain` | `plain`, `fancy` or `loud` | how answers look |

            """)
    }

    @Test("every kind decodes each way the config file writes a value, and round-trips", arguments: EchoOptions.declarations.flatMap(\.samples))
    func sample(json: String, options: EchoOptions) throws {
        #expect(options != EchoOptions())
        #expect(try OptionsTests.decode(json) == options)
        #expect(try OptionsTests.decode(String(decoding: JSONEncoder().encode(options), as: UTF8.self)) == options)
    }

    @Test("every kind refuses a bad value, naming the option and what it accepts", arguments: EchoOptions.declarations.flatMap(\.refusals))
    func refusal(json: String, message: String) {
        #expect(throws: MockServerError(code: .invalidOption, message: "")) { try OptionsTests.decode(json) }
        do {
            _ = try OptionsTests.decode(json)
        } catch {
            #expect(error.message == "provider echo, \(message)")
        }
    }

    @Test("one name: a JSON string, trimmed, or a JSON array of one", arguments: [
        (#"{"style": " loud "}"#, EchoStyle.loud),
        (#"{"style": ["fancy"]}"#, EchoStyle.fancy),
    ])
    func oneName(json: String, style: EchoStyle) throws {
        #expect(try OptionsTests.decode(json).style == style)
    }

    @Test("several names, a number or a boolean for one name, and a free-form entry its rule refuses", arguments: [
        (#"{"style": "plain,loud"}"#, #"provider echo, option style must be plain, fancy or loud (got "plain,loud")"#),
        (#"{"style": ["plain", "loud"]}"#, "provider echo, option style must be plain, fancy or loud (got an array or object)"),
        (#"{"style": 3}"#, "provider echo, option style must be plain, fancy or loud (got 3)"),
        (#"{"style": true}"#, "provider echo, option style must be plain, fancy or loud (got true)"),
        (#"{"tags": "a b.c"}"#, #"provider echo, option tags must be words without a dot (got "b.c")"#),
    ])
    func refusedEntries(json: String, message: String) {
        do {
            _ = try OptionsTests.decode(json)
            Issue.record("\(json) was accepted")
        } catch {
            #expect(error.message == message)
        }
    }

    @Test("an absent optional is left out of the encoding; the defaults encode and decode as they are")
    func encoding() throws {
        let json = String(decoding: try JSONEncoder().encode(EchoOptions()), as: UTF8.self)
        #expect(!json.contains("limit"))
        #expect(try OptionsTests.decode(json) == EchoOptions())
    }
}
