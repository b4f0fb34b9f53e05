import Foundation
import HTTPMessageSignatures
import TestSupport

/// A key both sides hold: this package's signing and verifying halves, and what the Python
/// peer loads (the HMAC secret, or PEM documents).
struct PeerKey: Sendable {
    var algorithm: String
    var signing: any HTTPMessageSigningKey
    var verifying: any HTTPMessageVerifyingKey
    /// The HMAC secret in Base64.
    var secret: String?
    var privatePEM: String?
    var publicPEM: String?
}

/// A change to a signed request that alters a covered component (or the content a covered
/// `Content-Digest` vouches for), applied alike here and in the peer script.
struct PeerTamper: Codable, Sendable, Hashable {
    /// `method`, `url`, `header` (the `index`-th line named `name` gets `value`) or `body`
    /// (`value` in Base64).
    var kind: String
    var value: String
    var name: String?
    var index: Int?
}

/// One random request, how it is signed, and how it is tampered: what the peer script reads.
struct PeerCase: Codable, Sendable {
    var op: String
    var alg: String
    var secret: String?
    var privatePEM: String?
    var publicPEM: String?
    var method: String
    var url: String
    /// Header lines in order, `[name, value]`.
    var headers: [[String]]
    /// The content, in Base64.
    var body: String
    /// Covered component identifiers as serialised in a signature base.
    var components: [String]
    var label: String
    var keyid: String
    var tag: String?
    var nonce: String?
    var created: Int
    var expires: Int?
    var includeAlg: Bool
    /// `none` (no digest), `add` (the signer computes it), `existing` (the request carries one).
    var digest: String
    /// When the verifier runs (seconds since 1970).
    var now: Int
    var tamper: PeerTamper

    enum CodingKeys: String, CodingKey {
        case op, alg, secret, method, url, headers, body, components, label, keyid, tag, nonce, created, expires, digest, now, tamper
        case privatePEM = "private_pem", publicPEM = "public_pem", includeAlg = "include_alg"
    }
}

/// What the peer answered for one case.
struct PeerAnswer: Codable, Sendable {
    /// Whether the peer verified the request (signed here, or its own signature).
    var valid: Bool?
    var error: String?
    /// The peer's signature base.
    var base: String?
    /// Whether the peer verified the tampered copy (it must not).
    var tamperedValid: Bool?
    var tamperedError: String?
    /// For `sign`: every header line of the request the peer signed.
    var headers: [[String]]?

    enum CodingKeys: String, CodingKey {
        case valid, error, base, headers
        case tamperedValid = "tampered_valid", tamperedError = "tampered_error"
    }
}

/// A drawn case with the typed components this package signs with.
struct PeerDraw: Sendable {
    var peerCase: PeerCase
    var components: [HTTPSignatureComponent]
    var key: PeerKey

    /// The request before signing.
    var request: HTTPMessageRequest {
        HTTPMessageRequest(
            method: peerCase.method, url: URL(string: peerCase.url)!, headers: HeaderFields(peerCase.headers.map { .init(name: $0[0], value: $0[1]) }),
            body: Array(Data(base64Encoded: peerCase.body)!)
        )
    }

    /// The signer for this case.
    var signer: HTTPMessageSigner {
        var nonce: (@Sendable () -> String)?
        if let value = peerCase.nonce { nonce = { value } }
        var expiresAfter: Duration?
        if let expires = peerCase.expires { expiresAfter = .seconds(expires - peerCase.created) }
        return HTTPMessageSigner(
            key: key.signing, keyID: peerCase.keyid, components: components, label: peerCase.label, tag: peerCase.tag,
            expiresAfter: expiresAfter, nonce: nonce, includesAlgorithm: peerCase.includeAlg
        )
    }

