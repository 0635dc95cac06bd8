/// Counts of containers, pools and views under a ``ReusePoolMap``.
public struct ReusePoolStatistics: Hashable, Sendable {
    /// Containers that have pools: the map's own and every child container's.
    public var containers = 0
    /// Pools, one per ``ViewKey`` used in a container.
    public var pools = 0
    /// Views the pools hold, visible or not.
    public var views = 0
    /// Views that are hidden themselves, waiting to be vended again.
    public var pooledViews = 0
    /// Views created since the map was made.
    public var viewsCreated = 0
    /// Views removed by purges since the map was made.
    public var viewsPurged = 0

    public init() {}
}
