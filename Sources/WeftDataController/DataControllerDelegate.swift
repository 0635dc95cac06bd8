public import Foundation
public import WeftChangeSet
public import WeftElementMap

/// The view side of a data controller: told on main, in order, when each
/// update commits (step 5).
@MainActor
public protocol DataControllerDelegate: AnyObject {
    /// Commits `update`: perform the view's batch update, and call `updates`
    /// exactly once inside it, before relaying the change set's edits.
    ///
    /// `updates` makes `update.map` the data controller's visible map. It must
    /// run inside the batch update because a view keeps reading the old
    /// content until then. If the delegate does not call it, the data
    /// controller swaps the maps itself when this method returns.
    func dataController(_ dataController: DataController, commit update: DataUpdate, updates: () -> Void)

    /// Step 1 of an accepted update, on main: work of the update's commit that
    /// can run in step 3 instead, on the editing queue once the update's new
    /// nodes are measured (a layout's new lengths). Its result reaches
    /// ``dataController(_:commit:updates:)`` as ``DataUpdate/preparation``.
    ///
    /// Asked only when no other commit is pending, so that the work starts
    /// from what main holds when the update commits; main must still check
    /// that nothing it depends on changed meanwhile. The default returns `nil`.
    ///
    /// - Parameters:
    ///   - dataController: The data controller.
    ///   - changeSet: The update's validated change set. The work gets the
    ///     update's map when it runs.
    func dataController(_ dataController: DataController, preparationFor changeSet: CompletedChangeSet) -> CommitPreparation?

    /// Allocated nodes were measured again for a new viewport size; the visible
    /// map's elements are the same, their sizes may differ. The default does nothing.
    func dataControllerDidRelayout(_ dataController: DataController)

    /// Items of a lazy data controller that a range asked for
    /// (``DataController/loadItems(at:)``) now have elements, made and measured:
    /// `map` is the new visible map, the same items as before in the same
    /// places. A layout reads their sizes here. The default does nothing.
    ///
    /// - Parameters:
    ///   - dataController: The data controller.
    ///   - indexPaths: The loaded items, in `map`'s index space.
    ///   - map: The new visible map.
    func dataController(
        _ dataController: DataController, didLoadItemsAt indexPaths: [IndexPath], in map: ElementMap<CollectionElement>)

    /// Loaded items of a lazy data controller were made absent again
    /// (``DataController/unloadItems(at:)``): `map` is the new visible map, the
    /// same items in the same places, those without elements. Their nodes die
    /// with the last map that holds them. The default does nothing.
    ///
    /// - Parameters:
    ///   - dataController: The data controller.
    ///   - indexPaths: The unloaded items, in `map`'s index space.
    ///   - map: The new visible map.
    func dataController(
        _ dataController: DataController, didUnloadItemsAt indexPaths: [IndexPath], in map: ElementMap<CollectionElement>)
}

extension DataControllerDelegate {
    public func dataController(_ dataController: DataController, preparationFor changeSet: CompletedChangeSet) -> CommitPreparation? {
        nil
    }

    public func dataController(
        _ dataController: DataController, didLoadItemsAt indexPaths: [IndexPath], in map: ElementMap<CollectionElement>
    ) {}

    public func dataController(
        _ dataController: DataController, didUnloadItemsAt indexPaths: [IndexPath], in map: ElementMap<CollectionElement>
    ) {}

    public func dataControllerDidRelayout(_ dataController: DataController) {}
}
