import WeftDataController
import WeftElementMap

/// A data source that hands a collection all of a section's node models at once.
///
/// A refused batch's catch-up compares every item's node model before and after
/// (``CollectionNode/resynchronizeIfNeeded()``). Asked one index path at a time
/// through ``CollectionNodeDataSource``, a generic data source answers from
/// unspecialized code that looks up its arrays' metadata on every call: a
/// quarter of the catch-up over 100k items. Asked once per section, it does so
/// once.
@MainActor
protocol _SectionNodeModels: AnyObject {
    /// The node models of `section`'s items, in order: what
    /// `collectionNode(_:nodeModelForItemAt:)` answers for each of them.
    ///
    /// - Complexity: O(*m*) for *m* items in the section.
    func nodeModelKeys(inSection section: Int) -> [_NodeModelKey]

    /// Every section's node models, from the items shown now, as a function
    /// any thread may call (a catch-up derived off main); it answers `nil` when
    /// a count is beyond what a map holds.
    ///
    /// - Complexity: O(1); the function, O(*n*) for *n* items.
    func sendableNodeModelKeys() -> @Sendable () -> [[_NodeModelKey]]?
}

extension CollectionDiffableDataSource: _SectionNodeModels {
    func nodeModelKeys(inSection section: Int) -> [_NodeModelKey] {
        // A loop, not `map`: the closure `map` takes would be main-actor isolated,
        // and checked to be on main's executor for each item.
        let items = shownSnapshot.itemsBySection[section]
        var keys: [_NodeModelKey] = []
        keys.reserveCapacity(items.count)
        for item in items {
            keys.append(_NodeModelKey(item))
        }
        return keys
    }

    func sendableNodeModelKeys() -> @Sendable () -> [[_NodeModelKey]]? {
        let sections = shownSnapshot.itemsBySection
        return {
            guard sections.count <= ElementMap<CollectionElement>.maximumSectionCount else { return nil }
            var keys: [[_NodeModelKey]] = []
            keys.reserveCapacity(sections.count)
            for items in sections {
                guard items.count <= ElementMap<CollectionElement>.maximumItemCount else { return nil }
                var section: [_NodeModelKey] = []
                section.reserveCapacity(items.count)
                for item in items { section.append(_NodeModelKey(item)) }
                keys.append(section)
            }
            return keys
        }
    }
}
