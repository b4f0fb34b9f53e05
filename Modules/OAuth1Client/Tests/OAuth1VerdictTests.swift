import Foundation
import OAuth1Client
import SigningCore
import TestSupport
import Testing

/// `explain`'s verdicts are derived: each case below has one exact verdict, and a request
/// mutated at random after signing is always named by its mutation.
@Suite("Signature verdicts")
struct OAuth1VerdictTests {
    typealias Change = OAuth1BaseStringDifference.ParameterChange
    static let signer = OAuth1Signer(
        credentials: OAuth1Credentials(consumerKey: "ck", consumerSecret: "cs", token: "tk", tokenSecret: "ts"),
        clock: { Date(timeIntervalSince1970: 1_700_000_000) },
        nonce: { "fixednonce" }
    )

    /// A signed request and the base string its signer signed.
    struct Signed {
        var request: OAuth1Request
        var baseString: String

        init(_ signed: OAuth1SignedRequest) {
            request = signed.request
            baseString = signed.baseString
        }

        init(request: OAuth1Request, baseString: String) {
            self.request = request
            self.baseString = baseString
        }
    }

    static func sign(_ request: OAuth1Request) throws -> Signed { Signed(try signer.sign(request)) }

    /// The diagnosis of `sent` (signed as `signed`), with or without the signed base string.
    static func diagnose(_ sent: OAuth1Request, signed: Signed, consumerSecret: String = "cs", theirs: String?) throws -> OAuth1SignatureDiagnosis {
        try OAuth1IncomingRequest(
            method: sent.method, url: sent.url, authorizationHeader: signed.request.header("Authorization"),
            contentType: sent.header("Content-Type"), body: sent.body
        ).diagnose(consumerSecret: consumerSecret, tokenSecret: "ts", theirBaseString: theirs)
    }

    /// `request` signed by a signer that built `buggy(correct base string)` instead.
    static func signedByBuggySigner(_ request: OAuth1Request, _ buggy: (String) -> String) throws -> Signed {
        let correct = try signer.sign(request)
        let baseString = buggy(correct.baseString)
        let signature = try OAuth1Signature.compute(method: .hmacSHA1, baseString: baseString, consumerSecret: "cs", tokenSecret: "ts")
        var sent = correct.request
        sent.setHeader("Authorization", correct.authorizationHeader!.replacingOccurrences(of: PercentEncoding.encode(correct.signature), with: PercentEncoding.encode(signature)))
        return Signed(request: sent, baseString: baseString)
    }

    static let getURL = URL(string: "https://api.example.com/1/items?count=2&q=a")!
    static let postURL = URL(string: "https://api.example.com/1/statuses/update.json?trim=1")!

    @Test("unchanged: valid, with or without the signed base string")
    func unchanged() throws {
        let request = OAuth1Request(url: Self.getURL)
        let signed = try Self.sign(request)
        #expect(try Self.diagnose(signed.request, signed: signed, theirs: nil).verdict == .valid)
        #expect(try Self.diagnose(signed.request, signed: signed, theirs: signed.baseString).verdict == .valid)
    }

    @Test("valid against our secrets, but the other side's base string differs: not valid")
    func validButTheirsDiffers() throws {
        let signed = try Self.sign(OAuth1Request(url: Self.getURL))
        let diagnosis = try Self.diagnose(signed.request, signed: signed, theirs: signed.baseString.replacingOccurrences(of: "q%3Da", with: "q%3Db"))
        #expect(diagnosis.isValid)
        #expect(diagnosis.verdict == .baseStringsDiffer)
        #expect(diagnosis.summary[0].contains("the other side rejects it"))
    }

