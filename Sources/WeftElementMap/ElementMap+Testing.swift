extension ElementMap {
    /// What the family of this version (every version derived from one empty
    /// map) holds: versions alive, dead versions kept as branch points, tree
    /// nodes, elements referenced, and slab bytes.
    package var _familyCounts: (liveVersions: Int, deadVersions: Int, nodes: Int, elements: Int, slabBytes: Int) {
        let c = _CElementMap.familyCounts(storage.version)
        return (c.liveVersions, c.deadVersions, c.nodes, c.elements, c.slabBytes)
    }

    /// Checks the whole family: the version tree's shape, and that the nodes
    /// and elements it holds are exactly those some live version reaches.
    /// Always true in builds without the C core's WEFT_DEBUG.
    package func _familyInvariantsHold() -> Bool {
        _CElementMap.familyHolds(storage.version)
    }
}
