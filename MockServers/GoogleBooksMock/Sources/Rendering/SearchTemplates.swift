import Foundation

/// A catalogue's ``VolumeTemplate``s, made the first time a volume is a search result in a
/// projection and layout, and kept while they fit in ``budget`` bytes (the default catalogue's
/// 5 000 volumes take about 15 MB in the default full, pretty layout; a larger catalogue keeps
/// what fits and renders the rest per request).
final class SearchTemplates: @unchecked Sendable {
    // @unchecked: `slots` and `stored` are only read and written under `lock`.

    /// The most bytes of templates kept.
    let budget: Int
    private let lock = NSLock()
    /// By layout (projection and pretty), then by volume position.
    private var slots: [Layout: [Slot]] = [:]
    private var stored = 0

    private struct Layout: Hashable {
        var projection: Projection
        var pretty: Bool
    }

    private enum Slot {
        case unmade
        /// The template, or `nil` when the volume cannot have one.
        case made(VolumeTemplate?)
    }

    /// The depth of a result in `volumes.list`'s answer: an element of `items`, a member of the answer.
    static let resultDepth = 2

    init(budget: Int = 32 << 20) {
        self.budget = budget
    }

    /// The templates of the volumes at `positions` of `catalogue` in `projection` and layout,
    /// in order; `nil` for a volume that cannot have one, or when the budget is spent before
    /// its template was made (render those instead).
    func templates(_ positions: [Int], of catalogue: BookCatalogue, projection: Projection, pretty: Bool) -> [VolumeTemplate?] {
        let layout = Layout(projection: projection, pretty: pretty)
        var found: [VolumeTemplate?] = []
        var missing: [Int] = []
        let open = lock.withLock {
            let slots = slots[layout]
            for (offset, position) in positions.enumerated() {
                if case .made(let template)? = slots?[position] {
                    found.append(template)
                } else {
                    found.append(nil)
                    missing.append(offset)
                }
            }
            return stored < budget
        }
        guard !missing.isEmpty, open else { return found }
        // Made outside the lock: two requests may both make one, and the later one is dropped.
        for offset in missing {
            let position = positions[offset]
            found[offset] = VolumeTemplate(catalogue.volumes[position], catalogue.texts[position], catalogue.snippets[position],
                                           projection: projection, pretty: pretty, depth: Self.resultDepth)
        }
        lock.withLock {
            var slots = self.slots.removeValue(forKey: layout) ?? Array(repeating: .unmade, count: catalogue.volumes.count)
            for offset in missing where stored < budget {
                guard case .unmade = slots[positions[offset]] else { continue }
                slots[positions[offset]] = .made(found[offset])
                stored += found[offset]?.count ?? 0
            }
            self.slots[layout] = slots
        }
        return found
    }
}
