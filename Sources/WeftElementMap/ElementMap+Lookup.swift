public import Foundation
import WeftCore

extension ElementMap {
    /// Returns the number of items in a section.
    ///
    /// - Parameter section: A section of this version; a section out of range
    ///   is a programming error and traps, as an array subscript does.
    /// - Returns: The number of items in `section`.
    /// - Complexity: O(log *s*), where *s* is the number of sections: a single
    ///   node read for up to 42 sections.
    public func numberOfItems(inSection section: Int) -> Int {
        guard let count = _CElementMap.itemCount(storage.version, section: section) else {
            preconditionFailure("section \(section) out of range 0 ..< \(numberOfSections)")
        }
        return count
    }

    /// Returns the element at an item index path of this version.
    ///
    /// - Parameter indexPath: A (section, item) path.
    /// - Returns: The element, or `nil` if the path is out of range or the item
    ///   is absent (see ``Batch``).
    /// - Complexity: O(log *n*), where *n* is the number of items; O(1) once
    ///   the version has its position tables (``buildPositionTables()``).
    // Inlinable so that the caller takes the element itself: a caller that only
    // reads it then pays no retain, whose locked increment on the element's
    // cache line kept lookups from overlapping their misses. The path is
    // consumed by the lookup, out of line: a caller's copy of it (read from an
    // array) was otherwise released after the element was made, and the
    // element was retained around that release, which no compiler can see
    // through (at 1M random paths, 51 ns a lookup against 31 ns).
    @inlinable
    public func element(at indexPath: consuming IndexPath) -> Element? {
        guard let handle = storage.itemHandle(at: indexPath) else { return nil }
        return Unmanaged<Element>.fromOpaque(handle).takeUnretainedValue()
    }

    /// The element at an item index path as an unretained reference, valid
    /// while `self` lives, or `nil` as ``element(at:)`` says: for a caller that
    /// reads the element through `_withUnsafeGuaranteedRef`, where a bound
    /// element was retained, and an element's retain takes the runtime's slow
    /// path when something references it weakly.
    ///
    /// - Complexity: As ``element(at:)``.
    @inlinable
    package func unmanagedElement(at indexPath: consuming IndexPath) -> Unmanaged<Element>? {
        guard let handle = storage.itemHandle(at: indexPath) else { return nil }
        return Unmanaged<Element>.fromOpaque(handle)
    }

    /// Returns the index path of the given element in this version of the map.
    ///
    /// An element that a later version moved still reports its place in this one.
    ///
    /// - Parameter element: An element stored as an item by some version of this map.
    /// - Returns: The element's index path, or `nil` if this version doesn't
    ///   hold it as an item (see ``supplementaryLocation(of:)`` for the others).
    /// - Complexity: O(log *n*), where *n* is the number of elements in this
    ///   version. Deriving a version does no O(*n*) work to keep this true.
    ///   O(1) for an item once the version has its position tables
    ///   (``buildPositionTables()``).
    // Inlinable, as element(at:) is, so that a caller passing an element it
    // reads from an array does not retain it around the call.
    @inlinable
    public func indexPath(of element: Element) -> IndexPath? {
        _itemIndexPath(of: UnsafeRawPointer(Unmanaged.passUnretained(element).toOpaque()))
    }

    /// ``indexPath(of:)``'s lookup of an element's handle, out of line so that
    /// inlined callers see no C type.
    // Releases nothing (it reads the C core's tables): a caller that passes an
    // element it read from an array or a dictionary need not retain it around
    // the call, a cache miss on the element's header that the lookup itself
    // never touches (at 1M random elements, half the lookup's time).
    @usableFromInline @_effects(releasenone)
    internal func _itemIndexPath(of handle: UnsafeRawPointer) -> IndexPath? {
        guard let found = _CElementMap.locate(storage.version, handle), found.kind == nil else { return nil }
        return IndexPath(item: found.item, section: found.section)
    }

    /// Returns the supplementary element of a kind at an index path.
    ///
    /// - Parameters:
    ///   - kind: The kind, such as `"header"`.
    ///   - indexPath: A (section, item) path.
    /// - Returns: The element, or `nil` if there is none.
    /// - Complexity: O(log *s* + *q*), where *s* is the number of sections and *q*
    ///   the number of supplementary elements of that section.
    public func supplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> Element? {
        guard indexPath.count == 2, let id = SupplementaryKinds.existingID(for: kind),
            let handle = _CElementMap.supplementary(
                storage.version, kind: id, section: indexPath.section, item: indexPath.item)
        else { return nil }
        return Unmanaged<Element>.fromOpaque(handle).takeUnretainedValue()
    }

