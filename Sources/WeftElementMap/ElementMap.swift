/// An immutable version of a collection's elements: sections of items, plus
/// supplementary elements (headers, footers) by kind and index path.
///
/// `ElementMap` is a value: copying one copies a reference to a version in
/// O(1), and ``apply(_:)`` or ``applying(_:)`` derives a new version from a
/// ``Batch`` of edits while sharing every part of the structure the edits do
/// not touch. Lookups run in O(log *n*) in both directions, in any version, with
/// no O(*n*) work ever done to keep them so:
///
/// ```swift
/// var visible = try ElementMap(sections: [[header, a, b], [c]])
/// var batch = ElementMap<Cell>.Batch()
/// batch.deleteItem(at: IndexPath(item: 1, section: 0))       // old index space
/// batch.insertItem(d, at: IndexPath(item: 0, section: 1))     // new index space
/// let pending = try visible.applying(batch)
/// pending.indexPath(of: c)   // [1, 1]
/// visible.indexPath(of: c)   // [1, 0]: older versions never change
/// ```
///
/// The map holds one strong reference to each element while any version holds
/// the element, and gives it back exactly once, on the thread that releases the
/// last such version.
///
/// Any thread may read any version: versions are never written after they are
/// made, and deriving or releasing versions is serialized inside the C core.
///
/// - Complexity: *n* is the number of items, *s* the number of sections, *k* the
///   number of edits in a batch. Copy O(1); derive O(*k* log *n*); lookups
///   O(log *n*); counts per section O(log *s*); enumeration O(*n*).
public struct ElementMap<Element: AnyObject> {
    @usableFromInline internal var storage: _Storage

    internal init(storage: _Storage) {
        self.storage = storage
    }

    /// Creates an empty map: no sections, no elements.
    ///
    /// - Complexity: O(1).
    public init() {
        storage = _Storage(version: _CElementMap.makeEmpty())
    }

    /// Creates a map holding the given sections of elements, in order.
    ///
    /// - Parameter sections: The elements of each section, section 0 first.
    /// - Throws: ``ElementMapError/elementAlreadyPresent(edit:position:indexPath:existingIndexPath:)``
    ///   if an element appears twice (an element may appear once per version).
    /// - Complexity: O(*n* log *n*), where *n* is the number of elements.
    public init(sections: [[Element]]) throws(ElementMapError) {
        var batch = Batch()
        for (index, elements) in sections.enumerated() {
            batch.insertSection(index, elements: elements)
        }
        self = try ElementMap().applying(batch)
    }

    /// The number of sections.
    ///
    /// - Complexity: O(1).
    public var numberOfSections: Int {
        _CElementMap.sectionCount(storage.version)
    }

    /// The number of items in all sections (supplementary elements not included).
    ///
    /// - Complexity: O(1).
    public var count: Int {
        _CElementMap.itemTotal(storage.version)
    }

    /// A Boolean value that tells whether the map holds no items.
    ///
    /// - Complexity: O(1).
    public var isEmpty: Bool {
        count == 0
    }
}

extension ElementMap: Sendable where Element: Sendable {}

extension ElementMap where Element == AnyObject {
    /// The same version as `map`, its elements seen as `AnyObject`: a view that
    /// keeps a data controller's elements as its cells takes a whole loaded map
    /// this way instead of copying it.
    ///
    /// - Complexity: O(1).
    public init<Other: AnyObject>(erasing map: ElementMap<Other>) {
        self.init(storage: map.storage)
    }
}

extension ElementMap {
    /// Whether this map and `other` are the same version: the same storage, so
    /// equal in every element, found without looking at one.
    ///
    /// - Complexity: O(1).
    public func isIdentical<Other: AnyObject>(to other: ElementMap<Other>) -> Bool {
        storage.version == other.storage.version
    }
}
