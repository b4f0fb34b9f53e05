#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
public import HTTPTypes
import NIOCore
import SigningCore

/// A request as the journal keeps it for a person to read (the dashboard's request page):
/// the target, the headers and the body as received, with every secret masked by the
/// provider's rules (``MockProvider/redactingSecrets(_:)`` for parameters,
/// ``MockProvider/redactingSecrets(inHeader:value:)`` (called with the lowercase header name) and
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

    /// `request` as `provider` lets the journal keep it. `parametersHoldSecrets` says whether
    /// the provider masked any of the request's query or form parameters (the journal has just
    /// asked it): when not, the query and a form body are kept as sent without decoding them
    /// again, which keeps the journal cheap on the hot path.
    init(_ request: MockRequest, provider: any MockProvider, parametersHoldSecrets: Bool) {
        self.init(path: request.path, query: request.query, authority: request.authority, headers: request.headers, provider: provider, parametersHoldSecrets: parametersHoldSecrets)
        guard request.body.readableBytes > 0 else { return }
        guard let text = String(validating: request.body.readableBytesView, as: UTF8.self) else {
            omittedBodyBytes = request.body.readableBytes
            return
        }
        body = request.hasFormBody && !parametersHoldSecrets ? text : provider.redactingSecrets(inBody: text, mediaType: request.mediaType)
    }

    /// A request's head as `provider` lets the journal keep it (no body: it never reached a
    /// route, or is added by the caller).
    init(path: String, query: String?, authority: String?, headers: HTTPFields, provider: any MockProvider, parametersHoldSecrets: Bool = true) {
        target = path
        if let query {
            target += "?" + (parametersHoldSecrets ? Self.redacting(query: query, provider: provider) : query)
        }
        self.authority = authority
        // Copy-on-write: a header is replaced only when the provider masks something in it.
        var kept = headers
        for index in kept.indices {
            let field = kept[index]
            let value = provider.redactingSecrets(inHeader: field.name.canonicalName, value: field.value)
            if value != field.value { kept[index] = HTTPField(name: field.name, value: value) }
        }
        self.headers = kept
        body = ""
        omittedBodyBytes = 0
    }

    /// The record cut to `bodyBytes` of body and `textLimit` characters per header value and
    /// of the target.
    func bounded(bodyBytes: Int, textLimit: Int) -> JournalReceived {
        var bounded = self
        if target.utf8.count > textLimit { bounded.target = JournalEntry.prefix(target, characters: textLimit) }
        if let authority, authority.utf8.count > 300 { bounded.authority = JournalEntry.prefix(authority, characters: 300) }
        // Header values are cut only when they may be too long (UTF-8 length is at hand).
        for index in bounded.headers.indices where bounded.headers[index].value.utf8.count > textLimit {
            let field = bounded.headers[index]
            bounded.headers[index] = HTTPField(name: field.name, value: JournalEntry.prefix(field.value, characters: textLimit))
        }
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
