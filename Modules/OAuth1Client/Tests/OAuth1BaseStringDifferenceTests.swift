import Foundation
import OAuth1Client
import SigningCore
import Testing

@Suite("Base string differences")
struct OAuth1BaseStringDifferenceTests {
    typealias Change = OAuth1BaseStringDifference.ParameterChange
    static let ours = signingVectors[4].baseString  // Twitter: query + form + header

    @Test("identical base strings have no difference")
    func identical() {
        let difference = OAuth1BaseStringDifference(ours: Self.ours, theirs: Self.ours)
        #expect(difference.isIdentical)
        #expect(difference.findings.isEmpty)
        #expect(difference.parameters.isEmpty && difference.method == nil && difference.uri == nil && difference.uriAspects.isEmpty)
        #expect(difference.description == "the base strings are identical")
    }

    @Test("their base string may be given percent-encoded once (as some logs show it)")
    func encodedTheirs() {
        let difference = OAuth1BaseStringDifference(ours: Self.ours, theirs: PercentEncoding.encode(Self.ours))
        #expect(difference.isIdentical)
        #expect(difference.theirs == Self.ours)
    }

    @Test("method and parameters as values; token values redacted in the findings")
    func methodAndParameters() {
        let theirs = Self.ours.replacingOccurrences(of: "POST&", with: "GET&").replacingOccurrences(of: "include_entities%3Dtrue%26", with: "")
        let difference = OAuth1BaseStringDifference(ours: Self.ours, theirs: theirs)
        #expect(difference.method == .init(ours: "POST", theirs: "GET"))
        #expect(difference.parameters == [Change(name: "include_entities", kind: .onlyOurs, ours: "true", theirs: nil)])
        #expect(difference.changedParameters == ["include_entities"])
        #expect(difference.findings == ["method: ours 'POST', theirs 'GET'", "only ours has 'include_entities=true'"])
        let token = OAuth1BaseStringDifference(ours: Self.ours, theirs: Self.ours.replacingOccurrences(of: "oauth_token%3D370773112", with: "oauth_token%3D999"))
        #expect(token.changedParameters == ["oauth_token"])
        #expect(token.description.contains("oauth_token=…"))
        #expect(!token.description.contains("370773112") && !token.description.contains("999"))
    }

    @Test("a value change, an encoding change and '+' read two ways are told apart", arguments: [
        // (their status value as signed, expected kind, words of the hint)
        ("Hello%2520Ladies%2520%252B%2520Gentlemen%252C%2520a%2520signed%2520OAuth%2520request%2521x", Change.Kind.value, nil),
        ("Hello%2BLadies%2B%252B%2BGentlemen%252C%2Ba%2Bsigned%2BOAuth%2Brequest%2521", .encoding, "'+' instead of '%20'"),
        ("Hello%2520Ladies%2520%252b%2520Gentlemen%252c%2520a%2520signed%2520OAuth%2520request%2521", .encoding, "uppercase hex"),
        ("Hello%2520Ladies%2520%252B%2520Gentlemen%252C%2520a%2520signed%2520OAuth%2520request!", .encoding, "only A-Z a-z 0-9 - . _ ~"),
        ("Hello%2520Ladies%2520%2520%2520Gentlemen%252C%2520a%2520signed%2520OAuth%2520request%2521", .value, "'+' was read as a space"),
    ] as [(String, Change.Kind, String?)])
    func parameterKinds(theirValue: String, kind: Change.Kind, hint: String?) throws {
        let signed = "Hello%2520Ladies%2520%252B%2520Gentlemen%252C%2520a%2520signed%2520OAuth%2520request%2521"
        let difference = OAuth1BaseStringDifference(ours: Self.ours, theirs: Self.ours.replacingOccurrences(of: "status%3D" + signed, with: "status%3D" + theirValue))
        let change = try #require(difference.parameters.first)
        #expect(difference.parameters.count == 1)
        #expect(change.name == "status")
        #expect(change.kind == kind)
        #expect(change.ours == (try PercentEncoding.decode(signed)))
        if let hint {
            #expect(change.description.contains(hint), "\(change)")
        } else {
            #expect(!change.description.contains("("), "\(change)")
        }
    }

