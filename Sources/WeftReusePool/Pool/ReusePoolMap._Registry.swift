extension ReusePoolMap {
    /// Every live root map and stateful view pool, so that one call can purge them all
    /// on memory pressure.
    @MainActor
    enum _Registry {
        private final class WeakMap {
            weak var map: ReusePoolMap?
            init(_ map: ReusePoolMap) { self.map = map }
        }

        private final class WeakStatefulPool {
            weak var pool: StatefulViewPool?
            init(_ pool: StatefulViewPool) { self.pool = pool }
        }

        private static var maps: [WeakMap] = []
        private static var statefulPools: [WeakStatefulPool] = []

        /// - Complexity: O(*m*) for *m* registered maps, to drop released ones.
        static func register(_ map: ReusePoolMap) {
            maps.removeAll { $0.map == nil }
            maps.append(WeakMap(map))
        }

        static func register(_ pool: StatefulViewPool) {
            statefulPools.removeAll { $0.pool == nil }
            statefulPools.append(WeakStatefulPool(pool))
        }

        static var liveMaps: [ReusePoolMap] { maps.compactMap(\.map) }
        static var liveStatefulPools: [StatefulViewPool] { statefulPools.compactMap(\.pool) }
    }
}
