extension ViewAttribute {
    /// The type-erased face of ``ViewAttribute/_Storage``: its value compares, applies,
    /// updates and unapplies itself without the caller knowing its types.
    protocol _AnyStorage: AnyObject, Sendable {
        var anyValue: any Sendable { get }
        var hasUnapplicator: Bool { get }
        var hasUpdater: Bool { get }
        var unappliesWhenPooled: Bool { get }

        /// Whether a view of `viewType` is a view the closures accept.
        func accepts(_ viewType: any ReusableView.Type) -> Bool
        /// Whether `other` holds a value of the same type that is `==` to this one.
        func hasSameValue(as other: any _AnyStorage) -> Bool
        /// Whether ``update(_:from:)`` would run the updater from `old`'s value.
        func canUpdate(from old: any _AnyStorage) -> Bool

        @MainActor func apply(to view: any ReusableView)
        @MainActor func unapply(from view: any ReusableView)
        /// Runs the updater from `old`'s value to this one; returns `false`, doing
        /// nothing, if there is no updater or `old` holds another value type.
        @MainActor func update(_ view: any ReusableView, from old: any _AnyStorage) -> Bool
    }
}
