extension PrematureLoadReport {
    /// The premature loads of one node type.
    public struct Entry: Sendable, Hashable {
        /// The node type, for comparing with `ObjectIdentifier(SomeNode.self)`.
        public let nodeType: ObjectIdentifier
        /// The type's fully qualified name, such as `MyApp.AvatarNode`.
        public let typeName: String
        /// How many nodes of the type loaded their view prematurely.
        public let count: Int
    }
}