    /// The verifier for this case: the key under its keyid, the signature chosen by tag when
    /// there is one (the foreign signature has another) or by label, nothing more required.
    var verifier: HTTPMessageSignatureVerifier {
        HTTPMessageSignatureVerifier(
            keys: [peerCase.keyid: key.verifying], selection: peerCase.tag.map { .tag($0) } ?? .label(peerCase.label), requirements: .none
        )
    }

    var createdDate: Date { Date(timeIntervalSince1970: TimeInterval(peerCase.created)) }
    var nowDate: Date { Date(timeIntervalSince1970: TimeInterval(peerCase.now)) }

    /// `request` with the tampering applied.
    func tampered(_ request: HTTPMessageRequest) -> HTTPMessageRequest {
        var copy = request
        let tamper = peerCase.tamper
        switch tamper.kind {
        case "method": copy.method = tamper.value
        case "url":
            copy.url = URL(string: tamper.value)!
            copy.requestTarget = HTTPMessageRequest(method: copy.method, url: copy.url).requestTarget
        case "body": copy.body = Array(Data(base64Encoded: tamper.value)!)
        default:
            var seen = 0
            copy.headers = HeaderFields(request.headers.fields.map { field in
                guard field.name.lowercased() == tamper.name!.lowercased() else { return field }
                defer { seen += 1 }
                return seen == tamper.index! ? .init(name: field.name, value: tamper.value) : field
            })
        }
        return copy
    }
}

/// Draws random requests for the peer: methods, targets with percent-encoded and UTF-8
/// queries, repeated and empty header lines, structured fields, bodies with `Content-Digest`,
/// covered components with their parameters, and the signature parameters.
///
/// The space is restricted where `http-message-signatures` 3.0.0 departs from RFC 9421 or
/// reads what the RFC leaves open otherwise than this package (each restriction says where):
/// - Methods are uppercase: `resolvers.py`, `HTTPSignatureComponentResolver._validate_method`
///   refuses any other method, though RFC 9421 §2.2.1 signs the method as sent, case and all
///   (`PeerTests.lowercaseMethod`).
/// - When `@target-uri` is covered the URL has a lowercase scheme and host and no default port:
///   `resolvers.py`, `get_target_uri` signs the URL's spelling (`parts.scheme`,
///   `parts.authority`) where this package normalises it as `@authority` is (RFC 9421 §2.2.2
///   does not say; `PeerTests.targetURISpelling`).
/// - `sf` only on fields both know to be structured: the library takes the type from http_sf's
///   registry (`resolvers.py`, `resolve`; `http_sf/retrofit.py`) and refuses others, this
///   package tries Dictionary, List and Item in turn.
/// - `Content-Digest` names only `sha-256` and `sha-512`: `digests.py`, `ContentDigest._parse`
///   refuses a field naming any other algorithm, where RFC 9530 §2 lets a recipient ignore it.
/// - URLs are strict RFC 3986 (every byte outside it percent-encoded): `_url.py`, `parse_url`.
/// - `@query-param` names are written in their canonical encoding (the name decoded, then
///   encoded with the form-urlencoded set, RFC 9421 §2.2.8): `get_query_params` compares
///   `urllib.parse.unquote(name)`, which leaves `+` alone, with names `parse_qs` decoded.
struct PeerRequests: RandomEncodingDraws {
    var generator: SplitMix64

    static let methods = ["GET", "GET", "POST", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "QUERY", "PURGE"]
    static let formSet = PercentEncoding.AllowedSet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789*-._")
    /// Unreserved, and the sub-delimiters and `:@/?` a query may carry as they are (not `&`, `=`, `+`, `#`).
    static let looseQuerySet = PercentEncoding.AllowedSet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$'()*,;:@/?")
    static let loosePathSet = PercentEncoding.AllowedSet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@")
    static let printable = (0x20...0x7E).map { Character(UnicodeScalar(UInt8($0))) }

    /// Printable ASCII (quotes and backslashes included), `lengths` long.
    mutating func printableText(_ lengths: ClosedRange<Int>) -> String {
        String((0..<int(lengths)).map { _ in pick(Self.printable) })
    }

