public import WeftChangeSet
import WeftCore
import WeftElementMap
import WeftNode

extension DataController {
    /// Runs a batch update through the five steps.
    ///
    /// Validation happens now, on main, against the data source's new counts. A
    /// refused change set changes nothing: both maps, the counts and the nodes
    /// stay as they were, the change set's own completion handlers run with
    /// `false`, and `completion` gets the error, before this method returns.
    /// An accepted one returns at the end of step 2; `completion` gets
    /// `.success` on main once the view has committed it, after the change
    /// set's own handlers ran with `true`.
    ///
    /// Updates pipeline: issue the next one at once, without waiting.
    ///
    /// Before the initial load, any change set becomes the initial load (a
    /// `reloadData`): the data source already reflects the edits, and loading
    /// everything shows them. Texture drops such updates and completes them as
    /// finished; Weft loads the data instead, so nothing the caller asked for
    /// is lost.
    ///
    /// A strictly validated batch of many edits derives the map off main (see
    /// ``pendingMap``): main no longer applies the edits to the map, whose
    /// O(*k* log *n*) runs on the map queue beside step 3.
    ///
    /// - Parameters:
    ///   - changeSet: Edits made on a change set from ``makeChangeSet()``,
    ///     balanced `beginUpdates` / `endUpdates`.
    ///   - reloads: What the batch's item reloads do with their nodes.
    ///   - completion: Called on main with the outcome.
    /// - Complexity: O(*s* + *k* log *n*) on main for *s* sections, *k* edits
    ///   and *n* elements, plus the supplementary elements of the sections whose
    ///   items change (see
    ///   ``DataControllerDataSource/dataController(_:shouldReloadSupplementaryElementsOnItemChangesInSection:)``);
    ///   the data source is asked about new elements only.
    public func updateWithChangeSet(
        _ changeSet: ChangeSet,
        reloads: ReloadBehavior = .followsNodeModel,
        completion: (@MainActor (Result<Void, DataControllerError>) -> Void)? = nil
    ) {
        guard phase == .idle else {
            refuse(changeSet, .reentrantUpdate, completion)
            return
        }
        if let preceding = precedingUpdate {
            precedingUpdate = nil
            preceding()
        }
        let isReload = changeSet.includesReloadData
        if !hasLoadedData, !isReload {
            var load = makeChangeSet()
            load.reloadData()
            updateWithChangeSet(load) { result in
                changeSet.runCompletions(finished: (try? result.get()) != nil)
                completion?(result)
            }
            return
        }
        let flow = PipelineTracing.makeFlow()
        let traceStart = flow == 0 ? 0 : PipelineTracing.now()
        do throws(DataControllerError) {
            let (completed, map, newElements, repopulated) = try derivePendingMap(from: changeSet, reloads: reloads, flow: flow)
            // Only an accepted update starts a flow: a refused one has no step 3 or commit.
            PipelineTracing.recordSpan("step 1", role: "main", start: traceStart, flow: flow, phase: .begin)
            acceptedUpdateCount += 1
            pendingMapState = map
            pendingItemCounts = completed.newItemCounts
            if completed.includesReloadData { hasLoadedData = true }
            // A layout delegate's context needs the map now: with one, step 1 derived it on main.
            let context = layoutDelegate.map { ($0, $0.layoutContext(for: map.map, newElements: newElements)) }
            // Behind another commit, the delegate's state at this one is not yet known.
            let preparation = commits.isEmpty
                ? delegate?.dataController(self, preparationFor: completed).map(_PreparationSlot.init) : nil
            let relay = relaySlot(for: completed)
            let measured = _MeasuredElements(newElements)
            commits.append(.update(
                completed, map, measured: measured, repopulatedSections: repopulated, preparation: preparation,
                relay: relay, completion: completion))
            let lifetime = lifetime
            scheduleStep3(flow: flow) {
                guard !lifetime.isEnded else { return }
                // The view's batch reads only the change set: made while the map queue
                // still makes the new elements and derives the map, which step 3 would
                // otherwise wait for idle (4 ms of 50 at a 10% update of 100k items).
                if let relay {
                    PipelineTracing.span("step 3: the view's batch", role: "editing queue", flow: flow) { relay.run() }
                }
                // The update's node blocks may take the nodes of the elements it removed.
                map.waitUntilRemovedElementsRetired(waitingAs: "editing queue")
                if let (layoutDelegate, context) = context {
                    layoutDelegate.calculateLayout(with: context)
                } else {
                    var toReport = _NodeMeasurement.allocateAndMeasure(
                        newElements, allocation: $0, lifetime: lifetime, flow: flow)
                    // The elements the map queue made, once it has made them.
                    let made = map.madeElements(waitingAs: "editing queue")
                    if !made.isEmpty {
                        toReport += _NodeMeasurement.allocateAndMeasure(made, allocation: $0, lifetime: lifetime, flow: flow)
                    }
                    measured.record(toReport)
                }
                // Waited for here, off main, so that the commit finds the map ready.
                let ready = map.map(waitingAs: "editing queue")
                if let preparation {
                    PipelineTracing.span("step 3: layout preparation", role: "editing queue", flow: flow) {
                        preparation.run(in: ready)
                    }
                }
            }
        } catch {
            PipelineTracing.recordSpan("step 1: refused", role: "main", start: traceStart)
            refuse(changeSet, error, completion)
        }
    }

