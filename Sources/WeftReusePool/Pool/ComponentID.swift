/// Who asks for a view: a component type and, optionally, which instance of it.
///
/// The type is part of the pool key: components of different types never share views,
/// even for equal configurations. The instance lets a pool hand a component the view it
/// had in the previous pass, so views do not shuffle between components that stay on
/// screen (Theodolite's scope identifiers). Instances are compared by hash, so two
/// instances whose hashes collide merely lose that preference; the views they get are
/// still correct.
public struct ComponentID: Hashable, Sendable {
    /// The component type.
    public let type: ObjectIdentifier
    /// The instance's number, or `nil` for a component that takes any free view.
    public let instance: Int?

    /// Creates the identity of a component of `type` that takes any free view.
    ///
    /// - Parameter type: The component type.
    public init(_ type: Any.Type) {
        self.type = ObjectIdentifier(type)
        instance = nil
    }

    /// Creates the identity of one instance of a component type.
    ///
    /// - Parameters:
    ///   - type: The component type.
    ///   - instance: A number stable across passes for this instance (an index
    ///     path's hash, a model identifier).
    public init(_ type: Any.Type, instance: Int) {
        self.type = ObjectIdentifier(type)
        self.instance = instance
    }

    /// Creates the identity of one instance of a component type from any hashable key.
    ///
    /// - Parameters:
    ///   - type: The component type.
    ///   - instance: A key stable across passes for this instance; only its hash is kept.
    public init(_ type: Any.Type, instance: some Hashable) {
        self.init(type, instance: instance.hashValue)
    }

    /// Creates the identity of a component object: its class and its object identity.
    ///
    /// - Parameter component: The component; it is not retained.
    public init(_ component: AnyObject) {
        self.init(Swift.type(of: component), instance: Int(bitPattern: ObjectIdentifier(component)))
    }

    /// Feeds the hasher one word mixed from both fields, instead of a word per field
    /// and a tag for the optional: pools hash a component on most vends.
    public func hash(into hasher: inout Hasher) {
        let typeBits = UInt64(UInt(bitPattern: type))
        let instanceBits = instance.map { UInt64(UInt(bitPattern: $0)) } ?? 0x5bd1_e995
        hasher.combine(typeBits &* 0x9E37_79B9_7F4A_7C15 ^ instanceBits)
    }
}
