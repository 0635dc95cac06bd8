public import Foundation
import WeftCore
import WeftElementMap

extension DataController {
    /// Gives absent items of a lazy data controller their elements: asks the data
    /// source for their node blocks, size ranges and models now, and makes and
    /// measures their nodes off main, as step 3 of an update does.
    ///
    /// The paths are in the view's index space (the ``visibleMap``, where a range
    /// controller finds them); each is carried through the updates in flight to
    /// the data source's index space, where the data source is asked. Items that
    /// are not absent there (they have an element, or one is on its way), and
    /// items a pending update deletes, are skipped, so asking twice is harmless.
    /// When the nodes are measured, the delegate hears
    /// ``DataControllerDelegate/dataController(_:didLoadItemsAt:in:)``, in order
    /// with the updates around it.
    ///
    /// Does nothing for an eager data controller, before the initial load, or
    /// when called from inside a data-source call or a commit.
    ///
    /// - Parameter indexPaths: Items of the visible map.
    /// - Complexity: O(*p* (log *n* + *u* log *k*)) on main for *p* paths, *u*
    ///   updates in flight of up to *k* edits, and *n* items.
    public func loadItems(at indexPaths: [IndexPath]) {
        guard itemLoading == .lazy, hasLoadedData, phase == .idle, let pending = pendingPaths(for: indexPaths) else {
            return
        }
        let flow = PipelineTracing.makeFlow()
        let start = PipelineTracing.isOn ? PipelineTracing.now() : 0
        phase = .askingDataSource
        var batch = ElementMap<CollectionElement>.Batch()
        var paths: [IndexPath] = []
        var elements: [CollectionElement] = []
        let ask = dataSource?.elementPartsAsker(for: self), owner = ownerReference
        for path in pending where pendingMap.element(at: path) == nil {
            let element = makeItemElement(at: path, asking: ask, owner: owner)
            batch.replaceItem(at: path, with: element)
            paths.append(path)
            elements.append(element)
        }
        phase = .idle
        // Each path is in range, named once and absent, and each element new, so
        // the map has no reason to refuse the batch. Were it to, nothing changes,
        // the items stay absent until a range asks again, and the refusal is reported.
        guard !elements.isEmpty, let map = applyingLoadBatch(batch, at: paths) else { return }
        pendingMap = map
        let measured = _MeasuredElements(elements)
        commits.append(.load(map, paths: paths, measured: measured))
        PipelineTracing.recordSpan("load \(elements.count) items", role: "main", start: start, flow: flow, phase: .begin)
        let lifetime = lifetime
        scheduleStep3(flow: flow) { allocation in
            measured.record(_NodeMeasurement.allocateAndMeasure(
                measured.elements, allocation: allocation, lifetime: lifetime, flow: flow))
        }
    }

    /// Makes loaded items of a lazy data controller absent again, so that their
    /// elements and nodes can die; a range that needs one later loads it anew,
    /// from a fresh node block. The range controller calls it for items far
    /// outside the measure range once more than its limit are loaded.
    ///
    /// The paths are in the view's index space, carried through the updates in
    /// flight as for ``loadItems(at:)``; absent and deleted items are skipped.
    /// The delegate hears ``DataControllerDelegate/dataController(_:didUnloadItemsAt:in:)``
    /// in order with the updates around it, and the nodes die on the dealloc
    /// queue's thread with the last map that holds them.
    ///
    /// - Parameter indexPaths: Items of the visible map.
    /// - Complexity: O(*p* (log *n* + *u* log *k*)) on main, as ``loadItems(at:)``.
    public func unloadItems(at indexPaths: [IndexPath]) {
        guard itemLoading == .lazy, hasLoadedData, phase == .idle, let pending = pendingPaths(for: indexPaths) else {
            return
        }
        var batch = ElementMap<CollectionElement>.Batch()
        var paths: [IndexPath] = []
        var unloaded: [CollectionElement] = []
        for path in pending {
            guard let element = pendingMap.element(at: path) else { continue }
            batch.replaceItem(at: path, with: nil)
            paths.append(path)
            unloaded.append(element)
        }
        guard !paths.isEmpty, let map = applyingLoadBatch(batch, at: paths) else { return }
        // Gone from the newest map: a later node block may hand their nodes on.
        for element in unloaded { element.retire() }
        pendingMap = map
        commits.append(.unload(map, paths: paths))
        scheduleStep3 { _ in }
    }

    /// The pending map with a load's or an unload's batch applied, or `nil`
    /// after reporting the map's refusal to ``diagnostics``.
    private func applyingLoadBatch(
        _ batch: ElementMap<CollectionElement>.Batch, at paths: [IndexPath]
    ) -> ElementMap<CollectionElement>? {
        do {
            return try pendingMap.applying(batch)
        } catch {
            diagnostics.report(DataControllerError.elementMap(error), layer: .dataController, indexPaths: paths)
            return nil
        }
    }

    /// Up to this many paths, ``pendingPaths(for:)`` finds repeats by comparing
    /// each with those before it.
    private static var pathsCheckedLinearly: Int { 16 }

    /// The data-source paths of view paths, through the updates in flight: each
    /// once, in range, skipping deleted items; `nil` when there is nothing to do
    /// or a `reloadData` in flight makes every view path meaningless.
    private func pendingPaths(for indexPaths: [IndexPath]) -> [IndexPath]? {
        guard !indexPaths.isEmpty else { return nil }
        let inFlight = commits.compactMap(\.changeSet)
        guard !inFlight.contains(where: \.includesReloadData) else { return nil }
        // A scroll asks for an item or two at a time: a few paths are checked
        // against each other, without the hashed set (an allocation and a
        // SipHash per path) that a large request needs.
        var seen = indexPaths.count > Self.pathsCheckedLinearly ? Set<IndexPath>(minimumCapacity: indexPaths.count) : nil
        var paths: [IndexPath] = []
        paths.reserveCapacity(indexPaths.count)
        for visiblePath in indexPaths {
            var path: IndexPath? = visiblePath
            for changeSet in inFlight { path = path.flatMap(changeSet.newIndexPath(forOld:)) }
            guard let path, path.count == 2, path.section >= 0, path.section < pendingMap.numberOfSections,
                path.item >= 0, path.item < pendingMap.numberOfItems(inSection: path.section),
                seen?.insert(path).inserted ?? !paths.contains(path)
            else { continue }
            paths.append(path)
        }
        return paths
    }
}
