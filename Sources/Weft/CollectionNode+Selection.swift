public import Foundation
import WeftDataController
import WeftNode

extension CollectionNode {
    // Selection is kept by element, not by index path, so it follows an item
    // through inserts and moves, and leaves with it when it is deleted, as
    // UIKit's does. A reload that keeps the element (its node model is unchanged,
    // or its node took the new one) keeps the selection; a reload that makes a
    // new node drops it, as a UIKit reload does. `reloadData` clears it.

    /// The index paths of the selected items in the data source's index space,
    /// ascending; empty when nothing is selected. UIKit's `indexPathsForSelectedItems`.
    ///
    /// - Complexity: O(*m* log *n*) for *m* selected items.
    public var indexPathsForSelectedItems: [IndexPath] {
        let map = dataController.pendingMap
        return selection.compactMap { $0.element.flatMap(map.indexPath(of:)) }.sorted()
    }

    /// Selects the item at `indexPath` (data source's index space) and scrolls
    /// it to `scrollPosition`; `nil` deselects every item. UIKit's
    /// `selectItem(at:animated:scrollPosition:)`: the delegate is not told, and
    /// nothing happens while ``allowsSelection`` is `false`. Without
    /// ``allowsMultipleSelection``, the item replaces the selection.
    ///
    /// - Throws: ``CollectionNodeError/noSuchItem(_:numberOfSections:numberOfItemsInSection:)``
    ///   for a path that names no item, ``CollectionNodeError/conflictingScrollPositions(_:)``;
    ///   nothing changes then.
    /// - Complexity: O(*m* + log *n*) for *m* selected items.
    public func selectItem(
        at indexPath: IndexPath?, animated: Bool = false, scrollPosition: ScrollPosition = []
    ) throws(CollectionNodeError) {
        guard let indexPath else {
            for path in indexPathsForSelectedItems { try? deselectItem(at: path) }
            return
        }
        let element = try element(at: indexPath)
        try checkScrollPosition(scrollPosition)
        guard allowsSelection else { return }
        setSelected(element, replacingOthers: !allowsMultipleSelection)
        if !scrollPosition.isEmpty { try scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects the item at `indexPath` (data source's index space); the
    /// delegate is not told. UIKit's `deselectItem(at:animated:)`.
    ///
    /// - Throws: ``CollectionNodeError/noSuchItem(_:numberOfSections:numberOfItemsInSection:)``.
    /// - Complexity: O(*m* + log *n*) for *m* selected items.
    public func deselectItem(at indexPath: IndexPath, animated: Bool = false) throws(CollectionNodeError) {
        let element = try element(at: indexPath)
        setDeselected(element)
    }

    /// What a user's tap on the item at `indexPath` does, for a host view that
    /// forwards touches: with ``allowsMultipleSelection`` a selected item is
    /// deselected; otherwise the item is selected and any other item deselected.
    /// The delegate is asked first (`shouldSelectItemAt`, `shouldDeselectItemAt`)
    /// and told after (`didSelectItemAt`, `didDeselectItemAt`), as UIKit does
    /// for touches; a tap on a selected item of a single-selection collection
    /// selects it again.
    ///
    /// - Throws: ``CollectionNodeError/noSuchItem(_:numberOfSections:numberOfItemsInSection:)``.
    public func tapItem(at indexPath: IndexPath) throws(CollectionNodeError) {
        let element = try element(at: indexPath)
        guard allowsSelection else { return }
        if allowsMultipleSelection, isSelected(element) {
            guard delegateShouldDeselectItem(at: indexPath) else { return }
            setDeselected(element)
            delegateDidDeselectItem(at: indexPath)
            return
        }
        guard delegateShouldSelectItem(at: indexPath) else { return }
        let others = allowsMultipleSelection ? [] : indexPathsForSelectedItems.filter { $0 != indexPath }
        setSelected(element, replacingOthers: !allowsMultipleSelection)
        for path in others { delegateDidDeselectItem(at: path) }
        delegateDidSelectItem(at: indexPath)
    }

    /// What a Control-click (or Control+Space) on the item at `indexPath`
    /// does on a desktop: the item's selection flips and the others stay, with
    /// ``allowsMultipleSelection``; without, a selected item is deselected and
    /// an unselected one selected in place of the others. The delegate is
    /// asked and told as for ``tapItem(at:)``.
    ///
    /// - Throws: ``CollectionNodeError/noSuchItem(_:numberOfSections:numberOfItemsInSection:)``.
    /// - Complexity: O(*m* + log *n*) for *m* selected items.
    public func toggleItem(at indexPath: IndexPath) throws(CollectionNodeError) {
        let element = try element(at: indexPath)
        guard allowsSelection else { return }
        guard isSelected(element) else { return try tapItem(at: indexPath) }
        guard delegateShouldDeselectItem(at: indexPath) else { return }
        setDeselected(element)
        delegateDidDeselectItem(at: indexPath)
    }

    /// What a Shift-click (or Shift with an arrow key) on the item at
    /// `indexPath` does on a desktop: with ``allowsMultipleSelection``, every
    /// item from `anchor` to `indexPath` (both included, in either order, across
    /// sections) is selected, the delegate asked and told for each that was not;
    /// items selected before stay. Without it, or with no anchor, it is a
    /// ``tapItem(at:)``.
    ///
    /// - Throws: ``CollectionNodeError/noSuchItem(_:numberOfSections:numberOfItemsInSection:)``
    ///   for either path; nothing changes then.
    /// - Complexity: O(*r* (*m* + log *n*)) for *r* items in the range; a lazy
    ///   list loads those not loaded.
    public func extendSelection(from anchor: IndexPath?, to indexPath: IndexPath) throws(CollectionNodeError) {
        guard allowsMultipleSelection, let anchor, anchor != indexPath else { return try tapItem(at: indexPath) }
        _ = try element(at: anchor)
        _ = try element(at: indexPath)
        guard allowsSelection else { return }
        let map = dataController.pendingMap
        var path = min(anchor, indexPath)
        let last = max(anchor, indexPath)
        while true {
            let element = try element(at: path)
            if !isSelected(element), delegateShouldSelectItem(at: path) {
                setSelected(element, replacingOthers: false)
                delegateDidSelectItem(at: path)
            }
            guard path < last else { break }
            if path.item + 1 < map.numberOfItems(inSection: path.section) {
                path = IndexPath(item: path.item + 1, section: path.section)
            } else {
                var section = path.section + 1
                while section < map.numberOfSections, map.numberOfItems(inSection: section) == 0 { section += 1 }
                guard section < map.numberOfSections else { break }
                path = IndexPath(item: 0, section: section)
            }
        }
    }

    /// The element of the item at `indexPath` of the data source's index space.
    package func element(at indexPath: IndexPath) throws(CollectionNodeError) -> CollectionElement {
        let map = dataController.pendingMap
        let sections = map.numberOfSections
        let section = indexPath.count == 2 ? indexPath.section : -1
        guard (0 ..< sections).contains(section), (0 ..< map.numberOfItems(inSection: section)).contains(indexPath.item) else {
            throw .noSuchItem(
                indexPath, numberOfSections: sections,
                numberOfItemsInSection: (0 ..< sections).contains(section) ? map.numberOfItems(inSection: section) : nil)
        }
        if let element = map.element(at: indexPath) { return element }
        // An absent item of a lazy collection: load it now, as a range would (its
        // node is made and measured off main), so it can be selected or scrolled
        // to. With no update in flight the view's index space is the data source's.
        if !dataController.isProcessingUpdates { dataController.loadItems(at: [indexPath]) }
        guard let element = dataController.pendingMap.element(at: indexPath) else { throw .itemNotLoaded(indexPath) }
        return element
    }

    private func isSelected(_ element: CollectionElement) -> Bool {
        selection.contains { $0.element === element }
    }

    private func setSelected(_ element: CollectionElement, replacingOthers: Bool) {
        if replacingOthers {
            for other in selection where other.element !== element { other.element?.nodeIfAllocated?.isSelected = false }
            selection.removeAll { $0.element !== element }
        }
        if !isSelected(element) { selection.append(_WeakElement(element)) }
        element.node.isSelected = true
    }

    private func setDeselected(_ element: CollectionElement) {
        guard isSelected(element) else { return }
        selection.removeAll { $0.element === element || $0.element == nil }
        element.nodeIfAllocated?.isSelected = false
    }

    /// Drops the selected items the data source no longer has: deleted, or
    /// replaced by a reload. Runs after each update is issued.
    func pruneSelection() {
        guard !selection.isEmpty else { return }
        let map = dataController.pendingMap
        selection.removeAll { $0.element.flatMap(map.indexPath(of:)) == nil }
    }

    /// Deselects everything without telling the delegate, as `reloadData` does in UIKit.
    func clearSelection() {
        for entry in selection { entry.element?.nodeIfAllocated?.isSelected = false }
        selection.removeAll()
    }
}
