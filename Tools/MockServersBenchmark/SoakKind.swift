/// The kinds of traffic the soak sends, and the answer each must get.
enum SoakKind: String, CaseIterable, Codable, Sendable {
    /// A request signed with the provider's demo credentials: 200.
    case valid
    /// A valid request sent again with the same nonce and timestamp: 401.
    case replay
    /// A signed form post whose `status` was changed after signing: 401.
    case tamper
    /// A post whose body is over the server's 1 MiB limit: 413.
    case oversized
    /// Bytes that are not HTTP, a broken request line, or a bad header line: 400 or a close.
    case malformed
    /// A connection that sends its headers a few bytes at a time and never finishes them
    /// (slowloris): held open, closed, or refused with a 4xx, never served.
    case slow

    /// The kinds mixed on the load connections by weight (slow clients are counted apart).
    static let mixed: [SoakKind] = [.valid, .replay, .tamper, .oversized, .malformed]

    /// What the answer should be, for the report.
    var expectation: String {
        switch self {
        case .valid: "200"
        case .replay, .tamper: "401"
        case .oversized: "413"
        case .malformed: "400 or closed"
        case .slow: "held, closed or 4xx"
        }
    }

    /// Whether `outcome` is what this kind should get.
    func accepts(_ outcome: SoakOutcome) -> Bool {
        switch (self, outcome) {
        case (.valid, .status(let code)): code == 200
        case (.replay, .status(let code)), (.tamper, .status(let code)): code == 401
        case (.oversized, .status(let code)): code == 413
        case (.malformed, .status(let code)): code == 400
        case (.malformed, .closed): true
        case (.slow, .status(let code)): (400..<500).contains(code)
        case (.slow, .held), (.slow, .closed): true
        default: false
        }
    }
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
