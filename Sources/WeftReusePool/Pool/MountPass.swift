/// One container's part of a running mount pass: vends views and reaches child containers.
///
/// A pass value is valid until the pass it belongs to ends (the end of
/// ``ReusePoolMap/mount(_:)`` or of a ``MountScope``); after that every call throws
/// ``ReusePoolError/passEnded``. Copies are cheap: a reference and a number.
@MainActor
public struct MountPass {
    /// The map of the container this pass vends into.
    public let map: ReusePoolMap
    /// The number of the pass, counted per root map from 1.
    public let number: UInt64

    init(map: ReusePoolMap, number: UInt64) {
        self.map = map
        self.number = number
    }

    /// Whether the pass is still running, so that the calls below succeed.
    public var isActive: Bool { map.tree.phase == .mounting && map.tree.pass == number }

    /// Returns a view for `component`, configured with `configuration`.
    ///
    /// The view comes from the pool of ``ViewKey/init(component:configuration:)``: the view
    /// this component had last if it is free (for a component without an instance,
    /// the view vended at the same position of the previous pass, if it had no
    /// instance either), else the oldest view of the pool not yet vended in this pass,
    /// else a new view added to the container. Only
    /// attributes whose values differ from the view's are applied; an unchanged
    /// configuration value costs one reference comparison. The view becomes visible,
    /// in vend order among the container's managed subviews, when the pass ends.
    ///
    /// - Parameters:
    ///   - configuration: The view class and attributes the component wants.
    ///   - component: The component type (part of the pool key) and instance.
    /// - Returns: A view that no other component got in this pass.
    /// - Throws: ``ReusePoolError/passEnded`` if the pass has ended.
    /// - Complexity: O(1) when the view at this position of the previous pass goes to
    ///   the same component, without hashing; otherwise O(1) expected. Plus O(*a*)
    ///   to compare the *a* attributes of a changed configuration; a new view adds its
    ///   creation and O(*a*) applicators.
    public func view(for configuration: ViewConfiguration, component: ComponentID) throws(ReusePoolError)
        -> any ReusableView {
        try map.vend(configuration.storage, component: component, pass: number)
    }

    /// Returns the pass for the pools of a child container: a view vended in this pass,
    /// or a view inside one (a content view, a wrapper the pools do not manage).
    ///
    /// A child container's pools are reset when the whole pass ends, after those of
    /// its own child containers and before those of its parent. A vended view whose
    /// child container is not entered in a pass has all of that container's views
    /// hidden, so a subtree that stopped mounting leaves nothing visible behind.
    ///
    /// - Parameter container: A view vended from this map in this pass, or a
    ///   descendant of one.
    /// - Returns: The pass for `container`'s pools; entering it again in the same
    ///   pass continues it.
    /// - Throws: ``ReusePoolError/passEnded`` if the pass has ended;
    ///   ``ReusePoolError/containerNotInMountedView`` if `container` is neither a
    ///   view vended in this pass nor inside one.
    /// - Complexity: O(1) expected for a vended view; O(*d*) expected for a view *d*
    ///   levels inside one.
    public func childPass(for container: any ReusableView) throws(ReusePoolError) -> MountPass {
        MountPass(map: try map.childMap(for: container, pass: number), number: number)
    }
}
