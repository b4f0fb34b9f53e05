import Foundation
import HTTPMessageSignatures
import Testing

/// Where two signature bases differ: the component, both values, the usual cause.
@Suite("Signature base difference")
struct BaseDifferenceTests {
    static let ours = HTTPSignatureBase(text: """
        "@method": POST
        "@authority": api.example.com
        "@path": /items
        "content-digest": sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:
        "example-dict";key="a: b": 1
        "@signature-params": ("@method" "@authority" "@path" "content-digest" "example-dict";key="a: b");created=1618884473;keyid="k"
        """)

    @Test("the same base: no difference")
    func same() {
        #expect(HTTPSignatureBaseDifference(ours: Self.ours, theirs: Self.ours) == nil)
    }

    @Test("a proxy's authority, a re-encoded body and another created: each line with both values and its cause")
    func changedLines() throws {
        let theirs = HTTPSignatureBase(text: Self.ours.text
            .replacingOccurrences(of: "api.example.com", with: "api.example.com:8443")
            .replacingOccurrences(of: "X48E9", with: "Y48E9")
            .replacingOccurrences(of: "created=1618884473", with: "created=1618884500"))
        let difference = try #require(HTTPSignatureBaseDifference(ours: Self.ours, theirs: theirs))
        #expect(difference.lines.map(\.identifier) == ["\"@authority\"", "\"content-digest\"", "\"@signature-params\""])
        #expect(difference.lines[0] == .init(identifier: "\"@authority\"", ours: "api.example.com", theirs: "api.example.com:8443"))
        #expect(difference.lines[0].likelyCause?.contains("PublicURLPolicy") == true)
        #expect(difference.lines[1].likelyCause?.contains("body was changed") == true)
        #expect(difference.description.split(separator: "\n").count == 3)
    }

    @Test("a component only one side covers; a key parameter holding ': ' is one identifier")
    func coveredByOneSide() throws {
        let theirs = HTTPSignatureBase(text: Self.ours.text.replacingOccurrences(of: "\"@path\": /items\n", with: "\"content-type\": application/json\n"))
        let difference = try #require(HTTPSignatureBaseDifference(ours: Self.ours, theirs: theirs))
        #expect(difference.lines == [
            .init(identifier: "\"@path\"", ours: "/items", theirs: nil),
            .init(identifier: "\"content-type\"", ours: nil, theirs: "application/json"),
        ])
        #expect(difference.lines[1].likelyCause?.contains("header was changed") == true)
    }

    @Test("the same lines in another order still differ")
    func order() throws {
        let lines = Self.ours.text.split(separator: "\n")
        let swapped = HTTPSignatureBase(text: ([lines[1], lines[0]] + lines[2...]).joined(separator: "\n"))
        let difference = try #require(HTTPSignatureBaseDifference(ours: Self.ours, theirs: swapped))
        #expect(difference.lines.map(\.identifier) == ["(order of the lines)"])
    }

    @Test("both values known: a header re-cased or folded, a query encoded otherwise, reordered or changed, which parameters differ")
    func preciseCauses() throws {
        func cause(_ identifier: String, _ ours: String, _ theirs: String) -> String {
            HTTPSignatureBaseDifference.Line(identifier: identifier, ours: ours, theirs: theirs).likelyCause ?? ""
        }
        #expect(cause("\"content-type\"", "application/json; charset=UTF-8", "application/json; charset=utf-8").contains("re-cased"))
        #expect(cause("\"accept\"", "a/b,c/d", "a/b, c/d").contains("folded"))
        #expect(cause("\"accept\"", "a/b", "c/d").hasPrefix("the header was changed on the way: folded, re-cased"))
        #expect(cause("\"@query\"", "?q=a+b&n=1", "?q=a%20b&n=1").hasPrefix("the same query, encoded differently"))
        #expect(cause("\"@query\"", "?a=1&b=2", "?b=2&a=1").hasPrefix("the same query parameters in another order"))
        #expect(cause("\"@query\"", "?a=1", "?a=2").hasPrefix("the query changed on the way"))
        let parameters = cause("\"@signature-params\"", #"("@method");created=10;keyid="a""#, #"("@method" "@path");created=12;keyid="b""#)
        #expect(parameters == #"the signature parameters differ: the covered components (ours "@method", theirs "@method" "@path"); created (ours 10, theirs 12, 2 s apart: two signatures, or a signer that read its clock twice); keyid (ours a, theirs b)"#)
        #expect(cause("\"@signature-params\"", "not parameters", "(").hasPrefix("the parameters differ: compare created"))
    }

    @Test("a reported base: as X-Signature-Base carries it (with or without the header's name), or its lines with CRLF; taken apart line by line")
    func reported() {
        let encoded = Self.ours.text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\n", with: "%0A")
        #expect(HTTPSignatureBase(reported: encoded) == Self.ours)
        #expect(HTTPSignatureBase(reported: "X-Signature-Base: " + encoded) == Self.ours)
        #expect(HTTPSignatureBase(reported: Self.ours.text.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n") == Self.ours)
        #expect(HTTPSignatureBase(reported: "100%") == HTTPSignatureBase(text: "100%"))
        let components = HTTPSignatureBaseDifference.components(of: Self.ours)
        #expect(components.map(\.identifier) == [#""@method""#, #""@authority""#, #""@path""#, #""content-digest""#, #""example-dict";key="a: b""#, #""@signature-params""#])
        #expect(components[4].value == "1")
    }
}
