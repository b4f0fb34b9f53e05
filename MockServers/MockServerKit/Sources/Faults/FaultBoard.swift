#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
import NIOConcurrencyHelpers

/// The faults currently in force on one server, changed at runtime by tests or the admin route.
///
/// Every rule is validated on the way in (``FaultRule/validate(field:)``), so no rule in force
/// can trap the server; a board holds at most ``ConfigurationRanges/faultRules`` rules.
public final class FaultBoard: Sendable {
    private let rules: NIOLockedValueBox<[FaultRule]>
    private let watchers = NIOLockedValueBox<(next: Int, continuations: [Int: AsyncStream<[FaultRule]>.Continuation])>((0, [:]))

    /// Creates a board holding `rules` (a configuration's, which ``MockServer`` validates
    /// before it starts; the route runner still clamps whatever reaches it).
    init(rules: [FaultRule]) {
        self.rules = NIOLockedValueBox(rules)
    }

    /// Every rule in force.
    public var all: [FaultRule] { rules.withLockedValue { $0 } }

    /// Adds a rule.
    ///
    /// - Throws: ``MockServerError/Code/invalidConfiguration`` naming the value out of range, or
    ///   when the board already holds the most rules; nothing is added then.
    public func add(_ rule: FaultRule) throws(MockServerError) {
        try add([rule])
    }

    /// Adds rules, all or none.
    ///
    /// - Throws: as ``add(_:)-(FaultRule)``, naming the rule by its index in `newRules`.
    public func add(_ newRules: [FaultRule]) throws(MockServerError) {
        try Self.validate(newRules)
        let total = rules.withLockedValue { rules in
            let total = rules.count + newRules.count
            if ConfigurationRanges.faultRules.contains(total) { rules += newRules }
            return total
        }
        try ConfigurationRanges.require(total, in: ConfigurationRanges.faultRules, "the number of fault rules")
        announce()
    }

    /// Replaces every rule, or none when one is invalid.
    ///
    /// - Throws: as ``add(_:)-(FaultRule)``.
    public func replace(with newRules: [FaultRule]) throws(MockServerError) {
        try Self.validate(newRules)
        try ConfigurationRanges.require(newRules.count, in: ConfigurationRanges.faultRules, "the number of fault rules")
        rules.withLockedValue { $0 = newRules }
        announce()
    }

    /// Validates `rules`, naming each by its index.
    static func validate(_ rules: [FaultRule], field: String = "faults") throws(MockServerError) {
        for (index, rule) in rules.enumerated() {
            try rule.validate(field: "\(field)[\(index)]")
        }
    }

    /// Removes every rule.
    public func clear() {
        rules.withLockedValue { $0.removeAll() }
        announce()
    }

    /// The rules in force after every change from now on (added, replaced, cleared, a limited
    /// rule used), until the stream is dropped or ``finishChanges()`` ends it: how the dashboard
    /// keeps each provider's list current. A watcher more than `buffer` changes behind keeps the
    /// newest.
    public func changes(buffer: Int = 16) -> AsyncStream<[FaultRule]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [FaultRule].self, bufferingPolicy: .bufferingNewest(max(1, buffer)))
        let id = watchers.withLockedValue { state in
            state.next += 1
            state.continuations[state.next] = continuation
            return state.next
        }
        continuation.onTermination = { [weak self] _ in
            self?.watchers.withLockedValue { _ = $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    /// Ends every stream of ``changes(buffer:)`` (the server stopped).
    public func finishChanges() {
        let continuations = watchers.withLockedValue { state in
            defer { state.continuations = [:] }
            return Array(state.continuations.values)
        }
        for continuation in continuations { continuation.finish() }
    }

    /// Tells every watcher the rules now in force.
    private func announce() {
        let continuations = watchers.withLockedValue { Array($0.continuations.values) }
        guard !continuations.isEmpty else { return }
        let current = all
        for continuation in continuations { continuation.yield(current) }
    }

    /// The faults that apply to one request on `method pattern`, using up limited rules.
    func take(method: String, pattern: String) -> [MockFault] {
        let (faults, usedLimited) = rules.withLockedValue { rules -> ([MockFault], Bool) in
            guard !rules.isEmpty else { return ([], false) }
            var faults: [MockFault] = []
            var usedLimited = false
            for index in rules.indices where rules[index].matches(method: method, pattern: pattern) {
                if let remaining = rules[index].remaining {
                    guard remaining > 0 else { continue }
                    rules[index].remaining = remaining - 1
                    usedLimited = true
                }
                faults.append(rules[index].fault)
            }
            rules.removeAll { $0.remaining == 0 }
            return (faults, usedLimited)
        }
        if usedLimited { announce() }
        return faults
    }
}
#endif
