import WeftChangeSet
import WeftCore
import WeftElementMap

extension DataController {
    /// Step 5, on main: commit the oldest pending update or relayout.
    func commitNext() {
        guard let commit = commits.first else { return }
        switch commit {
        case .update(let changeSet, let map, let completion):
            deallocQueue.release(swapVisibleMap(to: map, changeSet: changeSet))
            commits.removeFirst()
            changeSet.runCompletions(finished: true)
            completion?(.success(()))
        case .relayout(let completion):
            commits.removeFirst()
            phase = .committing
            delegate?.dataControllerDidRelayout(self)
            phase = .idle
            completion?()
        }
        if commits.isEmpty { runFinishBlocks() }
    }

    /// Lets the delegate perform its batch update with the swap inside, and
    /// returns the previous visible map boxed for the dealloc queue.
    ///
    /// A separate function so that every local reference to the previous map,
    /// including the ``DataUpdate`` the delegate saw, is gone when it returns:
    /// the box is then the data controller's last reference, and the elements
    /// the update removed die with it on the dealloc queue's thread, not on main.
    private func swapVisibleMap(
        to map: ElementMap<CollectionElement>, changeSet: CompletedChangeSet
    ) -> RetiredMap {
        let previous = visibleMap
        var swapped = false
        phase = .committing
        if let delegate {
            let update = DataUpdate(changeSet: changeSet, previousMap: previous, map: map)
            delegate.dataController(self, commit: update) {
                guard !swapped else { return }
                visibleMap = map
                swapped = true
            }
        }
        if !swapped { visibleMap = map }
        phase = .idle
        return RetiredMap(previous)
    }
}
