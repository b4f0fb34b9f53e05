#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
import NIOConcurrencyHelpers

/// The faults currently in force on one server, changed at runtime by tests or the admin route.
///
/// Every rule is validated on the way in (``FaultRule/validate(field:)``), so no rule in force
/// can trap the server; a board holds at most ``ConfigurationRanges/faultRules`` rules.
public final class FaultBoard: Sendable {
    private let rules: NIOLockedValueBox<[FaultRule]>

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
    }

    /// Replaces every rule, or none when one is invalid.
    ///
    /// - Throws: as ``add(_:)-(FaultRule)``.
    public func replace(with newRules: [FaultRule]) throws(MockServerError) {
        try Self.validate(newRules)
        try ConfigurationRanges.require(newRules.count, in: ConfigurationRanges.faultRules, "the number of fault rules")
        rules.withLockedValue { $0 = newRules }
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
#endif
