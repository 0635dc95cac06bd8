/// One interning table: keys numbered 0, 1, 2 … in order of first sight, with a value
/// kept per number (the key itself, or a name for descriptions).
struct _InternTable<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private var numbers: [Key: Int32] = [:]
    private var values: [Value] = []

    init() {}

    /// A table whose number 0 is `first`.
    init(first: Key, value: Value) {
        _ = number(for: first, value: value)
    }

    /// Returns the number of `key`, assigning the next one (and storing `value`) if new.
    ///
    /// - Complexity: O(1) expected, plus hashing `key`.
    mutating func number(for key: Key, value: @autoclosure () -> Value) -> Int32 {
        if let number = numbers[key] { return number }
        let number = Int32(values.count)
        numbers[key] = number
        values.append(value())
        return number
    }

    /// The number of `key`, or `nil` if it has none yet.
    func existingNumber(for key: Key) -> Int32? { numbers[key] }

    subscript(number: Int32) -> Value { values[Int(number)] }
}