    /// Returns the kind and index path of a supplementary element in this version.
    ///
    /// - Parameter element: An element stored as a supplementary element.
    /// - Returns: Its kind and path, or `nil` if this version doesn't hold it
    ///   as a supplementary element.
    /// - Complexity: O(log *n* + *q*), where *q* is the number of supplementary
    ///   elements of its section.
    public func supplementaryLocation(of element: Element) -> (kind: String, indexPath: IndexPath)? {
        let handle = UnsafeRawPointer(Unmanaged.passUnretained(element).toOpaque())
        guard let found = _CElementMap.locate(storage.version, handle), let kind = found.kind else { return nil }
        return (SupplementaryKinds.name(of: kind), IndexPath(item: found.item, section: found.section))
    }

    /// Returns the supplementary elements of a section, sorted by kind id and item.
    ///
    /// - Parameter section: A section of this version; out of range traps.
    /// - Returns: Each element with its kind and index path.
    /// - Complexity: O(log *s* + *q*), where *q* is the number of supplementary
    ///   elements of the section.
    public func supplementaryElements(inSection section: Int) -> [(kind: String, indexPath: IndexPath, element: Element)] {
        precondition(section >= 0 && section < numberOfSections, "section \(section) out of range 0 ..< \(numberOfSections)")
        return _CElementMap.supplementaries(storage.version, section: section).map {
            (SupplementaryKinds.name(of: $0.kind), IndexPath(item: $0.item, section: section),
             Unmanaged<Element>.fromOpaque($0.handle).takeUnretainedValue())
        }
    }

    /// Calls `body` with each item of a section in order (`nil` for an absent
    /// item), without retaining them: a layout reading a million items' sizes
    /// at a load paid a retain and a release for each through
    /// ``items(inSection:)``.
    ///
    /// - Complexity: O(log *n* + *m*), where *m* is the number of items in the section.
    package func forEachItem(inSection section: Int, _ body: (Int, Element?) -> Void) {
        forEachUnmanagedItem(inSection: section) { index, item in
            if let item {
                item._withUnsafeGuaranteedRef { body(index, $0) }
            } else {
                body(index, nil)
            }
        }
    }

    /// Calls `body` with each item of a section in order as an unretained
    /// reference (`nil` for an absent item), valid while `self` lives: for a
    /// caller that reads each element through `_withUnsafeGuaranteedRef`,
    /// where a bound element was retained anyway, and an element's retain
    /// takes the runtime's slow path when something references it weakly.
    ///
    /// - Complexity: O(log *n* + *m*), where *m* is the number of items in the section.
    package func forEachUnmanagedItem(inSection section: Int, _ body: (Int, Unmanaged<Element>?) -> Void) {
        let count = numberOfItems(inSection: section)
        let version = storage.version
        var handles = [UnsafeMutableRawPointer?](repeating: nil, count: Swift.min(count, 256))
        var done = 0
        while done < count {
            let copied = handles.withUnsafeMutableBufferPointer {
                _CElementMap.copyItems(version, section: section, start: done, into: $0)
            }
            for index in 0 ..< copied {
                // The version holds the element for as long as `self` lives. Not
                // `Optional.map`: unspecialized, it looked up generic metadata per item.
                if let handle = handles[index] {
                    body(done + index, Unmanaged<Element>.fromOpaque(handle))
                } else {
                    body(done + index, nil)
                }
            }
            done += copied
        }
    }

    /// Returns the items of a section, in order, with `nil` for an absent item.
    ///
    /// - Parameter section: A section of this version; out of range traps.
    /// - Returns: One entry per item: ``numberOfItems(inSection:)`` entries.
    /// - Complexity: O(log *n* + *m*), where *m* is the number of items in the section.
    public func items(inSection section: Int) -> [Element?] {
        var items: [Element?] = []
        items.reserveCapacity(numberOfItems(inSection: section))
        forEachItem(inSection: section) { _, element in items.append(element) }
        return items
    }

    /// Returns the indexes of a section's items that have elements, ascending.
    ///
    /// - Parameter section: A section of this version; out of range traps.
    /// - Returns: The item indexes, none of them of an absent item.
    /// - Complexity: O(log *n* + *m*), where *m* is the number of items in the
    ///   section, with no work per absent item beyond copying its empty slot.
    public func indexesOfPresentItems(inSection section: Int) -> [Int] {
        let count = numberOfItems(inSection: section)
        let version = storage.version
        var indexes: [Int] = []
        var handles = [UnsafeMutableRawPointer?](repeating: nil, count: Swift.min(count, 512))
        var start = 0
        while start < count {
            let copied = handles.withUnsafeMutableBufferPointer {
                _CElementMap.copyItems(version, section: section, start: start, into: $0)
            }
            for index in 0 ..< copied where handles[index] != nil { indexes.append(start + index) }
            start += copied
        }
        return indexes
    }

    /// Returns the elements of a section's items, in order, leaving out absent items.
    ///
    /// - Parameter section: A section of this version; out of range traps.
    /// - Returns: The section's elements; as many as it has items when none is absent.
    /// - Complexity: O(log *n* + *m*), where *m* is the number of items in the section.
    public func elements(inSection section: Int) -> [Element] {
        items(inSection: section).compactMap { $0 }
    }
}
