#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
public import HTTPTypes
import NIOCore
import SigningCore

/// A request as the journal keeps it for a person to read (the dashboard's request page):
/// the target, the headers and the body as received, with every secret masked by the
/// provider's rules (``MockProvider/redactingSecrets(_:)`` for parameters,
/// ``MockProvider/redactingSecrets(inHeader:value:)`` and
/// ``MockProvider/redactingSecrets(inBody:mediaType:)``), and cut to the journal's budget.
public struct JournalReceived: Sendable, Hashable {
    /// The request target: the path as sent, then `?` and the query (secrets masked; as sent
    /// when nothing was masked).
    public var target: String
    /// The authority the request was addressed to (its `Host`), when it had one.
    public var authority: String?
    /// The header fields, in order (secrets masked).
    public var headers: HTTPFields
    /// The body as UTF-8 text (secrets masked); empty when there was none or it was not text.
    public var body: String
    /// How many body bytes are not in ``body``: cut to the journal's budget, or not text.
    public var omittedBodyBytes: Int

    /// An empty record.
    public init(target: String = "", authority: String? = nil, headers: HTTPFields = [:], body: String = "", omittedBodyBytes: Int = 0) {
        self.target = target
        self.authority = authority
        self.headers = headers
        self.body = body
        self.omittedBodyBytes = omittedBodyBytes
    }

    /// `request` as `provider` lets the journal keep it.
    init(_ request: MockRequest, provider: any MockProvider) {
        self.init(path: request.path, query: request.query, authority: request.authority, headers: request.headers, provider: provider)
        if let text = String(validating: request.body.readableBytesView, as: UTF8.self) {
            body = text.isEmpty ? "" : provider.redactingSecrets(inBody: text, mediaType: request.mediaType)
        } else {
            omittedBodyBytes = request.body.readableBytes
        }
    }

    /// A request's head (no body read: it never reached a route) as `provider` lets the journal
    /// keep it.
    init(path: String, query: String?, authority: String?, headers: HTTPFields, provider: any MockProvider) {
        target = path + (query.map { "?" + Self.redacting(query: $0, provider: provider) } ?? "")
        self.authority = authority
        self.headers = HTTPFields(headers.map { field in
            HTTPField(name: field.name, value: provider.redactingSecrets(inHeader: field.name.canonicalName, value: field.value))
        })
        body = ""
        omittedBodyBytes = 0
    }

    /// The record cut to `bodyBytes` of body and `textLimit` characters per header value and
    /// of the target.
    func bounded(bodyBytes: Int, textLimit: Int) -> JournalReceived {
        var bounded = self
        bounded.target = JournalEntry.prefix(target, characters: textLimit)
        bounded.authority = authority.map { JournalEntry.prefix($0, characters: 300) }
        var headers = HTTPFields()
        for field in self.headers {
            headers.append(HTTPField(name: field.name, value: JournalEntry.prefix(field.value, characters: textLimit)))
        }
        bounded.headers = headers
        if body.utf8.count > bodyBytes {
            bounded.body = JournalEntry.prefix(body, bytes: bodyBytes)
            bounded.omittedBodyBytes += body.utf8.count - bounded.body.utf8.count
        }
        return bounded
    }

    /// The query with the provider's secrets masked; as sent when nothing is masked or it
    /// cannot be decoded (then no parameter of it reached a route either).
    private static func redacting(query: String, provider: any MockProvider) -> String {
        guard let fields = try? FormEncoding.parse(query) else { return query }
        let redacted = provider.redactingSecrets(fields)
        return redacted == fields ? query : FormEncoding.serialize(redacted)
    }
}
#endif
