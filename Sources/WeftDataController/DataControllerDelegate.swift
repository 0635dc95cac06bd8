public import Foundation
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
    public func dataController(
        _ dataController: DataController, didLoadItemsAt indexPaths: [IndexPath], in map: ElementMap<CollectionElement>
    ) {}

    public func dataController(
        _ dataController: DataController, didUnloadItemsAt indexPaths: [IndexPath], in map: ElementMap<CollectionElement>
    ) {}

    public func dataControllerDidRelayout(_ dataController: DataController) {}
}
