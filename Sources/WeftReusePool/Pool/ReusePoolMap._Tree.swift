extension ReusePoolMap {
    /// The pass state of a root map and all its child containers' maps.
    @MainActor
    final class _Tree {
        enum Phase {
            case idle
            case mounting
            /// The pass is ending: hiding, unhiding, reordering and calling callbacks.
            case ending
            /// A purge is removing views and calling `willPurge`.
            case purging
        }

        weak var root: ReusePoolMap?
        // Unchecked for the reason given beside `ReusePoolMap`'s stored properties.
        /// The number of the current (or last) pass; passes count from 1.
        @exclusivity(unchecked) var pass: UInt64 = 0
        @exclusivity(unchecked) var phase = Phase.idle
        /// Maps touched in this pass, each once, parents before children.
        @exclusivity(unchecked) var touched: [ReusePoolMap] = []
    }
}
