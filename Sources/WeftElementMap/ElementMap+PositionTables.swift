internal import CWeftElementMap

extension ElementMap {
    /// Builds this version's position tables, once: its items in order and a
    /// hash table from element to index path, so that ``element(at:)`` and
    /// ``indexPath(of:)`` (for items) answer in O(1), one or two cache lines,
    /// as Texture's section arrays and map table do, instead of descending the
    /// trees in O(log *n*).
    ///
    /// Meant for the version on screen, which is asked about again and again:
    /// a data controller builds them for each version it commits, off main.
    /// Other versions keep the trees alone, so deriving a version stays
    /// O(*k* log *n*). The tables go when the version does; any thread may build
    /// them, concurrently with readers, and a second build is a no-op.
    ///
    /// - Returns: `false` if memory ran out or the version has more than
    ///   ``maximumPositionTableCount`` items (absent ones included); lookups
    ///   then stay on the trees.
    /// - Complexity: O(*n*) the first time, about 40 bytes per item; O(1) after.
    @discardableResult
    public func buildPositionTables() -> Bool {
        _CElementMap.buildPositions(storage.version)
    }

    /// The most items (absent ones included) a version's position tables
    /// cover: 2^26, the C core's `WEFT_EMAP_POSITIONS_MAX_ITEMS`.
    public static var maximumPositionTableCount: Int { Int(WEFT_EMAP_POSITIONS_MAX_ITEMS) }

    /// Whether this version has its position tables (``buildPositionTables()``).
    ///
    /// - Complexity: O(1).
    public var hasPositionTables: Bool {
        _CElementMap.hasPositions(storage.version)
    }
}
