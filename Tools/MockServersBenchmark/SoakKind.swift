/// The kinds of traffic the soak sends. What each must get depends on the provider
/// (``SoakTraffic/expectations``).
enum SoakKind: String, CaseIterable, Codable, Sendable {
    /// A request signed with the provider's demo credentials (a fresh nonce each time).
    case valid
    /// A request that was already answered, sent again unchanged (same nonce and timestamp).
    case replay
    /// A signed request changed after signing (a value, a nonce, a key).
    case tamper
    /// A request the provider must refuse by its own rules: a broken `Authorization` header,
    /// a body that is not JSON, a parameter out of range.
    case invalid
    /// A body over the server's 1 MiB limit: 413.
    case oversized
    /// Bytes that are not HTTP, a broken request line, or a bad header line: 400 or a close.
    case malformed
    /// A connection that sends its headers a few bytes at a time and never finishes them
    /// (slowloris): held open, closed, or refused with a 4xx, never served.
    case slow

    /// The kinds mixed on the load connections by weight (slow clients are counted apart).
    static let mixed: [SoakKind] = [.valid, .replay, .tamper, .invalid, .oversized, .malformed]
}

/// How one request or connection ended.
enum SoakOutcome: Hashable, Sendable, CustomStringConvertible {
    /// A response with this status.
    case status(Int)
    /// The server closed the connection without a (complete) response.
    case closed
    /// No answer within the timeout (the soak closed the connection).
    case timedOut
    /// Still open when the soak ended (slow clients).
    case held
    /// The connection could not be opened.
    case refused

    var description: String {
        switch self {
        case .status(let code): String(code)
        case .closed: "closed"
        case .timedOut: "timeout"
        case .held: "held"
        case .refused: "connect failed"
        }
    }
}

/// What one answer must be for its kind and provider: a description for the report and the
/// check itself, which may read the start of the body (Drupal answers its refusals with 200).
struct SoakExpectation: Sendable {
    let description: String
    let accepts: @Sendable (SoakOutcome, _ body: [UInt8]) -> Bool

    /// Exactly `code`; when `containing` is given, the body must hold that text, and when
    /// `lacking` is given, it must not.
    static func status(_ code: Int, containing: String? = nil, lacking: String? = nil) -> SoakExpectation {
        var description = String(code)
        if let containing { description += " with \(containing)" }
        if let lacking { description += " without \(lacking)" }
        return SoakExpectation(description: description) { outcome, body in
            guard outcome == .status(code) else { return false }
            let text = String(decoding: body, as: UTF8.self)
            if let containing, !text.contains(containing) { return false }
            if let lacking, text.contains(lacking) { return false }
            return true
        }
    }

    /// One of `codes`.
    static func oneOf(_ codes: Set<Int>) -> SoakExpectation {
        SoakExpectation(description: codes.sorted().map(String.init).joined(separator: " or ")) { outcome, _ in
            if case .status(let code) = outcome { return codes.contains(code) }
            return false
        }
    }

    /// Raw bytes an HTTP parser must refuse: 400, or the connection closed.
    static let refusedOrClosed = SoakExpectation(description: "400 or closed") { outcome, _ in
        outcome == .status(400) || outcome == .closed
    }

    /// A slowloris connection: held open, closed, or any 4xx; never served.
    static let neverServed = SoakExpectation(description: "held, closed or 4xx") { outcome, _ in
        switch outcome {
        case .held, .closed: true
        case .status(let code): (400..<500).contains(code)
        default: false
        }
    }
}