    /// Discards every element and loads the data source again, as one change set.
    ///
    /// - Parameter completion: Called on main once the view has the new data.
    /// - Complexity: O(*n*) for the *n* new elements.
    public func reloadData(completion: (@MainActor (Result<Void, DataControllerError>) -> Void)? = nil) {
        var changeSet = makeChangeSet()
        changeSet.reloadData()
        updateWithChangeSet(changeSet, completion: completion)
    }

    private func refuse(
        _ changeSet: ChangeSet, _ error: DataControllerError,
        _ completion: (@MainActor (Result<Void, DataControllerError>) -> Void)?
    ) {
        diagnostics.report(error, layer: .dataController)
        changeSet.runCompletions(finished: false)
        completion?(.failure(error))
    }

    /// Step 1: validate, make the new elements, derive the map. Changes nothing
    /// on the data controller; the caller stores the result.
    ///
    /// A strictly validated batch of at least ``offMainMapEditThreshold`` edits
    /// (or items, at a load, lazy or not), in a collection of at most
    /// ``offMainMapSectionLimit`` sections, is applied to the map off main, on
    /// the map queue (``_MapDerivation``): strict validation has refused every
    /// batch the map would refuse, so nothing is left to refuse there. A layout
    /// delegate reads the map in step 2, so with one the map is derived here.
    private func derivePendingMap(
        from changeSet: ChangeSet, reloads: ReloadBehavior, flow: UInt64
    ) throws(DataControllerError) -> (
        CompletedChangeSet, _DerivedMap, [CollectionElement], repopulatedSections: [Int]
    ) {
        guard changeSet.oldItemCounts == pendingItemCounts else {
            throw .staleChangeSet(expected: pendingItemCounts, actual: changeSet.oldItemCounts)
        }
        phase = .askingDataSource
        defer { phase = .idle }
        let newCounts = try itemCountsFromDataSource()
        let completed: CompletedChangeSet
        do {
            completed = try changeSet.completed(newItemCounts: newCounts, mode: validationMode)
        } catch {
            throw .invalidChangeSet(error)
        }
        var newElements: [CollectionElement] = []
        let isLazy = itemLoading == .lazy
        // Judged before the batch exists by the change set's edits or the load's
        // items (a lazy load's too: its map, runs of absent items, is built off
        // main while nothing is asked there), and again once the batch exists by
        // its edits and elements.
        let goesOffMain = sendsOffMain(
            size: completed.includesReloadData ? newCounts.reduce(0, &+) : completed.edits.count, completed,
            newCounts: newCounts)
        // With a data source that answers on any thread, the items of an update
        // sent off main stay absent in the batch, and the map queue makes them.
        let askOffMain = goesOffMain && !isLazy ? dataSource?.sendableElementPartsAsker(for: self) : nil
        // With one that answers on main only, an update's items stay absent too:
        // main asks for their parts below, and the map queue makes their elements
        // (an element and its lock were 22% of main's +100 into 100k items). Not
        // a load's: a million parts would be held beside the million elements.
        let asksPartsOnMain = goesOffMain && !isLazy && askOffMain == nil && !completed.includesReloadData
            && dataSource != nil
        let leavesItemsAbsent = askOffMain != nil || asksPartsOnMain
        // A lazy collection makes no element for a new item, except where a reload
        // replaces one that has an element: it is likely on screen, so it gets
        // its new element at once instead of showing nothing until a range asks.
        var replacesPresentItem = Set<IndexPath>()
        // Read once: an eager load makes a million elements.
        let ask = dataSource?.elementPartsAsker(for: self), owner = ownerReference
        let makeItem = { (path: IndexPath) -> CollectionElement? in
            guard !isLazy || replacesPresentItem.contains(path) else { return nil }
            let element = self.makeItemElement(at: path, asking: ask, owner: owner)
            newElements.append(element)
            return element
        }
        let makeSupplementaries = { (section: Int) throws(DataControllerError) -> [_MapBatch<CollectionElement>.Supplementary] in
            let elements = try self.makeSupplementaryElements(inSection: section)
            newElements += elements.map(\.element)
            return elements
        }
        let base: ElementMap<CollectionElement>
        let batch: _MapBatch<CollectionElement>
        if completed.includesReloadData {
            base = ElementMap()
            batch = try _MapBatch(
                loading: newCounts, makesItems: !isLazy && askOffMain == nil, makeItem: makeItem,
                makeSupplementaries: makeSupplementaries)
        } else {
            base = pendingMap
            let dataSource = dataSource
            batch = try _MapBatch(
                completed,
                keepsReloadedItem: { reload in
                    guard let kept = self.keptElement(for: reload, behavior: reloads) else {
                        if isLazy, self.pendingMap.element(at: reload.from) != nil { replacesPresentItem.insert(reload.to) }
                        return false
                    }
                    if kept.nodeIfAllocated?.calculatedSizeRange != kept.constrainedSize {
                        newElements.append(kept)
                    }
                    return true
                },
                makesSections: !isLazy && !leavesItemsAbsent, makesInsertedItems: !leavesItemsAbsent,
                makeItem: makeItem, makeSupplementaries: makeSupplementaries,
                supplementariesBefore: { self.pendingMap.supplementaryElements(inSection: $0) },
                reloadsSupplementaries: { section in
                    dataSource?.dataController(self, shouldReloadSupplementaryElementsOnItemChangesInSection: section)
                        ?? false
                },
                // A reconfigure keeps the item and its place: UIKit leaves the
                // supplementary views alone, and so does Weft.
                reloadsAskSupplementaries: reloads == .followsNodeModel)
        }
        let retirement = _Retirement(of: batch, reloadsData: completed.includesReloadData)
        let map: _DerivedMap
        if goesOffMain
            || sendsOffMain(size: Swift.max(batch.batch.count, newElements.count), completed, newCounts: newCounts)
        {
            let owner = ownerReference
            let makeItems: _MapDerivation.ItemMaking?
            if let askOffMain {
                makeItems = { { path in Self.makeItemElement(from: askOffMain(path), owner: owner) } }
            } else if asksPartsOnMain, let ask {
                // A loop, not `map`: a main-actor closure passed to the standard
                // library checks the executor at every call (5% of main's step 1
                // of +100 items into 100k).
                let paths = batch.batch.absentInsertedItemPaths
                var asked: [(path: IndexPath, parts: (
                    nodeBlock: CollectionElement.NodeBlock, constrainedSize: SizeRange, nodeModel: (any Hashable & Sendable)?
                ))] = []
                asked.reserveCapacity(paths.count)
                for path in paths { asked.append((path, ask(path))) }
                let parts = asked
                makeItems = { Self.itemMaker(parts: parts, owner: owner) }
            } else {
                makeItems = nil
            }
            map = .deriving(_MapDerivation(
                applying: batch.batch, to: base, retiring: retirement, in: pendingMap, on: mapQueue,
                releasingOn: deallocQueue, makingItems: makeItems, lifetime: lifetime, flow: flow))
        } else {
            map = .ready(try applyOnMain(batch.batch, to: base, changeSet: changeSet, counts: completed.newItemCounts))
            retirement.perform(in: pendingMap)
        }
        let repopulated = batch.repopulatedSections
        // The batch lists every new element, a million at an eager load, and
        // their releases (each on the runtime's slow path, since a node
        // references its element weakly) would cost main: they go off main.
        // One that holds no more than a small update's elements, and none that
        // leaves the map, dies here: handing it over (a box, its generic
        // metadata looked up, a lock, the queue's thread woken) cost main more
        // than those releases (7% of step 1 of +100 items into 100k).
        if newElements.count > Self.mainReleasedBatchLimit || !batch.removedSupplementaries.isEmpty {
            deallocQueue.release(value: consume batch)
        }
        return (completed, map, newElements, repopulated)
    }

