import NIOConcurrencyHelpers

/// The faults currently in force on one server, changed at runtime by tests or the admin route.
public final class FaultBoard: Sendable {
    private let rules: NIOLockedValueBox<[FaultRule]>

    /// Creates a board holding `rules`.
    public init(_ rules: [FaultRule] = []) {
        self.rules = NIOLockedValueBox(rules)
    }

    /// Every rule in force.
    public var all: [FaultRule] { rules.withLockedValue { $0 } }

    /// Adds a rule.
    public func add(_ rule: FaultRule) {
        rules.withLockedValue { $0.append(rule) }
    }

    /// Replaces every rule.
    public func replace(with newRules: [FaultRule]) {
        rules.withLockedValue { $0 = newRules }
    }

    /// Removes every rule.
    public func clear() {
        rules.withLockedValue { $0.removeAll() }
    }

    /// The faults that apply to one request on `method pattern`, using up limited rules.
    func take(method: String, pattern: String) -> [MockFault] {
        rules.withLockedValue { rules in
            guard !rules.isEmpty else { return [] }
            var faults: [MockFault] = []
            for index in rules.indices where rules[index].matches(method: method, pattern: pattern) {
                if let remaining = rules[index].remaining {
                    guard remaining > 0 else { continue }
                    rules[index].remaining = remaining - 1
                }
                faults.append(rules[index].fault)
            }
            rules.removeAll { $0.remaining == 0 }
            return faults
        }
    }
}
