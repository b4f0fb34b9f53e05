import AFSignedClient
import DrupalServicesClient
import Foundation
import Hummingbird
import HTTPTypes
import HTTPMessageSignatures
import HummingbirdSignedRequests
import HummingbirdTesting
import Logging
import NIOCore
import OAuth1Client
import SignedHTTP
import SignedVerification
import SigningCore

/// What the middleware tests share: one fixed clock, a context for every scheme (with the
/// peer's address from the connection), a replay store that cannot answer, and a way to send a
/// request a signer produced through HummingbirdTesting's client.
enum VerificationTestKit {
    /// The server's clock in every test: no test races the wall clock.
    static let now = Date(timeIntervalSince1970: 1_700_000_000)
    /// The clock as a middleware takes it.
    static let clock: @Sendable () -> Date = { now }

    /// The database a failing store's message names: an operator's detail for the log, never
    /// for an answer.
    static let databaseHost = "replay-db.internal:5432"

    /// The body of `response` as text.
    static func text(_ response: TestResponse) -> String {
        String(buffer: response.body)
    }

    /// The form fields of `response`'s body.
    static func form(_ response: TestResponse) throws -> [String: String] {
        Dictionary(try FormEncoding.parse(text(response)).map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// The JSON object of `response`'s body.
    static func json(_ response: TestResponse) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(Array(buffer: response.body))) as? [String: Any] ?? [:]
    }

    /// Sends `request` (an absolute URL on `http://localhost`, as the test client's requests
    /// are) with its path, query, headers and body, plus `extraHeaders` the signer did not see.
    static func send(_ request: APIRequest, extraHeaders: HTTPFields = [:], with client: some TestClientProtocol) async throws -> TestResponse {
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)!
        let target = components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        var headers = extraHeaders
        for field in request.headers { headers.append(HTTPField(name: HTTPField.Name(field.name)!, value: field.value)) }
        return try await client.executeRequest(
            uri: target, method: HTTPRequest.Method(request.method)!, headers: headers,
            body: request.body.isEmpty ? nil : ByteBuffer(bytes: request.body)
        )
    }
}

/// What a test app logged: each entry's level and message (swift-log's own logger, with this
/// handler in place of the process-wide one).
final class LogRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [(level: Logger.Level, message: String)] = []

    /// A logger writing here.
    var logger: Logger {
        Logger(label: "test") { _ in RecordingLogHandler(recorder: self) }
    }

    /// Everything logged so far.
    var entries: [(level: Logger.Level, message: String)] {
        lock.withLock { recorded }
    }

    fileprivate func record(_ level: Logger.Level, _ message: String) {
        lock.withLock { recorded.append((level, message)) }
    }
}

/// A `LogHandler` that hands every entry to a ``LogRecorder``.
private struct RecordingLogHandler: LogHandler {
    let recorder: LogRecorder
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        recorder.record(event.level, event.message.description)
    }
}

/// One context for every scheme's middleware, with the peer's address from the connection
/// (`nil` under `.router`, the client's address under `.live`).
struct TestContext: RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    var oauth1: OAuth1Verifier.Verified?
    var afsigned: AFSignedVerifier.Verified?
    var drupalKey: DrupalKeyVerifier.Verified?
    var httpsig: HTTPMessageSignatureVerifier.Verified?
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
