public import Foundation
import WeftCore

extension ElementMap {
    /// A normalized batch of edits: what a change set's normalized form says,
    /// with the elements to insert.
    ///
    /// A batch is applied as six steps, in this order, each index read in the
    /// state the previous steps left behind:
    ///
    /// 1. Replacements, in the **old** index space: the item at a path becomes a
    ///    new element where it stands (a reload that keeps the position).
    /// 2. Item removals, in the **old** index space: ``deleteItem(at:)`` calls,
    ///    which must come in strictly descending order, together with the
    ///    sources of ``moveItem(at:to:)``.
    /// 3. Section removals, in the **old** index space: ``deleteSection(_:)``
    ///    calls, strictly descending, with the sources of ``moveSection(_:toSection:)``.
    /// 4. Section insertions, in the **new** index space: ``insertSection(_:elements:)``
    ///    calls, strictly ascending, with the destinations of section moves.
    /// 5. Item insertions, in the **new** index space: ``insertItem(_:at:)`` calls,
    ///    strictly ascending, with the destinations of item moves.
    /// 6. Supplementary elements, in the **new** index space.
    ///
    /// This is the order and the index spaces UIKit uses for batch updates
    /// (deletes before inserts, moves from old to new paths), so a change set's
    /// normalized edits translate one to one. Moved items and sections keep
    /// their elements; deleting a section deletes its items and supplementary
    /// elements. An element may appear only once in a version.
    ///
    /// An item may be *absent*: counted, moved and deleted like any other, but
    /// with no element yet (a `nil` element, or a section inserted with
    /// ``insertSection(_:absentItems:)``). Replacing an absent item gives it an
    /// element; replacing an item with `nil` makes it absent and lets its element go.
    /// That is how a collection loads a million items before it has made one element.
    ///
    /// Errors name the kind of edit and its position among the calls of that
    /// kind (the third ``deleteItem(at:)`` call has position 2).
    public struct Batch {
        var edits = BatchEdits()

        /// Creates an empty batch.
        public init() {}

        /// A Boolean value that tells whether the batch holds no edits.
        public var isEmpty: Bool { edits.isEmpty }

        /// The number of edits, counting a section insertion as one.
        public var count: Int { edits.count }

        /// Replaces the item at `indexPath` with `element`, in place (step 1).
        ///
        /// - Parameters:
        ///   - indexPath: The item's path in the **old** index space. Each path
        ///     may be replaced once per batch, in any order.
        ///   - element: The new element, which must not already be in the map, or
        ///     `nil` to make the item absent.
        public mutating func replaceItem(at indexPath: IndexPath, with element: Element?) {
            edits.replacements.append((indexPath, BatchEdits.erase(optional: element)))
        }

        /// Deletes the item at `indexPath` (step 2).
        ///
        /// - Parameter indexPath: A path in the **old** index space. Successive
        ///   calls must name paths in strictly descending order, as in a change
        ///   set's normalized deletes.
        public mutating func deleteItem(at indexPath: IndexPath) {
            edits.itemDeletes.append(indexPath)
        }

        /// Deletes a section with its items and supplementary elements (step 3).
        ///
        /// - Parameter section: A section in the **old** index space. Successive
        ///   calls must name sections in strictly descending order.
        public mutating func deleteSection(_ section: Int) {
            edits.sectionDeletes.append(section)
        }

        /// Moves a section with its items and supplementary elements (steps 3 and 4).
        ///
        /// - Parameters:
        ///   - section: The section's index in the **old** index space.
        ///   - newSection: Its index in the **new** index space. Moves may come in
        ///     any order.
        public mutating func moveSection(_ section: Int, toSection newSection: Int) {
            edits.sectionMoves.append((section, newSection))
        }

        /// Moves an item, keeping its element (steps 2 and 5).
        ///
        /// - Parameters:
        ///   - indexPath: The item's path in the **old** index space.
        ///   - newIndexPath: Its path in the **new** index space. Moves may come in
        ///     any order, across sections too.
        public mutating func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
            edits.itemMoves.append((indexPath, newIndexPath))
        }

        /// Inserts a section holding `elements` (step 4).
        ///
        /// - Parameters:
        ///   - section: The section's index in the **new** index space. Successive
        ///     calls must name sections in strictly ascending order.
        ///   - elements: The section's items, in order; none may already be in the map.
        public mutating func insertSection(_ section: Int, elements: [Element] = []) {
            edits.sectionInserts.append((section, BatchEdits.erase(present: elements), 0))
        }

        /// Inserts a section holding `items`, `nil` for an absent item (step 4).
        ///
        /// - Parameters:
        ///   - section: The section's index in the **new** index space, ordered as
        ///     for ``insertSection(_:elements:)``.
        ///   - items: The section's items, in order; no element may already be in the map.
        public mutating func insertSection(_ section: Int, items: [Element?]) {
            edits.sectionInserts.append((section, BatchEdits.erase(items), 0))
        }

        /// Inserts a section of `count` absent items (step 4).
        ///
        /// - Parameters:
        ///   - section: The section's index in the **new** index space, ordered as
        ///     for ``insertSection(_:elements:)``.
        ///   - count: The number of items, none of which has an element yet.
        /// - Complexity: O(*count* / *B*) tree nodes for a leaf fill of *B*
        ///   (dozens of items), with nothing to index.
        public mutating func insertSection(_ section: Int, absentItems count: Int) {
            precondition(count >= 0, "a section cannot hold \(count) items")
            edits.sectionInserts.append((section, [], count))
        }

