extension ElementMap {
    /// Applies a batch of edits, replacing this value with the derived version.
    ///
    /// Other copies of the map keep the version they had.
    ///
    /// - Parameter batch: Edits in the order and index spaces ``Batch`` describes.
    /// - Throws: An ``ElementMapError`` naming the first edit that cannot
    ///   apply. On error the map is unchanged.
    /// - Complexity: O(*k* log *n* + *m* log *n*), where *k* is the number of edits,
    ///   *n* the number of items, and *m* the items of sections the batch inserts
    ///   or deletes whole.
    public mutating func apply(_ batch: Batch) throws(ElementMapError) {
        self = try applying(batch)
    }

    /// Returns the version derived from this one by a batch of edits.
    ///
    /// The result shares every part of this version the edits do not touch;
    /// this version is not changed.
    ///
    /// - Parameter batch: Edits in the order and index spaces ``Batch`` describes.
    /// - Returns: The new version.
    /// - Throws: An ``ElementMapError`` naming the first edit that cannot apply.
    /// - Complexity: O(*k* log *n* + *m* log *n*), as ``apply(_:)``.
    public func applying(_ batch: Batch) throws(ElementMapError) -> ElementMap {
        let version = try _CElementMap.apply(batch.edits, to: storage.version)
        let result = ElementMap(storage: _Storage(version: version))
        result._checkInvariants()
        return result
    }
}
