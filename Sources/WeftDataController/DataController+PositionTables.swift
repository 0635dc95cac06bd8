import WeftElementMap
import WeftMemory

extension DataController {
    /// The items for which a committed version gets position tables: below
    /// 4,096 the trees are two levels deep and answer as fast; above 4M (a
    /// lazy map of mostly absent items, say) 40 bytes an item is more memory
    /// than the lookups are worth. A policy within the element map's own limit,
    /// `ElementMap.maximumPositionTableCount`, never past it.
    static let positionTableCounts = 4_096 ... min(4 << 20, ElementMap<CollectionElement>.maximumPositionTableCount)

    /// Builds the position tables (`ElementMap.buildPositionTables()`) of the
    /// map a batch update just made visible, on a utility queue of its own, so
    /// that the lookups of the version on screen (every visible cell, every
    /// frame) cost O(1) as in Texture's tables while main pays O(1).
    ///
    /// Only the newest such map is built: one that another commit replaced
    /// before its turn is handed to the dealloc queue unbuilt. The queue's hold
    /// on a map ends on the dealloc queue too, so the map's elements never die
    /// on the building thread.
    ///
    /// A lazy collection's maps get none: their items are mostly absent, and
    /// the tables hold 8 bytes for each item, absent or not (8 MB for a lazy
    /// million, whose element map holds its absent items in about 2), to speed
    /// up lookups of the few hundred loaded ones, which the trees answer in
    /// O(log *n*) anyway.
    func buildPositionTablesOfVisibleMap() {
        guard itemLoading == .eager, Self.positionTableCounts.contains(visibleMap.count) else { return }
        let waiting = positionTablesWaiting
        if let superseded = waiting.put(visibleMap) { deallocQueue.release(value: consume superseded) }
        let deallocQueue = deallocQueue
        positionQueue.async {
            guard let map = waiting.take() else { return }
            map.buildPositionTables()
            deallocQueue.release(value: consume map)
        }
    }
}

extension DataController {
    /// Waits until the position queue has built every table it was given. For tests.
    package func _waitForPositionTables() {
        positionQueue.sync {}
    }
}
