import Foundation
import HTTPMessageSignatures
import SignedHTTP
import SigningCore
import Testing

/// What this module works out directly held to the plain way it is kept as a reference: the
/// structured-field serialisations it writes (component identifiers, the signature parameters'
/// Inner List, as made here and as read from a `Signature-Input`) byte for byte to
/// swift-http-structured-headers' serialiser, which writes everything the direct path leaves to
/// it, on random names, parameters and values with characters that need escaping or cannot be
/// carried; and a target URI's host, path, query and port read from the `URL` to
/// `URLComponents`' parse, on random URLs.
@Suite struct SerializationPinTests {
    /// Printable ASCII with the escaped `"` and `\` made likely, and a control character and a
    /// non-ASCII letter now and then.
    static func text(_ random: inout SplitMix64, maximumLength: Int = 12) -> String {
        let alphabet = Array(#"abcz09-_.*"\ ;=(),:?ABC"#.unicodeScalars) + ["\u{7F}", "\t", "é"]
        let length = Int.random(in: 0...maximumLength, using: &random)
        return String(String.UnicodeScalarView((0..<length).map { _ in
            Int.random(in: 0..<10, using: &random) < 9 ? alphabet[Int.random(in: 0..<(alphabet.count - 3), using: &random)] : alphabet.randomElement(using: &random)!
        }))
    }

    static func component(_ random: inout SplitMix64) -> HTTPSignatureComponent {
        let names = ["@method", "@query-param", "content-type", "example-dict", text(&random)]
        var parameters: [HTTPSignatureComponent.Parameter] = []
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            parameters.append([
                .structured, .byteSequence, .request, .trailer, .key(text(&random)), .name(text(&random)),
                .other(["foo", "x-y", "Bad", ""].randomElement(using: &random)!),
            ].randomElement(using: &random)!)
        }
        return HTTPSignatureComponent(name: names.randomElement(using: &random)!, parameters: parameters)
    }

    static func outcome(_ body: () throws(HTTPMessageSignatureError) -> String) -> String {
        do { return try body() } catch { return "refused: \(error.code)" }
    }

    @Test("component identifiers: written directly as the library writes them, nil where it cannot")
    func identifiers() {
        var random = SplitMix64(seed: 9421)
        for _ in 0..<5_000 {
            let component = Self.component(&random)
            #expect(component.serializedIdentifier == component.serializedIdentifierByLibrary, "\(component.name) \(component.parameters)")
        }
    }

    @Test("signature parameters made here: the direct Inner List is the library's, refusals alike")
    func parametersMadeHere() {
        var random = SplitMix64(seed: 8941)
        for _ in 0..<5_000 {
            let components = (0..<Int.random(in: 0...5, using: &random)).map { _ in Self.component(&random) }
            func time() -> Int? { [nil, 0, 1_700_000_000, 999_999_999_999_999, 1_000_000_000_000_000].randomElement(using: &random)! }
            func string() -> String? { Bool.random(using: &random) ? nil : Self.text(&random, maximumLength: 40) }
            let parameters = HTTPSignatureParameters(components: components, created: time(), expires: time(), nonce: string(), algorithm: string(), keyID: string(), tag: string())
            #expect(Self.outcome(parameters.serialized) == Self.outcome(parameters.serializedByLibrary))
        }
    }

    @Test("signature parameters read from Signature-Input: re-serialised as the library re-serialises the member")
    func parametersReceived() throws {
        var random = SplitMix64(seed: 9651)
        let extras = [";x=1.5", ";t=tok", ";b", ";b=?0", ";bs=:AAA=:", ";n=-42", ";s=\"a\\\"b\"", ";d=@1700000000", ";created=5;created=7", ";nonce=\"x\";nonce=\"y\""]
        let items = [#""@method""#, #""content-type";sf"#, #""example-dict";key="a\\b""#, #""@query-param";name="q""#, #""foo";bar=5"#, #""foo";req;req"#, #""@status";req"#]
        var compared = 0
        for _ in 0..<3_000 {
            let list = (0..<Int.random(in: 0...4, using: &random)).map { _ in items.randomElement(using: &random)! }.joined(separator: " ")
            let parameters = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                [";created=1700000000", ";keyid=\"k \\\\ \\\"1\\\"\"", ";nonce=\"abc\"", ";alg=\"hmac-sha256\"", ";tag=\"web-bot-auth\""].randomElement(using: &random)!
            }.joined() + (Int.random(in: 0..<4, using: &random) == 0 ? extras.randomElement(using: &random)! : "")
            let headers: HeaderFields = ["Signature-Input": "sig1=(\(list))\(parameters)", "Signature": "sig1=:AAAA:"]
            guard let signatures = try? HTTPSignatureFields.signatures(in: headers) else { continue }
            let direct = try signatures.map { try $0.parameters.serialized() }
            #expect(direct == (try HTTPSignatureFields.receivedParametersByLibrary(in: headers)).compactMap { $0 }, "\(headers)")
            compared += 1
        }
        #expect(compared > 1_000)
    }

    @Test("a target URI's parts read from the URL are URLComponents' (hosts of every kind, ports, paths, queries, relative URLs)")
    func targetParts() {
        var random = SplitMix64(seed: 3986)
        func pick(_ choices: [String]) -> String { choices.randomElement(using: &random)! }
        var compared = 0
        for _ in 0..<5_000 {
            let host = pick(["api.example.com", "API.Example.COM", "h", "h.", "127.0.0.1", "xn--bcher-kva.example", "bücher.example", "[::1]", "[fe80::1%25en0]", "[::FFFF:1.2.3.4]", "a-b.c-d", "under_score", "sp%20ace", ""])
            let port = pick(["", "", ":", ":0", ":80", ":443", ":8080", ":65535", ":99999"])
            let path = pick(["", "/", "/v1/orders", "/a//b/../c", "/%7Efoo", "/ü", "/path;p", "/p%20q", "/a b", "/%zz"])
            let query = pick(["", "?", "?q", "?customer=4711&limit=20", "?x=%C3%A9", "?ö=ü", "?a+b=c%2B", "?q=a%zz", "?a=1&a=2&", "?x=[y]"])
            let text = pick(["https", "HTTP", "http"]) + "://" + pick(["", "", "user:pw@", "u@"]) + host + port + path + query + pick(["", "", "#frag"])
            let url = Bool.random(using: &random) ? URL(string: text) : URL(string: path + query, relativeTo: URL(string: text))
            guard let url else { continue }
            let parts = HTTPMessageRequest.targetParts(of: url)
            #expect(parts.read == parts.parsed, "\(text)")
            compared += 1
        }
        #expect(compared > 2_000)
    }
}