    /// The most new elements a batch may hold and still be released on main
    /// at the end of step 1.
    static let mainReleasedBatchLimit = 64

    /// Whether step 1 sends the map of an update of `size` edits (or of a load
    /// of `size` elements) off main.
    ///
    /// Strict validation only: it has refused whatever the map would refuse.
    /// No layout delegate: it reads the map in step 2. Few sections: a map's
    /// section ids are freed only once no version holds them, so an update of
    /// many sections could run them out, which only a refusal in step 1 can report.
    private func sendsOffMain(size: Int, _ completed: CompletedChangeSet, newCounts: [Int]) -> Bool {
        guard case .strict = validationMode, layoutDelegate == nil else { return false }
        let oldSections = completed.includesReloadData ? 0 : pendingItemCounts.count
        return size >= offMainMapEditThreshold && Swift.max(oldSections, newCounts.count) <= Self.offMainMapSectionLimit
    }

    /// For a large update, step 3's work of the view's commit: the batch a
    /// view records for it, validated as a view of this data controller's kind
    /// validates it (``DataUpdate/relayedBatch``), so that main only compares
    /// counts at the commit; `nil` for a small update or a `reloadData`.
    private func relaySlot(for completed: CompletedChangeSet) -> _PreparationSlot? {
        guard !completed.includesReloadData, completed.edits.count >= offMainMapEditThreshold else { return nil }
        let mode = ValidationMode.faithful(validationMode.viewKind)
        return _PreparationSlot(readingNoMap: {
            var batch = CommitValidator.relayBatch(of: completed, from: completed.oldItemCounts)
            batch.prevalidate(newItemCounts: completed.newItemCounts, mode: mode)
            return batch
        })
    }

