/// A matching volume and what orders it: a higher rank first, then the lower position, so no
/// two volumes tie and any way of ordering gives the same sequence.
struct RankedVolume: Sendable {
    var rank: Int
    var volume: Int

    /// Whether `self` comes before `other`.
    func precedes(_ other: RankedVolume) -> Bool {
        rank != other.rank ? rank > other.rank : volume < other.volume
    }

    /// The first `count` of `all` in order: a heap of the best so far (its root the worst kept)
    /// when `count` is a small part of `all`, a full sort otherwise.
    static func best(_ count: Int, of all: [RankedVolume]) -> [RankedVolume] {
        guard count < all.count / 4 else {
            return Array(all.sorted { $0.precedes($1) }.prefix(count))
        }
        var heap: [RankedVolume] = []
        heap.reserveCapacity(count)
        for candidate in all {
            if heap.count < count {
                heap.append(candidate)
                siftUp(&heap, from: heap.count - 1)
            } else if candidate.precedes(heap[0]) {
                heap[0] = candidate
                siftDown(&heap, from: 0)
            }
        }
        return heap.sorted { $0.precedes($1) }
    }

    /// Restores the heap (every parent comes after its children) above `index`.
    private static func siftUp(_ heap: inout [RankedVolume], from index: Int) {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[parent].precedes(heap[child]) else { return }
            heap.swapAt(parent, child)
            child = parent
        }
    }

    /// Restores the heap below `index`.
    private static func siftDown(_ heap: inout [RankedVolume], from index: Int) {
        var parent = index
        while true {
            var latest = parent
            let left = 2 * parent + 1
            if left < heap.count, heap[latest].precedes(heap[left]) { latest = left }
            if left + 1 < heap.count, heap[latest].precedes(heap[left + 1]) { latest = left + 1 }
            guard latest != parent else { return }
            heap.swapAt(parent, latest)
            parent = latest
        }
    }
}
