/// An identity whose hash is the same for every value, so that every lookup
/// in a hash table collides: "slower but still correct" code paths run on it.
///
/// Equality still compares the wrapped value.
public struct ConstantHashID: Hashable, Sendable, CustomStringConvertible {
    public let value: Int

    public init(_ value: Int) {
        self.value = value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(0)
    }

    public var description: String { "#\(value)" }
}