    /// Step 1's map for a batch it does not send off main: `batch` applied to
    /// `base`, refused as the map refuses it or when the result's counts are
    /// not `counts`.
    private func applyOnMain(
        _ batch: ElementMap<CollectionElement>.Batch, to base: ElementMap<CollectionElement>, changeSet: ChangeSet,
        counts: [Int]
    ) throws(DataControllerError) -> ElementMap<CollectionElement> {
        let map: ElementMap<CollectionElement>
        do {
            map = try base.applying(batch)
        } catch {
            throw .elementMap(error)
        }
        // Faithful validation counts a place named twice as UIKit does, twice; the
        // map takes it once. The view would then refuse the commit, so refuse now.
        if map.numberOfSections != counts.count || !counts.indices.allSatisfy({ map.numberOfItems(inSection: $0) == counts[$0] }) {
            var seen = Set<ChangeSet.Edit>()
            throw .undefinedResult(duplicate: changeSet.edits.map(\.edit).first { !seen.insert($0).inserted })
        }
        return map
    }

    /// The data source's counts, refused before anything is made when an
    /// element map could not hold them (a count of `Int.max` would otherwise ask
    /// for node blocks until the map refused, or allocate the counts themselves).
    private func itemCountsFromDataSource() throws(DataControllerError) -> [Int] {
        guard let dataSource else { return [] }
        let sections = dataSource.numberOfSections(in: self)
        guard sections >= 0 else { throw .negativeSectionCount(sections) }
        let maximumSections = ElementMap<CollectionElement>.maximumSectionCount
        guard sections <= maximumSections else {
            throw .countBeyondCapacity(section: nil, count: sections, limit: maximumSections)
        }
        let maximumItems = ElementMap<CollectionElement>.maximumItemCount
        var counts: [Int] = []
        counts.reserveCapacity(sections)
        for section in 0 ..< sections {
            let count = dataSource.dataController(self, numberOfItemsInSection: section)
            guard count <= maximumItems else {
                throw .countBeyondCapacity(section: section, count: count, limit: maximumItems)
            }
            counts.append(count)
        }
        return counts
    }

    func makeItemElement(
        at path: IndexPath,
        asking ask: ((IndexPath) -> (nodeBlock: CollectionElement.NodeBlock, constrainedSize: SizeRange, nodeModel: (any Hashable & Sendable)?))?,
        owner: _OwnerReference
    ) -> CollectionElement {
        guard let ask else {
            return CollectionElement(nodeBlock: { CellNode() }, constrainedSize: defaultConstrainedSize)
        }
        return Self.makeItemElement(from: ask(path), owner: owner)
    }

    /// The function that makes, on the map queue, the elements of the items
    /// whose `parts` main asked for, called once per item in the batch's
    /// order, each time with the next item's path.
    ///
    /// - Complexity: O(1) per element made.
    private nonisolated static func itemMaker(
        parts: [(path: IndexPath, parts: (
            nodeBlock: CollectionElement.NodeBlock, constrainedSize: SizeRange, nodeModel: (any Hashable & Sendable)?
        ))],
        owner: _OwnerReference
    ) -> (IndexPath) -> CollectionElement {
        var next = parts.startIndex
        return { path in
            // The batch asks in the order its paths were listed on main.
            precondition(next < parts.endIndex && parts[next].path == path,
                         "the map queue asked for item \(path), not the next one main asked the data source about")
            defer { next += 1 }
            return makeItemElement(from: parts[next].parts, owner: owner)
        }
    }

