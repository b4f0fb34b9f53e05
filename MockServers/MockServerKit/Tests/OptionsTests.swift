import Foundation
import HTTPTypes
import HummingbirdTesting
import MockServerKit
import MockServerTesting
import Testing

/// Typed provider options: read as their declarations say, checked by `validate()`, refused with
/// an error naming the provider, the option and what it accepts.
@Suite("Provider options")
struct OptionsTests {
    /// Decodes `json` as the echo provider's options object, the way a config file does.
    static func decode(_ json: String) throws(MockServerError) -> EchoOptions {
        do {
            return try JSONDecoder().decode(Probe.self, from: Data(json.utf8)).options
        } catch let error as MockServerError {
            throw error
        } catch {
            Issue.record("unexpected error \(error)")
            return EchoOptions()
        }
    }

    private struct Probe: Decodable {
        var options: EchoOptions
        init(from decoder: any Decoder) throws {
            options = try EchoOptions.decode(from: decoder, provider: "echo")
        }
    }

    @Test("JSON strings, numbers and booleans are read alike; absent options keep their defaults", arguments: [
        (#"{}"#, EchoOptions()),
        (#"{"maximumParameters": 7}"#, EchoOptions(maximumParameters: 7)),
        (#"{"maximumParameters": " 7 "}"#, EchoOptions(maximumParameters: 7)),
        (#"{"maximumParameters": null}"#, EchoOptions()),
    ])
    func goodValues(json: String, expected: EchoOptions) throws {
        #expect(try Self.decode(json) == expected)
    }

    @Test("booleans and lists of names, as JSON or as strings")
    func kinds() throws {
        #expect(try Self.decode(#"{"uppercase": true}"#).uppercase)
        #expect(try Self.decode(#"{"uppercase": "true"}"#).uppercase)
        #expect(try Self.decode(#"{"uppercase": "false"}"#).uppercase == false)
        #expect(try Self.decode(#"{"methods": "PUT, GET"}"#).methods == [.put, .get])
        #expect(try Self.decode(#"{"methods": ["POST"]}"#).methods == [.post])
    }

    @Test("free-form lists: a JSON array taken as it is, or one string split at commas and spaces")
    func strings() throws {
        #expect(try Self.decode(#"{"tags": ["a,b", "c d"]}"#).tags == ["a,b", "c d"])
        #expect(try Self.decode(#"{"tags": "a, b  c,,"}"#).tags == ["a", "b", "c"])
        #expect(try Self.decode(#"{"tags": []}"#).tags == [])
        #expect(try Self.decode(#"{"tags": null}"#).tags == [])
    }

    @Test("unknown names and bad values name the provider, the option and what it accepts", arguments: [
        (#"{"frobnicate": 1}"#, "provider echo, unknown option frobnicate; the options are limit, maximumParameters, methods, style, tags, uppercase"),
        (#"{"tags": 5}"#, "provider echo, option tags must be a JSON array of strings or one string of entries separated by commas or spaces (got 5)"),
        (#"{"tags": [1, 2]}"#, "provider echo, option tags must be a JSON array of strings or one string of entries separated by commas or spaces (got an array or object)"),
        (#"{"maximumParameters": "many"}"#, #"provider echo, option maximumParameters must be a whole number (got "many")"#),
        (#"{"maximumParameters": 2.5}"#, "provider echo, option maximumParameters must be a whole number (got 2.5)"),
        (#"{"maximumParameters": true}"#, "provider echo, option maximumParameters must be a whole number (got true)"),
        (#"{"maximumParameters": -1}"#, "provider echo, option maximumParameters must be a whole number in 0...100 (got -1)"),
        (#"{"maximumParameters": "101"}"#, "provider echo, option maximumParameters must be a whole number in 0...100 (got 101)"),
        (#"{"uppercase": "yes"}"#, #"provider echo, option uppercase must be true or false (got "yes")"#),
        (#"{"uppercase": 1}"#, "provider echo, option uppercase must be true or false (got 1)"),
        (#"{"methods": "GET,DELETE"}"#, #"provider echo, option methods must be one or more of GET, POST, PUT (a JSON array or a comma-separated string) (got "DELETE")"#),
        (#"{"methods": {"GET": true}}"#, "provider echo, option methods must be one or more of GET, POST, PUT (a JSON array or a comma-separated string) (got an array or object)"),
        (#"["maximumParameters"]"#, "provider echo, options must be a JSON object of option names and values"),
    ])
    func badValues(json: String, message: String) {
        #expect(throws: MockServerError(code: .invalidOption, message: "")) { try Self.decode(json) }
        do {
            _ = try Self.decode(json)
        } catch {
            #expect(error.message == message)
        }
    }

    @Test("options set through the Swift API are validated before anything is bound")
    func swiftAPI() async throws {
        var provider = EchoProvider()
        provider.options.maximumParameters = 1000
        do {
            try await MockServer.withRunning(provider) { _ in }
            Issue.record("a server started with an out-of-range option")
        } catch let error as MockServerError {
            #expect(error.code == .invalidOption)
            #expect(error.message == "provider echo, option maximumParameters must be a whole number in 0...100 (got 1000)")
        }
    }

    @Test("the options a server runs with change what it does")
    func applied() async throws {
        var provider = EchoProvider()
        provider.options = try Self.decode(#"{"uppercase": "true", "methods": "PUT"}"#)
        try await MockServer.withRunning(provider) { server in
            let put = try await MockHTTP.send(.put, "/echo?a=1", to: server.baseURL)
            #expect(MockHTTP.json(put)?["parameters"] as? [[String]] == [["A", "1"]])
            #expect(try await MockHTTP.send(.get, "/echo", to: server.baseURL).status == .methodNotAllowed)
        }
    }

    @Test("two providers on one host and fixed port are refused, naming both, before anything is bound")
    func duplicatePorts() async throws {
        let configuration = MockServerConfiguration(port: 9)
        do {
            _ = try await MockServer.start([(EchoProvider(name: "one"), configuration), (EchoProvider(name: "two"), configuration)])
            Issue.record("two providers started on one port")
        } catch let error as MockServerError {
            #expect(error.code == .invalidConfiguration)
            #expect(error.message.hasPrefix("one and two are both configured on 127.0.0.1:9"))
        }
        try await MockServer.withRunning([
            (EchoProvider(name: "one"), MockServerConfiguration()),
            (EchoProvider(name: "two"), MockServerConfiguration()),
        ]) { free in
            #expect(free.providers.count == 2, "port 0 is never a clash")
        }
    }
}