    @Test("a request changed after signing: the change is named given the signed base string; otherwise both causes are", arguments: [
        ("https://api.example.com/1/items?count=200&q=a", Change(name: "count", kind: .value, ours: "200", theirs: "2")),    // tampered query
        ("https://api.example.com/1/items?count=2&q=a&x=1", Change(name: "x", kind: .onlyOurs, ours: "1", theirs: nil)),     // extra parameter
        ("https://api.example.com/1/items?count=2", Change(name: "q", kind: .onlyTheirs, ours: nil, theirs: "a")),           // missing parameter
    ])
    func changedQuery(sentURL: String, expected: Change) throws {
        let signed = try Self.sign(OAuth1Request(url: Self.getURL))
        var sent = signed.request
        sent.url = URL(string: sentURL)!
        let given = try Self.diagnose(sent, signed: signed, theirs: signed.baseString)
        #expect(given.verdict == .baseStringsDiffer)
        #expect(given.difference?.parameters == [expected])
        #expect(given.difference?.method == nil && given.difference?.uri == nil)
        #expect(!given.summary.joined().contains("secret"))
        #expect(try Self.diagnose(sent, signed: signed, theirs: nil).verdict == .requestChangedOrSecretsDiffer)
    }

    @Test("tampered body")
    func tamperedBody() throws {
        let signed = try Self.sign(OAuth1Request(url: Self.postURL, form: [FormField("status", "hello world")]))
        var sent = signed.request
        sent.body = Array("status=hello+w0rld".utf8)
        let given = try Self.diagnose(sent, signed: signed, theirs: signed.baseString)
        #expect(given.verdict == .baseStringsDiffer)
        #expect(given.difference?.parameters == [Change(name: "status", kind: .value, ours: "hello%20w0rld", theirs: "hello%20world")])
        #expect(try Self.diagnose(sent, signed: signed, theirs: nil).verdict == .requestChangedOrSecretsDiffer)
    }

    @Test("wrong method")
    func wrongMethod() throws {
        let signed = try Self.sign(OAuth1Request(url: Self.getURL))
        var sent = signed.request
        sent.method = "DELETE"
        let given = try Self.diagnose(sent, signed: signed, theirs: signed.baseString)
        #expect(given.verdict == .baseStringsDiffer)
        #expect(given.difference?.method == .init(ours: "DELETE", theirs: "GET"))
        #expect(given.difference?.parameters == [])
        #expect(try Self.diagnose(sent, signed: signed, theirs: nil).verdict == .requestChangedOrSecretsDiffer)
    }

    @Test("wrong secret: the same base string on both sides blames the secrets; without it, both causes are named")
    func wrongSecret() throws {
        let signed = try Self.sign(OAuth1Request(url: Self.getURL))
        let given = try Self.diagnose(signed.request, signed: signed, consumerSecret: "not cs", theirs: signed.baseString)
        #expect(given.verdict == .secretsDiffer)
        #expect(given.summary.joined().contains("a secret differs"))
        let alone = try Self.diagnose(signed.request, signed: signed, consumerSecret: "not cs", theirs: nil)
        #expect(alone.verdict == .requestChangedOrSecretsDiffer)
    }

    @Test("a signer that builds the base string URI wrongly", arguments: [
        // (the request URL, the signer's mistake, the aspect named, whether a known mistake reproduces it alone)
        ("https://api.example.com/1/items", "https%3A%2F%2Fapi.example.com", "http%3A%2F%2Fapi.example.com", OAuth1BaseStringDifference.URIAspect.scheme, false),
        ("https://API.Example.com/1/items", "https%3A%2F%2Fapi.example.com", "https%3A%2F%2FAPI.Example.com", .hostCase, true),
        ("https://api.example.com:443/1/items", "https%3A%2F%2Fapi.example.com", "https%3A%2F%2Fapi.example.com%3A443", .port, true),
        ("https://api.example.com/1/caf%C3%A9", "caf%25C3%25A9", "caf%C3%A9", .pathEncoding, false),
    ])
    func wrongURI(url: String, correct: String, buggy: String, aspect: OAuth1BaseStringDifference.URIAspect, knownMistake: Bool) throws {
        let signed = try Self.signedByBuggySigner(OAuth1Request(url: URL(string: url)!)) { $0.replacingOccurrences(of: correct, with: buggy) }
        let given = try Self.diagnose(signed.request, signed: signed, theirs: signed.baseString)
        #expect(given.verdict == .baseStringsDiffer)
        #expect(given.difference?.uriAspects == [aspect])
        #expect(given.difference?.parameters == [])
        let alone = try Self.diagnose(signed.request, signed: signed, theirs: nil)
        if knownMistake {
            #expect(alone.verdict == .signerMistake)
            #expect(alone.mistakes.contains { $0.contains("does not normalise the base string URI") }, "\(alone.mistakes)")
        } else {
            #expect(alone.verdict == .requestChangedOrSecretsDiffer)
        }
    }

