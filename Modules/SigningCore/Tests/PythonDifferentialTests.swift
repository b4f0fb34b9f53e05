import TestSupport
import SigningCore
import Testing

/// SigningCore against CPython's `hashlib`, `hmac` and `urllib.parse` on random input.
@Suite(
    "Differential: SigningCore vs Python",
    .enabled(if: StandardLibraryPeer.isEnabled, "python3 not found on PATH: Python peer checks skipped (they fail when CI=true)"),
    .heavy
)
struct PythonDifferentialTests {
    private static let algorithms: [(name: String, blockSize: Int, hash: @Sendable ([UInt8]) -> Digest, hmac: @Sendable ([UInt8], [UInt8]) -> Digest)] = [
        ("sha1", 64, { SHA1.hash($0) }, { HMAC<SHA1>(key: $0).authenticationCode(for: $1) }),
        ("sha256", 64, { SHA256.hash($0) }, { HMAC<SHA256>(key: $0).authenticationCode(for: $1) }),
        ("sha512", 128, { SHA512.hash($0) }, { HMAC<SHA512>(key: $0).authenticationCode(for: $1) }),
    ]

    @Test func hashesAndHMACs() async throws {
        var random = SplitMix64(seed: 0xC0FF_EE)
        var requests: [StandardLibraryPeer.Request] = []
        var ours: [String] = []
        for algorithm in Self.algorithms {
            for _ in 0..<1000 {
                let message = random.bytes(random.messageLength(blockSize: algorithm.blockSize))
                requests.append(.init(op: "hash", alg: algorithm.name, msg: Hex.encode(message)))
                ours.append(algorithm.hash(message).hex)
                let key = random.bytes(Int.random(in: 0...(2 * algorithm.blockSize + 1), using: &random))
                requests.append(.init(op: "hmac", alg: algorithm.name, key: Hex.encode(key), msg: Hex.encode(message)))
                ours.append(algorithm.hmac(key, message).hex)
            }
        }
        let theirs = try await StandardLibraryPeer.run(requests, as: String.self)
        for (index, (mine, python)) in zip(ours, theirs).enumerated() where mine != python {
            Issue.record("request \(index) (\(requests[index].op) \(requests[index].alg ?? "")): ours \(mine), Python \(python)")
        }
    }

    /// Random Unicode text: ASCII (controls included), Latin-1, the rest of the BMP and astral scalars.
    private static func randomText(_ random: inout SplitMix64) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...24, using: &random) {
            let range: ClosedRange<UInt32> = switch Int.random(in: 0..<10, using: &random) {
            case 0..<6: 0...0x7F
            case 6: 0x80...0xFF
            case 7, 8: 0x100...0xD7FF
            default: 0x1_0000...0x10_FFFF
            }
            scalars.append(Unicode.Scalar(UInt32.random(in: range, using: &random))!)
        }
        return String(scalars)
    }

    /// `PercentEncoding.encode` equals `urllib.parse.quote(s, safe="~")`, and decodes back.
    @Test func percentEncoding() async throws {
        var random = SplitMix64(seed: 3986)
        let texts = (0..<3000).map { _ in Self.randomText(&random) }
        let theirs = try await StandardLibraryPeer.run(texts.map { .init(op: "quote", text: $0) }, as: String.self)
        for (text, python) in zip(texts, theirs) {
            let mine = PercentEncoding.encode(text)
            #expect(mine == python, "\(text.debugDescription)")
            #expect(try PercentEncoding.decode(mine) == text)
        }
    }

    /// Query strings built from escapes, separators and raw characters: `FormEncoding.parse`
    /// equals `urllib.parse.parse_qsl(q, keep_blank_values=True)`.
    @Test func formParsing() async throws {
        let tokens = ["a", "b", "Z", "0", "~", "-", ".", "_", "*", "!", "'", "(", ")", ",", ";", ":", "@", "/", "?",
                      "=", "=", "&", "&", "&", "+", "%20", "%26", "%3D", "%2B", "%25", "%C3%A9", "%e2%98%83",
                      "%F0%9F%98%80", "é", "☃"]
        var random = SplitMix64(seed: 1866)
        let queries = (0..<3000).map { _ in
            (0..<Int.random(in: 0...30, using: &random)).map { _ in tokens.randomElement(using: &random)! }.joined()
        }
        let theirs = try await StandardLibraryPeer.run(queries.map { .init(op: "parse", text: $0) }, as: [[String]].self)
        for (query, python) in zip(queries, theirs) {
            let mine = try FormEncoding.parse(query).map { [$0.name, $0.value] }
            #expect(mine == python, "\(query.debugDescription)")
        }
    }

    /// `FormEncoding.serialize` equals `urllib.parse.urlencode` (which uses `quote_plus`).
    @Test func formSerialising() async throws {
        var random = SplitMix64(seed: 1867)
        let forms = (0..<2000).map { _ in
            (0..<Int.random(in: 0...5, using: &random)).map { _ in FormField(Self.randomText(&random), Self.randomText(&random)) }
        }
        let requests = forms.map { StandardLibraryPeer.Request(op: "urlencode", fields: $0.map { [$0.name, $0.value] }) }
        let theirs = try await StandardLibraryPeer.run(requests, as: String.self)
        for (fields, python) in zip(forms, theirs) {
            #expect(FormEncoding.serialize(fields) == python, "\(fields)")
        }
    }
}