    @Test("the base string URI's differences are named", arguments: [
        ("http%3A%2F%2Fapi.twitter.com%2F1.1%2Fstatuses%2Fupdate.json", [OAuth1BaseStringDifference.URIAspect.scheme]),
        ("https%3A%2F%2Fapi.x.com%2F1.1%2Fstatuses%2Fupdate.json", [.host]),
        ("https%3A%2F%2FAPI.Twitter.com%2F1.1%2Fstatuses%2Fupdate.json", [.hostCase]),
        ("https%3A%2F%2Fapi.twitter.com%3A443%2F1.1%2Fstatuses%2Fupdate.json", [.port]),
        ("https%3A%2F%2Fapi.twitter.com%2F1.1%2Fstatuses%2Fupdate.xml", [.path]),
        ("https%3A%2F%2Fapi.twitter.com%2F1.1%2Fstatuses%2Fupdate%252Ejson", [.pathEncoding]),
        ("https%3A%2F%2Fapi.twitter.com%2F1.1%2Fstatuses%2Fupdate.json%3Finclude_entities%3Dtrue", [.query]),
        ("http%3A%2F%2FAPI.twitter.com%3A80%2F1.1", [.scheme, .hostCase, .port, .path]),
    ])
    func uriAspects(theirURI: String, aspects: [OAuth1BaseStringDifference.URIAspect]) {
        let uri = "https%3A%2F%2Fapi.twitter.com%2F1.1%2Fstatuses%2Fupdate.json"
        let difference = OAuth1BaseStringDifference(ours: Self.ours, theirs: Self.ours.replacingOccurrences(of: "POST&" + uri + "&", with: "POST&" + theirURI + "&"))
        #expect(difference.uriAspects == aspects)
        #expect(difference.uri?.ours == "https://api.twitter.com/1.1/statuses/update.json")
        #expect(difference.parameters.isEmpty && difference.method == nil)
        #expect(difference.findings.count == 1)
        #expect(difference.findings[0].contains(aspects[0].description))
    }

    @Test("the same parameters in another order")
    func reordered() {
        let parameters = ["a%3D1", "b%3D2"]
        let difference = OAuth1BaseStringDifference(ours: "GET&u&" + parameters.joined(separator: "%26"), theirs: "GET&u&" + parameters.reversed().joined(separator: "%26"))
        #expect(difference.isReordered)
        #expect(difference.parameters.isEmpty)
        #expect(difference.findings == ["the same parameters in a different order; sort by encoded name, then value"])
    }

    @Test("duplicate names pair up by value; what cannot pair is one side's only")
    func duplicates() {
        let difference = OAuth1BaseStringDifference(ours: "GET&u&a%3D1%26a%3D2%26a%3D3", theirs: "GET&u&a%3D1%26a%3D5")
        #expect(difference.parameters == [Change(name: "a", kind: .value, ours: "2", theirs: "5"), Change(name: "a", kind: .onlyOurs, ours: "3", theirs: nil)])
        #expect(difference.changedParameters == ["a"])
    }

    @Test("malformed and hostile base strings never crash", arguments: ["", "&", "&&&&", "garbage", "%", "%ZZ&%&%", "GET&%ZZ&a%3D%ZZ", String(repeating: "a%3D1%26", count: 20_000), "GET&http%3A%2F%2F%5B%3A%3A1%5D%3A8080%2F&"])
    func hostile(theirs: String) {
        let difference = OAuth1BaseStringDifference(ours: Self.ours, theirs: theirs)
        #expect(!difference.isIdentical)
        #expect(!difference.findings.isEmpty)
    }
}