    @Test("'+' instead of '%20' for a space")
    func plusForSpace() throws {
        let signed = try Self.signedByBuggySigner(OAuth1Request(url: Self.postURL, form: [FormField("status", "a b")])) {
            $0.replacingOccurrences(of: "%2520", with: "%2B")
        }
        let given = try Self.diagnose(signed.request, signed: signed, theirs: signed.baseString)
        #expect(given.verdict == .baseStringsDiffer)
        #expect(given.difference?.parameters == [Change(name: "status", kind: .encoding, ours: "a%20b", theirs: "a+b")])
        #expect(given.difference?.findings == ["parameter 'status': ours 'status=a%20b', theirs 'status=a+b' (the same value; one side encoded spaces as '+' instead of '%20')"])
        let alone = try Self.diagnose(signed.request, signed: signed, theirs: nil)
        #expect(alone.verdict == .signerMistake)
        #expect(alone.mistakes.contains { $0.contains("encodes spaces as '+' instead of '%20'") })
    }

    /// What a random mutation did, for the verdict to name.
    enum Mutation: CaseIterable {
        case queryValue, addQuery, removeQuery, formValue, addForm, removeForm, method, path, host, scheme
    }

    @Test("a request mutated at random after signing: the verdict names the mutation", arguments: 0..<120)
    func randomMutation(seed: Int) throws {
        var random = RandomRequests(generator: SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9))
        var query = random.fields(1...3)
        var form = random.fields(1...3)
        let hasForm = random.chance(50)
        if !hasForm { form = [] }
        func url(scheme: String = "https", host: String = "api.example.com", path: String = "/1/items") -> URL {
            let text = query.map { PercentEncoding.encode($0.name) + "=" + PercentEncoding.encode($0.value) }.joined(separator: "&")
            return URL(string: "\(scheme)://\(host)\(path)?\(text)")!
        }
        let original = hasForm ? OAuth1Request(method: "POST", url: url(), form: form) : OAuth1Request(url: url())
        let signed = try Self.sign(original)
        let mutations = Mutation.allCases.filter { hasForm || ![.formValue, .addForm, .removeForm].contains($0) }
        let mutation = random.pick(mutations)
        var sent = signed.request
        var changed: String?
        func mutate(_ fields: inout [FormField]) {
            let index = random.int(0...fields.count - 1)
            switch mutation {
            case .queryValue, .formValue:
                changed = fields[index].name
                fields[index] = FormField(fields[index].name, fields[index].value + "x")
            case .addQuery, .addForm:
                let added = FormField(random.text(1...3), random.text(0...3))
                changed = added.name
                fields.insert(added, at: random.int(0...fields.count))
            default:
                changed = fields.remove(at: index).name
            }
        }
        switch mutation {
        case .queryValue, .addQuery, .removeQuery:
            mutate(&query)
            sent.url = url()
        case .formValue, .addForm, .removeForm:
            mutate(&form)
            sent.body = Array(FormEncoding.serialize(form).utf8)
        case .method: sent.method = hasForm ? "PUT" : "DELETE"
        case .path: sent.url = url(path: "/1/other")
        case .host: sent.url = url(host: "api2.example.com")
        case .scheme: sent.url = url(scheme: "http")
        }
        let given = try Self.diagnose(sent, signed: signed, theirs: signed.baseString)
        #expect(given.verdict == .baseStringsDiffer, "\(mutation)")
        let difference = try #require(given.difference)
        switch mutation {
        case .method:
            #expect(difference.method == .init(ours: sent.method, theirs: original.method))
            #expect(difference.parameters.isEmpty)
        case .path: #expect(difference.uriAspects == [.path])
        case .host: #expect(difference.uriAspects == [.host])
        case .scheme: #expect(difference.uriAspects == [.scheme])
        default:
            #expect(difference.changedParameters == [changed!], "\(mutation): \(difference)")
            #expect(difference.method == nil && difference.uri == nil)
        }
        let alone = try Self.diagnose(sent, signed: signed, theirs: nil)
        #expect(alone.verdict != .valid && alone.verdict != .secretsDiffer, "\(mutation): \(alone.summary)")
    }
}
