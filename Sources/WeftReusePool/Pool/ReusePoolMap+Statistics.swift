extension ReusePoolMap {
    /// Counts of containers, pools and views in this container and every child
    /// container below it.
    ///
    /// - Complexity: O(*v*) for *v* views in those containers.
    public var statistics: ReusePoolStatistics {
        var statistics = ReusePoolStatistics()
        addStatistics(to: &statistics)
        return statistics
    }

    private func addStatistics(to statistics: inout ReusePoolStatistics) {
        statistics.containers += 1
        statistics.pools += pools.count
        statistics.views += records.count
        statistics.viewsCreated += viewsCreated
        statistics.viewsPurged += viewsPurged
        for record in records {
            if record.isHidden { statistics.pooledViews += 1 }
            for child in record.childMaps {
                child.addStatistics(to: &statistics)
            }
        }
    }

    /// The views of the pool for `key` in this container, oldest first.
    ///
    /// - Parameter key: A pool key.
    /// - Returns: The pool's views; empty if this container has no such pool.
    /// - Complexity: O(*p*) for *p* views in the pool.
    public func views(for key: ViewKey) -> [any ReusableView] {
        guard let poolIndex = poolIndexByKey[key] else { return [] }
        return pools[Int(poolIndex)].slots.map { records[Int($0)].view }
    }

    /// Whether `view` is in its pool: managed here and hidden itself or below a hidden
    /// managed view. `nil` if this container's pools do not manage `view`.
    ///
    /// - Parameter view: A view.
    /// - Complexity: O(1) expected.
    public func isInPool(_ view: any ReusableView) -> Bool? {
        slotByView[ObjectIdentifier(view)].map { records[Int($0)].inPool }
    }
}