        /// Inserts an item (step 5).
        ///
        /// - Parameters:
        ///   - element: The element to insert, which must not already be in the
        ///     map, or `nil` for an absent item.
        ///   - indexPath: Its path in the **new** index space. Successive calls must
        ///     name paths in strictly ascending order, as in a change set's
        ///     normalized inserts.
        public mutating func insertItem(_ element: Element?, at indexPath: IndexPath) {
            edits.itemInserts.append((indexPath, BatchEdits.erase(optional: element)))
        }

        /// Makes room for `count` more item inserts, for a caller that knows
        /// how many it will add: the batch's list then grows once, not by
        /// doubling as they come.
        ///
        /// - Complexity: O(*i*) for the *i* item inserts the batch holds.
        package mutating func reserveCapacity(forItemInserts count: Int) {
            edits.itemInserts.reserveCapacity(edits.itemInserts.count + count)
        }

        /// Sets, replaces or removes the supplementary element of `kind` at
        /// `indexPath` (step 6).
        ///
        /// Supplementary elements belong to their section: they move with it and
        /// go with it, and item edits do not shift their paths.
        ///
        /// - Parameters:
        ///   - element: The new element, or `nil` to remove the one that is there.
        ///   - kind: The kind, such as `"header"`.
        ///   - indexPath: A path in the **new** index space; its section must exist.
        ///     Each (kind, path) may be named once per batch.
        public mutating func setSupplementaryElement(_ element: Element?, ofKind kind: String, at indexPath: IndexPath) {
            edits.supplementaryChanges.append((kind, indexPath, BatchEdits.erase(optional: element)))
        }

        /// The paths of the absent items the batch inserts, in the **new**
        /// index space, in the order ``makeAbsentInsertedItems(_:)`` asks for
        /// them: the items of inserted sections, then inserted items.
        ///
        /// A data controller whose data source answers on main only asks it,
        /// on main, for these items' parts, and makes their elements off main.
        ///
        /// - Complexity: O(*k* + *a*) for *k* edits and *a* absent items.
        package var absentInsertedItemPaths: [IndexPath] {
            var paths: [IndexPath] = []
            for insert in edits.sectionInserts {
                if insert.absentItems > 0 {
                    paths.reserveCapacity(paths.count + insert.absentItems)
                    for item in 0 ..< insert.absentItems { paths.append(IndexPath(item: item, section: insert.section)) }
                    continue
                }
                for item in insert.elements.indices where insert.elements[item] == nil {
                    paths.append(IndexPath(item: item, section: insert.section))
                }
            }
            paths.reserveCapacity(paths.count + edits.itemInserts.count)
            for insert in edits.itemInserts where insert.element == nil { paths.append(insert.indexPath) }
            return paths
        }

        /// Gives every absent item the batch inserts an element from `make`:
        /// the items of inserted sections, then inserted items, each asked with
        /// its path in the **new** index space, in the batch's order.
        /// Replacements are left as they are, absent or not.
        ///
        /// A data controller builds a large batch on main with its items absent
        /// and makes their elements here, off main, where the data source's
        /// answers may be asked on any thread.
        ///
        /// - Parameter make: Makes the element of the item at a path; each
        ///   element must be new to the map.
        /// - Returns: The elements made, in the order they were asked.
        /// - Complexity: O(*k* + *a*) for *k* edits and *a* absent items, plus
        ///   the cost of `make`.
        package mutating func makeAbsentInsertedItems(_ make: (IndexPath) -> Element) -> [Element] {
            var made: [Element] = []
            for index in edits.sectionInserts.indices {
                let section = edits.sectionInserts[index].section
                let absent = edits.sectionInserts[index].absentItems
                if absent > 0 {
                    // A section inserted as a count of absent items becomes one of elements.
                    var elements: [AnyObject?] = []
                    elements.reserveCapacity(absent)
                    made.reserveCapacity(made.count + absent)
                    for item in 0 ..< absent {
                        let element = make(IndexPath(item: item, section: section))
                        made.append(element)
                        elements.append(BatchEdits.erase(element))
                    }
                    edits.sectionInserts[index] = (section, elements, 0)
                    continue
                }
                for item in edits.sectionInserts[index].elements.indices
                where edits.sectionInserts[index].elements[item] == nil {
                    let element = make(IndexPath(item: item, section: section))
                    made.append(element)
                    edits.sectionInserts[index].elements[item] = BatchEdits.erase(element)
                }
            }
            for index in edits.itemInserts.indices where edits.itemInserts[index].element == nil {
                let element = make(edits.itemInserts[index].indexPath)
                made.append(element)
                edits.itemInserts[index].element = BatchEdits.erase(element)
            }
            return made
        }
    }
}

// The edits hold the batch's elements erased to `AnyObject`, each of them an
// `Element`, besides index paths, counts and kind names: with `Element`
// sendable, so is every value the batch holds. A data controller hands a large
// batch to another thread to apply.
extension ElementMap.Batch: @unchecked Sendable where Element: Sendable {}