    /// An item's element from the data source's answers, on any thread.
    nonisolated static func makeItemElement(
        from parts: consuming (
            nodeBlock: CollectionElement.NodeBlock, constrainedSize: SizeRange, nodeModel: (any Hashable & Sendable)?
        ),
        owner: _OwnerReference
    ) -> CollectionElement {
        // Taken apart, so that the block and the model move into the element: read
        // through the tuple they were copied (a retain and a release each).
        let (nodeBlock, constrainedSize, nodeModel) = parts
        return CollectionElement(
            nodeBlock: consume nodeBlock, constrainedSize: constrainedSize, supplementaryKind: nil,
            nodeModel: consume nodeModel, owner: owner)
    }

    /// The supplementary elements of `section` as the data source describes
    /// them now: each kind's count, and a node block and size range per element.
    private func makeSupplementaryElements(
        inSection section: Int
    ) throws(DataControllerError) -> [_MapBatch<CollectionElement>.Supplementary] {
        guard let dataSource else { return [] }
        var elements: [_MapBatch<CollectionElement>.Supplementary] = []
        var seen: Set<String> = []
        for kind in dataSource.dataController(self, supplementaryKindsInSection: section) {
            // A kind listed twice would name each of its elements twice, which the
            // map refuses, hiding every item: make them once, and say so.
            guard seen.insert(kind).inserted else {
                diagnostics.report(DataControllerError.repeatedSupplementaryKind(kind: kind, section: section),
                                   layer: .dataController, indexPaths: [])
                continue
            }
            let count = dataSource.dataController(self, numberOfSupplementaryElementsOfKind: kind, inSection: section)
            let limit = ElementMap<CollectionElement>.maximumItemCount
            guard count >= 0, count <= limit else {
                throw .supplementaryCountOutOfRange(kind: kind, section: section, count: count, limit: limit)
            }
            for item in 0 ..< count {
                let path = IndexPath(item: item, section: section)
                elements.append((kind, item, CollectionElement(
                    nodeBlock: dataSource.dataController(self, nodeBlockForSupplementaryElementOfKind: kind, at: path),
                    constrainedSize: dataSource.dataController(
                        self, constrainedSizeForSupplementaryElementOfKind: kind, at: path),
                    supplementaryKind: kind, nodeModel: nil, owner: ownerReference)))
            }
        }
        return elements
    }

    /// The element a reload keeps: the old one, when the data source's model for
    /// the new position equals the model its node was made from, or when its node
    /// can take the new model (Texture's `canUpdateToNodeModel:`), which it then
    /// gets; a reconfigure hands the node the model even when it is equal. Its
    /// size range is refreshed, since the reload may have changed it.
    private func keptElement(for reload: NormalizedEdits.ItemMove, behavior: ReloadBehavior) -> CollectionElement? {
        guard let dataSource, let old = pendingMap.element(at: reload.from) else { return nil }
        let model = dataSource.dataController(self, nodeModelForItemAt: reload.to)
        switch behavior {
        case .followsNodeModel:
            guard old.hasNodeModel(equalTo: model) || model.map({ old.update(toNodeModel: $0) }) == true else {
                return nil
            }
        case .reconfiguresNode:
            guard let model, old.update(toNodeModel: model) else { return nil }
        }
        let size = dataSource.dataController(self, constrainedSizeForItemAt: reload.to)
        if old.constrainedSize != size { old.constrainedSize = size }
        return old
    }

    /// Steps 3 and 4: run `work` on the editing queue, then hand the next
    /// commit to the main serial queue. The editing queue is serial and the main
    /// serial queue is FIFO, so commits run in the order updates were issued.
    /// While tracing, step 3 and the commit are spans of the update's `flow`.
    func scheduleStep3(flow: UInt64 = 0, _ work: @escaping @Sendable (NodeAllocation) -> Void) {
        let allocation = nodeAllocation
        let mainSerialQueue = mainSerialQueue
        // Weak in the outer closure too: a `[weak self]` only in the inner one would
        // make the outer capture self strongly, and an update in flight would keep a
        // dropped data controller, and all its nodes, alive until step 3 ends.
        editingQueue.async { [weak self] in
            PipelineTracing.span("step 3", role: "editing queue", flow: flow) { work(allocation) }
            mainSerialQueue.performBlock { [weak self] in
                PipelineTracing.span("step 5: commit", role: "main", flow: flow, phase: .end) { self?.commitNext() }
            }
        }
    }
}
