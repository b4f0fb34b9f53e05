#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
import NIOConcurrencyHelpers
import SigningCore

/// The verdict a route gives one request, read by the journal once the response is sent.
public final class JournalNote: Sendable {
    struct Contents: Sendable {
        var verdict: JournalVerdict?
        var reason = ""
        var parameters: [FormField] = []
        var request: MockRequest?
        var diagnosis: JournalDiagnosis?
        var skip = false
    }

    private let contents = NIOLockedValueBox(Contents())

    /// Creates an empty note.
    public init() {}

    /// Records that the request was accepted.
    public func accept(_ reason: String = "ok") { set(.accepted, reason) }

    /// Records that the request was rejected and why.
    public func reject(_ reason: String) { set(.rejected, reason) }

    func set(_ verdict: JournalVerdict, _ reason: String) {
        contents.withLockedValue {
            $0.verdict = verdict
            $0.reason = reason
        }
    }

    func setParameters(_ parameters: [FormField]) {
        contents.withLockedValue { $0.parameters = parameters }
    }

    /// Keeps the request as the route read it, for the journal to take what it may keep
    /// (``JournalReceived``) once the answer is ready.
    func setRequest(_ request: MockRequest) {
        contents.withLockedValue { $0.request = request }
    }

    /// Keeps what the provider computed to check the request's signature, for the journal.
    public func diagnose(_ diagnosis: JournalDiagnosis?) {
        contents.withLockedValue { $0.diagnosis = diagnosis }
    }

    func skipJournal() {
        contents.withLockedValue { $0.skip = true }
    }

    var snapshot: Contents { contents.withLockedValue { $0 } }
}
#endif
