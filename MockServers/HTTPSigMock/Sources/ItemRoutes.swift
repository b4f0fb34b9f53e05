import Foundation
import HTTPMessageSignatures
import HTTPTypes
import MockServerKit

/// The signed items API; every handler verifies the request first and signs its answer.
struct ItemRoutes: Sendable {
    let check: HTTPSigCheck
    let store: ItemStore
    let signsResponses: Bool

    /// The longest `q`, in characters.
    static let maximumQueryLength = 100
    /// The longest name, in characters.
    static let maximumNameLength = 100

    /// How the request's signature was judged, as the answers show it.
    struct SignatureJSON: Encodable {
        var label: String
        var keyid: String
        var algorithm: String
        var profile: String
        var tag: String?
        var agent: String?
        var nonce: Bool

        init(_ verification: HTTPSigCheck.Verification) {
            label = verification.verified.label
            keyid = verification.verified.keyID
            algorithm = verification.verified.algorithm.name
            profile = verification.profile
            tag = verification.verified.tag
            agent = verification.agent
            nonce = verification.verified.nonce != nil
        }
    }

    /// `GET /api/items`: `{"items":[…],"total":3,"signature":{…}}`.
    struct Page: Encodable {
        var items: [ItemRecord]
        var total: Int
        var signature: SignatureJSON
    }

    /// `GET /api/items?q=…`: the items whose name contains `q`.
    func list(_ request: MockRequest, context: MockRequestContext) async throws(HTTPSigMockError) -> MockResponse {
        let verification = try await check.verify(request)
        let query = request.parameter("q")
        if let query, query.count > Self.maximumQueryLength {
            throw .invalidFields(["q": "must be at most \(Self.maximumQueryLength) characters"])
        }
        let items = await store.list(matching: query)
        context.note.accept("listed \(items.count) items (\(Self.describe(verification)))")
        return signed(.json(encoding: Page(items: items, total: items.count, signature: SignatureJSON(verification))), verification, request)
    }

    /// `POST /api/items` with `{"name": "…"}` as `application/json`: 201, the item, `Location`.
    func create(_ request: MockRequest, context: MockRequestContext) async throws(HTTPSigMockError) -> MockResponse {
        let verification = try await check.verify(request)
        guard request.mediaType == "application/json" else { throw .unsupportedBody(request.mediaType) }
        let name = try Self.name(from: request.bodyBytes)
        let item = try await store.create(name: name, createdAt: Self.timestamp(request.now), createdBy: verification.verified.keyID)
        context.note.accept("created item \(item.id) (\(Self.describe(verification)))")
        var response = MockResponse.json(encoding: item, status: .created)
        response.headers[.location] = "/api/items/\(item.id)"
        return signed(response, verification, request)
    }

    /// `GET /api/items/{id}`.
    func show(_ request: MockRequest, context: MockRequestContext) async throws(HTTPSigMockError) -> MockResponse {
        let verification = try await check.verify(request)
        let text = request.routeParameters["id"] ?? ""
        let digits = !text.isEmpty && text.utf8.count <= 18 && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        guard digits, let id = Int(text), let item = await store.item(id) else { throw .notFound(text) }
        context.note.accept("read item \(id) (\(Self.describe(verification)))")
        return signed(.json(encoding: item), verification, request)
    }

    /// `response` signed by the server's key when the options say so.
    private func signed(_ response: MockResponse, _ verification: HTTPSigCheck.Verification, _ request: MockRequest) -> MockResponse {
        guard signsResponses else { return response }
        return HTTPSigSignedAnswers.sign(response, with: [HTTPSigSignedAnswers.signer], for: verification.request, at: request.now)
    }

    /// `keyid …, alg, policy` for the journal.
    static func describe(_ verification: HTTPSigCheck.Verification) -> String {
        var words = "\(verification.verified.algorithm) key \(verification.verified.keyID.prefix(60)), \(verification.profile)"
        if let agent = verification.agent { words += ", agent \(agent.prefix(80))" }
        return words
    }

    /// The item's name from a JSON body `{"name": "…"}`: 1 to 100 characters, no control characters.
    ///
    /// - Throws: ``HTTPSigMockError``: 400 for a body that is not a JSON object, 422 for a bad name.
    static func name(from body: [UInt8]) throws(HTTPSigMockError) -> String {
        guard !body.isEmpty else { throw .invalidBody("it is empty") }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])
        } catch {
            throw .invalidBody("it is not JSON")
        }
        guard let fields = object as? [String: Any] else { throw .invalidBody("it is JSON but not an object") }
        guard let value = fields["name"] else { throw .invalidFields(["name": "is required"]) }
        guard let name = value as? String else { throw .invalidFields(["name": "must be a string"]) }
        if name.isEmpty || name.allSatisfy(\.isWhitespace) { throw .invalidFields(["name": "must not be blank"]) }
        if name.count > maximumNameLength { throw .invalidFields(["name": "must be 1 to \(maximumNameLength) characters"]) }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw .invalidFields(["name": "must not contain control characters"])
        }
        return name
    }

    /// `date` as ISO 8601 in UTC, whole seconds.
    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!))
    }
}
