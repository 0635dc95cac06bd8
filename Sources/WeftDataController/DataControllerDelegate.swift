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
}

extension DataControllerDelegate {
    public func dataControllerDidRelayout(_ dataController: DataController) {}
}
