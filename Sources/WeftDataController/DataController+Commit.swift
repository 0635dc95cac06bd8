import WeftChangeSet
import WeftCore
import WeftElementMap
import WeftNode

extension DataController {
    /// Step 5, on main: commit the oldest pending update or relayout.
    func commitNext() {
        guard let commit = commits.first else { return }
        let number = commit.changeSet == nil ? nil : committedUpdateCount + 1
        if let found = commit.measured?.toReport {
            applyMeasuredLayouts(found, in: commit.map ?? visibleMap, update: number)
        } else {
            applyMeasuredLayouts(commit.measuredElements, in: commit.map ?? visibleMap, update: number)
            applyMeasuredLayouts(commit.elementsMadeOffMain, in: commit.map ?? visibleMap, update: number)
        }
        switch commit {
        case .update(let changeSet, let derived, _, let repopulated, let preparation, let relay, let completion):
            committedUpdateCount += 1
            let map = derived.map
            // The newest update's derivation, done by now (step 3 waited for it),
            // becomes its map: later readers of the pending map skip the lock.
            if case .deriving(let committed) = derived, case .deriving(let pending) = pendingMapState, committed === pending {
                pendingMapState = .ready(map)
            }
            let leftovers = _CommitLeftovers()
            leftovers.relayedBatch = relay?.takeResult() as? ChangeSet
            leftovers.previousMap = swapVisibleMap(
                to: map, changeSet: changeSet, repopulatedSections: repopulated, preparation: preparation?.takeResult(),
                relayedBatch: leftovers.relayedBatch, number: committedUpdateCount)
            deallocQueue.release(consume leftovers)
            commits.removeFirst()
            changeSet.runCompletions(finished: true)
            completion?(.success(()))
        case .relayout(_, let completion):
            commits.removeFirst()
            phase = .committing
            delegate?.dataControllerDidRelayout(self)
            phase = .idle
            completion?()
        case .load(let map, let paths, _):
            commits.removeFirst()
            let leftovers = _CommitLeftovers()
            leftovers.previousMap = swapVisibleMap(toLoaded: map, at: paths, unloading: false)
            deallocQueue.release(consume leftovers)
        case .unload(let map, let paths):
            commits.removeFirst()
            let leftovers = _CommitLeftovers()
            leftovers.previousMap = swapVisibleMap(toLoaded: map, at: paths, unloading: true)
            deallocQueue.release(consume leftovers)
        }
        if commits.isEmpty { runFinishBlocks() }
        // The commit holds the elements step 3 measured, a million at an eager
        // load: their releases (each on the runtime's slow path, since a node
        // references its element weakly) go off main with it.
        let leftovers = _CommitLeftovers()
        leftovers.commit = consume commit
        deallocQueue.release(consume leftovers)
    }

    /// Lets the delegate perform its batch update with the swap inside, and
    /// returns the previous visible map for the dealloc queue.
    ///
    /// A separate function so that every local reference to the previous map,
    /// including the ``DataUpdate`` the delegate saw, is gone when it returns:
    /// the returned copy is then the data controller's last reference, and the
    /// elements the update removed die with it on the dealloc queue's thread.
    private func swapVisibleMap(
        to map: ElementMap<CollectionElement>, changeSet: CompletedChangeSet, repopulatedSections: [Int],
        preparation: (any Sendable)?, relayedBatch: ChangeSet?, number: Int
    ) -> ElementMap<CollectionElement> {
        let previous = visibleMap
        var swapped = false
        phase = .committing
        if let delegate {
            let update = DataUpdate(
                changeSet: changeSet, previousMap: previous, map: map,
                sectionsWithReloadedSupplementaryElements: repopulatedSections, preparation: preparation,
                relayedBatch: relayedBatch, number: number)
            delegate.dataController(self, commit: update) {
                guard !swapped else { return }
                visibleMap = map
                swapped = true
            }
        }
        if !swapped { visibleMap = map }
        buildPositionTablesOfVisibleMap()
        phase = .idle
        return previous
    }

