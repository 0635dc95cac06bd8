/// Values by key, each with a cost, bounded in total cost: inserting past the
/// limit evicts the least recently used values first. A doubly linked list
/// threaded through an array of slots (freed slots reused), so every
/// operation is O(1) but for the evictions it causes.
///
/// Not thread-safe: its owner locks.
struct _LRUCache<Key: Hashable, Value> {
    private struct Slot {
        var key: Key
        var value: Value?
        var cost: Int
        var newer: Int
        var older: Int
    }

    private var slots: [Slot] = []
    private var free: [Int] = []
    private var index: [Key: Int] = [:]
    /// The most and least recently used slots, or -1.
    private var newest = -1
    private var oldest = -1

    /// The total cost the cache keeps; 0 keeps nothing.
    var costLimit: Int {
        didSet { evict() }
    }
    private(set) var totalCost = 0
    private(set) var evictions = 0

    init(costLimit: Int) {
        self.costLimit = max(costLimit, 0)
    }

    var count: Int { index.count }

    /// The value for `key`, which becomes the most recently used.
    mutating func value(for key: Key) -> Value? {
        guard let slot = index[key] else { return nil }
        unlink(slot)
        link(slot)
        return slots[slot].value
    }

    /// Keeps `value` as the most recently used, evicting older values until
    /// the total cost is within the limit (a value costlier than the limit is
    /// not kept).
    mutating func insert(_ value: Value, for key: Key, cost: Int) {
        remove(key)
        guard cost <= costLimit else { return }
        let slot: Int
        let entry = Slot(key: key, value: value, cost: cost, newer: -1, older: -1)
        if let reused = free.popLast() {
            slot = reused
            slots[slot] = entry
        } else {
            slot = slots.count
            slots.append(entry)
        }
        index[key] = slot
        totalCost += cost
        link(slot)
        evict()
    }

    mutating func remove(_ key: Key) {
        guard let slot = index.removeValue(forKey: key) else { return }
        unlink(slot)
        totalCost -= slots[slot].cost
        slots[slot].value = nil
        free.append(slot)
    }

    mutating func removeAll() {
        slots.removeAll()
        free.removeAll()
        index.removeAll()
        newest = -1
        oldest = -1
        totalCost = 0
    }

    private mutating func evict() {
        while totalCost > costLimit, oldest >= 0 {
            remove(slots[oldest].key)
            evictions += 1
        }
    }

    private mutating func link(_ slot: Int) {
        slots[slot].older = newest
        slots[slot].newer = -1
        if newest >= 0 { slots[newest].newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }

    private mutating func unlink(_ slot: Int) {
        let newer = slots[slot].newer, older = slots[slot].older
        if newer >= 0 { slots[newer].older = older } else { newest = older }
        if older >= 0 { slots[older].newer = newer } else { oldest = newer }
    }

    /// Checks the list against the index and the costs (tests).
    ///
    /// - Complexity: O(*n*).
    func _checkInvariants() {
        var seen = 0, cost = 0, slot = newest, previous = -1
        while slot >= 0 {
            precondition(slots[slot].newer == previous, "LRU list links disagree")
            precondition(index[slots[slot].key] == slot, "LRU index disagrees with its list")
            cost += slots[slot].cost
            seen += 1
            previous = slot
            slot = slots[slot].older
        }
        precondition(previous == oldest, "LRU list ends at the wrong slot")
        precondition(seen == index.count && cost == totalCost && totalCost <= costLimit, "LRU counts disagree")
    }
}