    /// A structured-field key: a lowercase letter or `*`, then lowercase letters, digits, `_-.*`.
    mutating func sfKey() -> String {
        let first = Array("abcdefghijklmnopqrstuvwxyz*")
        let rest = Array("abcdefghijklmnopqrstuvwxyz0123456789_-.*")
        return String(pick(first)) + String((0..<int(0...5)).map { _ in pick(rest) })
    }

    /// A bare item, sometimes written loosely (a decimal with trailing zeros, `?1` spelled out).
    mutating func bareItem() -> String {
        switch int(0...6) {
        case 0: return String(int(-999_999...999_999))
        case 1: return "\(int(-999...999)).\(pick(["0", "5", "25", "125", "50", "500", "1", "10"]))"
        case 2: return "\"" + printableText(0...8).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        case 3: return pick(["foo", "*bar", "a/b", "text/html", "x:y", "Tok3n!#$%&'*+-.^_`|~"])
        case 4: return ":" + Data((0..<int(0...12)).map { _ in UInt8(int(0...255)) }).base64EncodedString() + ":"
        case 5: return pick(["?0", "?1"])
        default: return pick(["@1700000000", "@-5", "%\"caf%c3%a9 %22\"", "%\"\""])
        }
    }

    /// Parameters `;k=v…`, `;k` for true, sometimes `;k=?1` spelled out.
    mutating func parameters() -> String {
        var used = Set<String>()
        var text = ""
        for _ in 0..<(chance(60) ? 0 : int(1...3)) {
            let key = sfKey()
            guard used.insert(key).inserted else { continue }
            text += chance(30) ? ";\(key)" : ";\(key)=\(bareItem())"
        }
        return text
    }

    /// An Item or Inner List with parameters.
    mutating func member() -> String {
        if chance(20) {
            return "(" + (0..<int(0...3)).map { _ in bareItem() + parameters() }.joined(separator: pick([" ", "  "])) + ")" + parameters()
        }
        return bareItem() + parameters()
    }

    /// A Dictionary's members, unique keys, as `(key, value)` (`value` nil for a bare `true` key).
    mutating func dictionaryMembers() -> [(key: String, value: String?)] {
        var members: [(key: String, value: String?)] = []
        for _ in 0..<int(1...4) {
            let key = sfKey()
            guard !members.contains(where: { $0.key == key }) else { continue }
            members.append((key, chance(20) ? nil : member()))
        }
        return members
    }

    /// The members serialised with loose whitespace around the commas.
    mutating func dictionaryText(_ members: [(key: String, value: String?)]) -> String {
        var text = ""
        for (index, member) in members.enumerated() {
            if index > 0 { text += pick([",", ", ", " ,  ", ",\t"]) }
            text += member.key + (member.value.map { "=" + $0 } ?? parameters())
        }
        return text
    }

    /// A header value of printable ASCII, tabs and spaces inside and sometimes around it.
    mutating func asciiValue() -> String {
        var value = printableText(0...16)
        if chance(20) { value = value.isEmpty ? "a\tb" : value + "\t" + printableText(1...4) }
        if chance(20) { value = pick([" ", "\t", "  "]) + value + pick(["", " ", "\t "]) }
        return value
    }

    /// One query pair, encoded one of several ways.
    mutating func queryPair(_ field: FormField) -> (name: String, value: String?) {
        func encode(_ text: String, _ style: Int) -> String {
            switch style {
            case 0: return PercentEncoding.encode(text).replacingOccurrences(of: "%20", with: "+")
            case 1: return PercentEncoding.encode(text)
            case 2: return PercentEncoding.encode(text, allowing: Self.looseQuerySet)
            default:
                // Lowercase hex digits in the escapes.
                var output = ""
                var rest = Substring(PercentEncoding.encode(text))
                while let percent = rest.firstIndex(of: "%") {
                    output += rest[..<percent]
                    let end = rest.index(percent, offsetBy: 3)
                    output += rest[percent..<end].lowercased()
                    rest = rest[end...]
                }
                return output + rest
            }
        }
        let style = int(0...3)
        let name = encode(field.name, style)
        if field.value.isEmpty, chance(30) { return (name, nil) }
        return (name, encode(field.value, style))
    }

