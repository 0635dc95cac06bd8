extension ReusePoolMap {
    /// The views of one ``ViewKey`` in one container, oldest first.
    struct _Pool {
        let key: ViewKey
        var slots: [Int32] = []
        /// Views before this index were vended in the current pass (or were taken
        /// early by a component that preferred them); views are vended from here on.
        var cursor = 0
    }
}
