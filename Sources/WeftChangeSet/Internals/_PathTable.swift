/// A hash table keyed by `_Path`, for the validator's and the mappings' tables
/// of a batch's items: open addressing with linear probing, and a hash of the
/// two integers mixed by splitmix64's finalizer.
///
/// Why not `Set` and `Dictionary`: their SipHash, seeded per process, took a
/// third of validating a 10% update of 100k items (10,000 edits, tens of
/// thousands of lookups). The keys here are index paths of one batch, which
/// an app makes, not input an attacker chooses; a crafted batch could still
/// collide, costing time, never a wrong answer.
///
/// - Complexity: O(1) expected per operation; the table keeps at most half
///   its slots full.
// Inlinable, so that clients in other modules (the range controller's layout
// plan, the diff's change sets) specialize it: called unspecialized, each probe
// looked up the slot type's generic metadata in the runtime's cache, 15% of a
// list layout's plan for a 10% update of 100k items.
@frozen
package struct _PathTable<Value> {
    @usableFromInline
    struct Slot {
        @usableFromInline var key: _Path
        @usableFromInline var value: Value

        @inlinable
        init(key: _Path, value: Value) {
            self.key = key
            self.value = value
        }
    }

    @usableFromInline var slots: ContiguousArray<Slot?>
    @usableFromInline var mask: Int

    /// The number of keys.
    package private(set) var count: Int

    /// An empty table with room for `minimumCapacity` keys before it grows.
    ///
    /// With no room asked for, the table has no slots until its first key: a
    /// batch makes several tables that usually stay empty (its moves, its
    /// reloads), and allocating slots looked up their storage's generic
    /// metadata in the runtime's cache each time, a fifth of completing the
    /// change set of a batch of 100 inserts.
    @inlinable
    package init(minimumCapacity: Int = 0) {
        count = 0
        guard minimumCapacity > 0 else {
            slots = []
            mask = 0
            return
        }
        var capacity = 16
        while capacity < 2 * minimumCapacity { capacity *= 2 }
        slots = ContiguousArray(repeating: nil, count: capacity)
        mask = capacity - 1
    }

    @inlinable
    static func hash(_ key: _Path) -> Int {
        var x = UInt64(truncatingIfNeeded: key.section) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: key.item)
        x ^= x >> 30
        x &*= 0xBF58_476D_1CE4_E5B9
        x ^= x >> 27
        x &*= 0x94D0_49BB_1331_11EB
        x ^= x >> 31
        return Int(truncatingIfNeeded: x)
    }

    /// The slot that holds `key`, or the empty slot where it would go.
    @inlinable
    func slot(of key: _Path) -> (index: Int, found: Bool) {
        guard !slots.isEmpty else { return (0, false) }
        var index = Self.hash(key) & mask
        while let occupied = slots[index] {
            if occupied.key == key { return (index, true) }
            index = (index + 1) & mask
        }
        return (index, false)
    }

    /// Whether `key` is in the table.
    @inlinable
    package func contains(_ key: _Path) -> Bool {
        slot(of: key).found
    }

    /// The value of `key`, or `nil` if the table does not hold it.
    @inlinable
    package subscript(key: _Path) -> Value? {
        let (index, found) = slot(of: key)
        return found ? slots[index]?.value : nil
    }

    /// Adds `key` with `value`, or replaces the key's value.
    @inlinable
    package mutating func set(_ value: Value, for key: _Path) {
        let (index, found) = slot(of: key)
        if found {
            slots[index]?.value = value
        } else {
            add(key, value, at: index)
        }
    }

    /// Adds `key` with `value` unless the key is there already; returns the
    /// value it had then, or `nil` if it was added.
    @inlinable @discardableResult
    package mutating func insert(_ key: _Path, _ value: Value) -> Value? {
        let (index, found) = slot(of: key)
        if found { return slots[index]?.value }
        add(key, value, at: index)
        return nil
    }

    @inlinable
    mutating func add(_ key: _Path, _ value: Value, at index: Int) {
        guard 2 * (count + 1) <= slots.count else {
            grow()
            slots[slot(of: key).index] = Slot(key: key, value: value)
            count += 1
            return
        }
        slots[index] = Slot(key: key, value: value)
        count += 1
    }

    @inlinable
    mutating func grow() {
        let old = slots
        slots = ContiguousArray(repeating: nil, count: max(16, 2 * old.count))
        mask = slots.count - 1
        for case let occupied? in old { slots[slot(of: occupied.key).index] = occupied }
    }
}

extension _PathTable: Sendable where Value: Sendable {}

extension _PathTable.Slot: Sendable where Value: Sendable {}

extension _PathTable where Value == Void {
    /// A set of `keys`.
    @inlinable
    package init(_ keys: some Collection<_Path>) {
        self.init(minimumCapacity: keys.count)
        for key in keys { insert(key, ()) }
    }
}