    /// The query text of `pairs`, with an empty pair (`a=1&&b=2`) before `emptyPairAt` when set.
    static func queryText(_ pairs: [(name: String, value: String?)], emptyPairAt: Int?) -> String {
        var texts = pairs.map { $0.name + ($0.value.map { "=" + $0 } ?? "") }
        if let emptyPairAt { texts.insert("", at: min(emptyPairAt, texts.count)) }
        return texts.joined(separator: "&")
    }

    /// A random case for `op` (`sign`: the peer signs; `verify`: this package signs), with
    /// `foreignKey` signing a second, foreign signature on some.
    mutating func draw(op: String, key: PeerKey, foreignKey: HTTPSignatureHMACKey) -> PeerDraw {
        let method = pick(Self.methods)
        var scheme = pick(["https", "https", "http", "HTTPS", "Http"])
        var host = pick(["example.com", "api.example.com", "API.Example.COM", "127.0.0.1", "[2001:db8::1]", "[2001:DB8::A]", "xn--bcher-kva.example", "sub-domain.test"])
        var port = pick(["", "", "", ":80", ":443", ":8080", ":65535"])
        var path = (0..<int(0...3)).map { _ in
            "/" + PercentEncoding.encode(text(0...4), allowing: chance(50) ? .unreserved : Self.loosePathSet)
        }.joined()
        if chance(10) { path += "/" }
        if path.isEmpty, method == "OPTIONS" || chance(50) { path = "/" }
        let fields = fields(0...5)
        let pairs = fields.map { queryPair($0) }
        let hasQuery = !pairs.isEmpty || chance(10)
        let emptyPairAt = chance(10) && !pairs.isEmpty ? int(0...pairs.count) : nil
        let queryText = { (pairs: [(name: String, value: String?)]) in Self.queryText(pairs, emptyPairAt: emptyPairAt) }

        // Content and its headers.
        var body: [UInt8] = []
        var headers: [(name: String, value: String)] = []
        var digest = "none"
        if ["POST", "PUT", "PATCH", "QUERY"].contains(method), chance(75) {
            switch int(0...2) {
            case 0: body = Array("{\"text\":\"\(text(0...8).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))\"}".utf8)
            case 1: body = Array(FormEncoding.serialize(self.fields(1...4)).utf8)
            default: body = (0..<int(0...64)).map { _ in UInt8(int(0...255)) }
            }
            if chance(85) {
                headers.append((pick(["Content-Type", "content-type"]), pick(["application/json", "text/plain; charset=utf-8", "application/x-www-form-urlencoded", "application/octet-stream"])))
            }
        }
        if !body.isEmpty || chance(5) {
            digest = "add"
            if chance(30) {
                digest = "existing"
                let sha256 = HTTPContentDigest.value(for: body, algorithm: .sha256)
                let sha512 = HTTPContentDigest.value(for: body, algorithm: .sha512)
                headers.append(("Content-Digest", pick([sha512, sha256 + ", " + sha512, sha512 + ",  " + sha256])))
            }
        }
        if chance(70) { headers.append((pick(["X-Example", "x-example"]), asciiValue())) }
        if chance(40) { for _ in 0..<int(2...3) { headers.append(("X-Repeat", chance(25) ? "" : asciiValue())) } }
        if chance(30) { headers.append(("X-Empty", pick(["", " ", "\t"]))) }
        var priority: [(key: String, value: String?)] = []
        if chance(40) {
            priority = dictionaryMembers()
            headers.append(("Priority", dictionaryText(priority)))
        }
        var exampleDict: [(key: String, value: String?)] = []
        if chance(40) {
            exampleDict = dictionaryMembers()
            headers.append(("Example-Dict", dictionaryText(exampleDict)))
        }
        if chance(30) { headers.append(("Cache-Status", (0..<int(1...3)).map { _ in member() }.joined(separator: pick([", ", ","])))) }
        if chance(15) { headers.append(("Origin-Agent-Cluster", pick(["?1", "?0", " ?1"]))) }
        if chance(20) { headers.append(("X-Obs", pick(["café", "naïve ☃", "日本", "a\u{00A0}b"]))) }
        if chance(30) { headers.append(("Date", "Tue, 14 Nov 2023 22:13:20 GMT")) }
        // Interleave the lines (repeated names stay in their order).
        for index in headers.indices.reversed() where index > 0 {
            let other = int(0...index)
            if headers[index].name != headers[other].name { headers.swapAt(index, other) }
        }
        let lines = { (name: String) in headers.enumerated().filter { $0.element.name.lowercased() == name }.map(\.offset) }

        // The covered components, each with a tampering that changes what it covers.
        var candidates: [(component: HTTPSignatureComponent, tamper: PeerTamper?)] = []
        candidates.append((.method, nil))
        candidates.append((.targetURI, nil))
        candidates.append((.authority, nil))
        candidates.append((.scheme, nil))
        candidates.append((.requestTarget, nil))
        candidates.append((.path, nil))
        if hasQuery { candidates.append((.query, nil)) }
        // @query-param: names that occur once once decoded.
        let decodedNames = fields.map(\.name)
        for (index, field) in fields.enumerated() where decodedNames.filter({ $0 == field.name }).count == 1 && !field.name.isEmpty {
            candidates.append((.queryParameter(PercentEncoding.encode(field.name, allowing: Self.formSet)), PeerTamper(kind: "query-param", value: String(index))))
        }
        var seenFields = Set<String>()
        for (name, _) in headers where seenFields.insert(name.lowercased()).inserted {
            let field = HTTPSignatureComponent.field(name)
            let count = lines(field.name).count
            let line = { (value: String) in PeerTamper(kind: "header", value: value, name: name, index: 0) }
            switch field.name {
            case "x-obs":
                candidates.append((field.byteSequence, line(headers[lines(field.name)[0]].value + "x")))
            case "content-digest":
                break
            case "priority", "example-dict":
                let members = field.name == "priority" ? priority : exampleDict
                var changed = members
                let victim = int(0...members.count - 1)
                changed[victim].value = String(1_000_000 + int(0...9))
                let tamper = line(dictionaryText(changed))
                candidates.append((field, tamper))
                if field.name == "priority" { candidates.append((field.structured, tamper)) }
                candidates.append((field.member(members[victim].key), tamper))
                if chance(30), field.name == "priority" { candidates.append((field.member(members[victim].key).structured, tamper)) }
            case "cache-status":
                let tamper = line(headers[lines(field.name)[0]].value + ", tampered")
                candidates.append((field, tamper))
                candidates.append((field.structured, tamper))
            case "origin-agent-cluster":
                let tamper = line(headers[lines(field.name)[0]].value.contains("?1") ? "?0" : "?1")
                candidates.append((field, tamper))
                candidates.append((field.structured, tamper))
            case "content-type":
                candidates.append((field, line("text/tampered")))
                candidates.append((field.structured, line("text/tampered")))
            default:
                let index = int(0...count - 1)
                let tamper = PeerTamper(kind: "header", value: headers[lines(field.name)[index]].value + "x", name: name, index: index)
                candidates.append((field, tamper))
                candidates.append((field.byteSequence, tamper))
            }
        }
        var chosen: [(component: HTTPSignatureComponent, tamper: PeerTamper?)] = []
        for _ in 0..<int(1...7) {
            let candidate = pick(candidates)
            if !chosen.contains(where: { $0.component == candidate.component }) { chosen.append(candidate) }
        }
        if digest != "none" {
            let bodyTamper = PeerTamper(kind: "body", value: Data(body + [UInt8(ascii: "x")]).base64EncodedString())
            chosen.insert((.contentDigest, bodyTamper), at: int(0...chosen.count))
            if chance(15) { chosen.append((HTTPSignatureComponent.contentDigest.structured, bodyTamper)) }
        }
        let components = chosen.map(\.component)
        if components.contains(.targetURI) {
            // http-message-signatures signs the URL's own spelling in @target-uri (see above).
            scheme = scheme.lowercased()
            host = host.lowercased()
            if (scheme == "http" && port == ":80") || (scheme == "https" && port == ":443") { port = "" }
        }
        let base = "\(scheme)://\(host)\(port)\(path)"
        let url = base + (hasQuery ? "?" + queryText(pairs) : "")

        // The tampering: of a component chosen at random.
        let victim = pick(chosen)
        var tamper: PeerTamper
        switch victim.component {
        case .method: tamper = PeerTamper(kind: "method", value: pick(Self.methods.filter { $0 != method }))
        case .authority: tamper = PeerTamper(kind: "url", value: "\(scheme)://tampered.example\(port)\(path)" + (hasQuery ? "?" + queryText(pairs) : ""))
        case .scheme: tamper = PeerTamper(kind: "url", value: (scheme.lowercased() == "https" ? "http" : "https") + url.drop { $0 != ":" })
        case .path: tamper = PeerTamper(kind: "url", value: "\(scheme)://\(host)\(port)\(path)/tampered" + (hasQuery ? "?" + queryText(pairs) : ""))
        case .targetURI, .requestTarget, .query:
            tamper = PeerTamper(kind: "url", value: base + "?" + queryText(pairs + [("tampered", "1")]))
        default:
            tamper = victim.tamper!
        }
        if tamper.kind == "query-param" {
            var changed = pairs
            changed[Int(tamper.value)!].value = "tampered"
            tamper = PeerTamper(kind: "url", value: base + "?" + queryText(changed))
        }

        // The signature parameters.
        let created = int(1_600_000_000...1_900_000_000)
        var tag: String? = chance(30) ? printableText(1...12) : nil
        let label = chance(50) ? pick(["sig1", "pyhms", "sig-b21", "a*b.c_d", "*x"]) : sfKey()
        var finalHeaders = headers
        if chance(10) {
            // A foreign signature already on the request, under another label and tag.
            tag = tag ?? printableText(1...12)
            if tag == "other-app" { tag = "app" }
            let foreign = HTTPMessageSigner(key: foreignKey, keyID: "foreign", components: [.method], label: label == "foreign" ? "other" : "foreign", tag: "other-app", nonce: nil)
            let request = HTTPMessageRequest(method: method, url: URL(string: url)!, headers: HeaderFields(headers.map { .init(name: $0.name, value: $0.value) }), body: body)
            let signed = try! foreign.sign(.request(request), at: Date(timeIntervalSince1970: TimeInterval(created)))
            finalHeaders = signed.headers.fields.map { ($0.name, $0.value) }
        }
        let peerCase = PeerCase(
            op: op, alg: key.algorithm, secret: key.secret, privatePEM: key.privatePEM, publicPEM: key.publicPEM,
            method: method, url: url, headers: finalHeaders.map { [$0.name, $0.value] }, body: Data(body).base64EncodedString(),
            components: components.map(\.description), label: label, keyid: printableText(1...20), tag: tag,
            nonce: chance(60) ? printableText(1...24) : nil, created: created, expires: chance(40) ? created + int(61...3600) : nil,
            includeAlg: chance(50), digest: digest, now: created + int(0...60), tamper: tamper
        )
        return PeerDraw(peerCase: peerCase, components: components, key: key)
    }
}
