extension ReusePoolMap {
    /// What a map knows about one view it manages.
    struct _Record {
        let view: any ReusableView
        /// The class that made the view; its callbacks are the view's.
        let viewClass: any ViewClass._AnyStorage
        /// Index of the view's pool in `pools`.
        var poolIndex: Int32
        /// The last pass that vended the view; vended in this pass iff equal to it.
        var vendedPass: UInt64 = 0
        /// Position in this pass's vend order (valid while vended in this pass).
        var vendOrder: Int32 = 0
        /// Where the view was last seen among the container's subviews; checked
        /// before use, since code outside the pools may move subviews.
        var subviewIndex: Int32
        /// Whether the pools hid the view itself.
        var isHidden: Bool
        /// Whether the managed view this view's container belongs to is in its pool.
        var ancestorInPool: Bool
        /// The configuration last applied to the view.
        var applied: ViewConfiguration._Storage?
        /// Whether `applied`'s unapply-when-pooled attributes were unapplied.
        var appliedSuspended = false
        /// The component instance the view was last vended to.
        var component: ComponentID?
        /// Maps of the containers at or inside this view; usually none or one.
        var childMaps: [ReusePoolMap] = []

        /// A view is in the pool while it or a managed ancestor is hidden.
        var inPool: Bool { isHidden || ancestorInPool }
    }
}
