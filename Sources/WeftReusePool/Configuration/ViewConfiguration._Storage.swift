extension ViewConfiguration {
    /// A configuration's contents, shared by its copies; a view remembers the storage
    /// it was last configured with, so an identical configuration costs one `===`.
    final class _Storage: Sendable {
        let viewClass: ViewClass
        /// `viewClass.identifier`, kept here so a vend reads it without a dynamic call.
        let viewClassIdentifier: ViewClassIdentifier
        /// Sorted by `identifier.rawValue`, without repeats.
        let attributes: [ViewAttribute]
        let shape: AttributeShape
        /// Whether any attribute unapplies when its view enters the pool.
        let unappliesWhenPooled: Bool

        init(viewClass: ViewClass, attributes: [ViewAttribute], shape: AttributeShape,
             unappliesWhenPooled: Bool) {
            self.viewClass = viewClass
            viewClassIdentifier = viewClass.identifier
            self.attributes = attributes
            self.shape = shape
            self.unappliesWhenPooled = unappliesWhenPooled
        }
    }
}
