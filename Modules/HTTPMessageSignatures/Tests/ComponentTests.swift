import Foundation
import HTTPMessageSignatures
import Testing

/// RFC 9421 §2.1–§2.2's component values, line by line as a signature base writes them.
@Suite struct ComponentTests {
    @Test("each example line", arguments: Vectors.components.cases)
    func lines(_ vector: Vectors.ComponentCase) throws {
        let message: HTTPMessage
        if let request = vector.request {
            message = .request(HTTPMessageRequest(method: request.method, url: URL(string: request.url)!, headers: Vectors.headers(request.headers), requestTarget: request.requestTarget))
        } else {
            let response = try #require(vector.response)
            message = .response(HTTPMessageResponse(status: response.status, headers: Vectors.headers(response.headers)))
        }
        for line in vector.lines {
            let split = try #require(line.range(of: ": "))
            let identifier = String(line[..<split.lowerBound])
            let component = try HTTPSignatureComponent(parsing: identifier)
            #expect(component.description == identifier)
            let base = try HTTPSignatureBase(parameters: HTTPSignatureParameters(components: [component]), message: message)
            #expect(base.text.split(separator: "\n").first.map(String.init) == line)
        }
    }

    @Test("typed identifiers serialise as the RFC writes them")
    func typedIdentifiers() {
        #expect(HTTPSignatureComponent.method.description == #""@method""#)
        #expect(HTTPSignatureComponent.queryParameter("Pet").description == #""@query-param";name="Pet""#)
        #expect(HTTPSignatureComponent.field("Example-Dict").member("a").description == #""example-dict";key="a""#)
        #expect(HTTPSignatureComponent.field("Example-Dict").structured.description == #""example-dict";sf"#)
        #expect(HTTPSignatureComponent.field("Example-Header").byteSequence.description == #""example-header";bs"#)
        #expect(HTTPSignatureComponent.authority.fromRequest.description == #""@authority";req"#)
    }

    @Test("parameter order does not make another identifier (§2)")
    func parameterOrder() throws {
        let one = try HTTPSignatureComponent(parsing: #""example-dict";key="a";req"#)
        let other = try HTTPSignatureComponent(parsing: #""example-dict";req;key="a""#)
        #expect(one == other)
        #expect(one.description != other.description)
    }

    @Test("an empty signature parameters list: B.2.1's minimal base")
    func emptyComponents() throws {
        let parameters = HTTPSignatureParameters(components: [], created: 1_618_884_473, nonce: "b3k2pp5k7z-50gnwp.yemd", keyID: "test-key-rsa-pss")
        let base = try HTTPSignatureBase(parameters: parameters, message: Vectors.message("test-request"))
        #expect(base.text == #""@signature-params": ();created=1618884473;keyid="test-key-rsa-pss";nonce="b3k2pp5k7z-50gnwp.yemd""#)
    }

    @Test("obsolete line folding with spaces before the line end becomes one space (obs-fold = OWS CRLF RWS, RFC 9112 §5.2)")
    func obsFoldWithSpacesBefore() throws {
        let request = HTTPMessageRequest(method: "GET", url: URL(string: "https://example.com/")!, headers: ["X-Folded": "a \r\n  b \t\n\tc"])
        let parameters = HTTPSignatureParameters(components: [.field("x-folded")], created: nil, expires: nil, nonce: nil, algorithm: nil, keyID: nil, tag: nil)
        let base = try HTTPSignatureBase(parameters: parameters, message: .request(request))
        #expect(base.text.hasPrefix("\"x-folded\": a b c\n"), "\(base.text)")
    }

    @Test("parameters read from a Signature-Input serialise as received, and from their properties once one is changed")
    func changedParameters() throws {
        let fields: HeaderFields = ["Signature-Input": #"sig1=("@method");keyid="a";created=1;foo=bar"#, "Signature": "sig1=:AAAA:"]
        var parameters = try #require(HTTPSignatureFields.signatures(in: fields).first).parameters
        #expect(try parameters.serialized() == #"("@method");keyid="a";created=1;foo=bar"#)
        parameters.keyID = "b"
        #expect(try parameters.serialized() == #"("@method");created=1;keyid="b""#)
    }
}