    /// Makes the map of a load or an unload visible and tells the delegate;
    /// returns the previous visible map for the dealloc queue, as
    /// ``swapVisibleMap(to:changeSet:repopulatedSections:preparation:relayedBatch:number:)`` does, so unloaded nodes die there.
    private func swapVisibleMap(
        toLoaded map: ElementMap<CollectionElement>, at paths: [IndexPath], unloading: Bool
    ) -> ElementMap<CollectionElement> {
        let previous = visibleMap
        visibleMap = map
        phase = .committing
        if unloading {
            delegate?.dataController(self, didUnloadItemsAt: paths, in: map)
        } else {
            delegate?.dataController(self, didLoadItemsAt: paths, in: map)
        }
        phase = .idle
        return previous
    }

    /// Makes the subnodes of auto-managed nodes follow the layouts step 3
    /// calculated, where that had to wait for main (a node already in a range),
    /// so the view gets the new hierarchy with the commit; and reports to
    /// ``diagnostics`` the node blocks among them that returned a node another
    /// element holds, the layouts that could not be applied, and the layout-spec
    /// errors measuring met.
    ///
    /// - Complexity: O(*k*) for *k* measured elements, plus the transitions and
    ///   O(log *n*) for each reported element.
    private func applyMeasuredLayouts(
        _ elements: [CollectionElement], in map: ElementMap<CollectionElement>, update: Int?
    ) {
        func paths(_ element: CollectionElement) -> [IndexPath] {
            let path = element.isSupplementary ? map.supplementaryLocation(of: element)?.indexPath : map.indexPath(of: element)
            return path.map { [$0] } ?? []
        }
        for index in elements.indices {
            // Most nodes have nothing to report and manage no subnodes: say so
            // without a lock or a retain of the node or the element (an
            // element's retain takes the slow path, since its node references
            // it weakly). Step 3 usually judged this already, off main.
            let mayReport = Unmanaged.passUnretained(elements[index])._withUnsafeGuaranteedRef {
                $0.mayHaveSomethingToReport
            }
            guard mayReport else { continue }
            let element = elements[index]
            let (node, refusedHolder, refusedSupernode) = element.takeNodeAndRefusal()
            if let refusedHolder {
                let error = SharedNodeError(refusing: element, heldBy: refusedHolder, in: map, newest: pendingMap)
                diagnostics.report(error, layer: .dataController, update: update, indexPaths: error.indexPath.map { [$0] } ?? [])
            }
            if let refusedSupernode {
                let path = paths(element)
                diagnostics.report(
                    NestedNodeError(indexPath: path.first, supplementaryKind: element.supplementaryKind, supernode: refusedSupernode),
                    layer: .dataController, update: update, indexPaths: path)
            }
            guard let node else { continue }
            for error in node.layoutSpecErrors {
                diagnostics.report(error, layer: .node, update: update, indexPaths: paths(element))
            }
            guard node.automaticallyManagesSubnodes else { continue }
            do {
                try node.layoutIfNeeded()
            } catch {
                diagnostics.report(error, layer: .dataController, update: update, indexPaths: paths(element))
            }
        }
    }
}

extension SharedNodeError {
    /// The refusal of `element`'s node, which `holder` holds, located in the
    /// committed `map`; a holder in neither it nor the `newest` map of the same
    /// collection belongs to another collection.
    init(refusing element: CollectionElement, heldBy holder: CollectionElement,
         in map: ElementMap<CollectionElement>, newest: ElementMap<CollectionElement>) {
        func locate(_ element: CollectionElement, in map: ElementMap<CollectionElement>) -> IndexPath? {
            element.isSupplementary ? map.supplementaryLocation(of: element)?.indexPath : map.indexPath(of: element)
        }
        let holderPath = locate(holder, in: map)
        self.init(indexPath: locate(element, in: map), supplementaryKind: element.supplementaryKind,
                  holderIndexPath: holderPath, holderSupplementaryKind: holder.supplementaryKind,
                  holderIsInThisCollection: holderPath != nil || locate(holder, in: newest) != nil)
    }
}
