public import WeftChangeSet
public import WeftDataController
public import WeftElementMap
import Foundation
import WeftCore
import WeftNode

extension RangeController {
    /// Marks the ranges as out of date and schedules one ``updateIfNeeded()`` on
    /// the main scheduler, unless one is already scheduled.
    ///
    /// - Complexity: O(1).
    public func setNeedsUpdate() {
        needsUpdate = true
        guard !isUpdateScheduled else { return }
        isUpdateScheduled = true
        scheduler.schedule { [weak self] in
            guard let self else { return }
            isUpdateScheduled = false
            updateIfNeeded()
        }
    }

    /// Runs an update pass now if one is needed.
    ///
    /// - Complexity: O(log *n* + *c*), where *c* is the number of items that
    ///   entered or left a range since the last pass (every item of the ranges
    ///   when the mode or the container's visibility changed).
    public func updateIfNeeded() {
        guard needsUpdate else { return }
        performUpdate(revisitingEverything: false, carrying: nil)
    }

    /// Runs an update pass now that checks every item of the old and new ranges,
    /// not only those that crossed a boundary; use it after changing node states
    /// behind the controller's back.
    ///
    /// - Complexity: O(log *n* + *r*) for *r* items in the ranges.
    public func updateRanges() {
        performUpdate(revisitingEverything: true, carrying: nil)
    }

    /// Replaces the visible map (the first load, or `reloadData`), lays it out
    /// anew and runs an update pass at once.
    ///
    /// Nodes of the old map that held a state and are not in the new map are
    /// reset to no state; elements present in both keep their nodes' states
    /// where the new ranges agree.
    ///
    /// - Parameters:
    ///   - map: The new visible map.
    ///   - preparation: For the commit of a `reloadData`, the update's
    ///     `DataUpdate.preparation`: what the layout computed in step 3.
    /// - Complexity: O(*n*) to lay out (O(*s*) for *s* sections when the
    ///   layout did it in step 3), plus O(*r* log *n*) for *r* items in the old
    ///   and new ranges.
    public func setVisibleMap(_ map: ElementMap<CollectionElement>, preparation: (any Sendable)? = nil) {
        waitsForBatchFetchTrigger = false
        let carried = elementsHoldingState()
        let anchor = captureContentAnchor()
        visibleMap = map
        mapChangedSinceSearch = true
        sectionIndex = _SectionIndex(itemCounts: (0 ..< map.numberOfSections).map { map.numberOfItems(inSection: $0) })
        layout.prepare(for: map, viewportSize: viewport.size, preparation: preparation)
        restoreContentAnchor(anchor)
        performUpdate(revisitingEverything: false, carrying: carried)
    }

    /// Items (and, with `includingSupplementaries`, headers or footers) of
    /// the visible map were measured again on main: a cell's layout was
    /// dropped (`CellNodeContainer.cellNodesDidInvalidateLayout(_:)`). The
    /// layout reads their new sizes, the first visible item keeps its place on
    /// screen, as after a load, and the next update pass follows. Unlike a new
    /// map, nothing re-arms batch fetching.
    ///
    /// - Parameters:
    ///   - indexPaths: The items, in ``visibleMap``.
    ///   - includingSupplementaries: Whether a header's or footer's size may
    ///     have changed too: the layout then reads every size again.
    /// - Complexity: O(*p* log *n*) for *p* items; O(*n*) with supplementaries.
    public func itemsDidRelayout(at indexPaths: [IndexPath], includingSupplementaries: Bool = false) {
        keepingFirstVisibleItem {
            if includingSupplementaries {
                layout.prepare(for: visibleMap, viewportSize: viewport.size)
            } else {
                layout.invalidateItems(at: indexPaths, in: visibleMap)
            }
        }
        setNeedsUpdate()
    }

    /// Runs `relayout`, which changes the layout's sizes, and moves the
    /// viewport by as much as the first visible item's start moved, so that
    /// what shows stays in place.
    ///
    /// - Complexity: O(log *n*) besides `relayout`.
    func keepingFirstVisibleItem(_ relayout: () -> Void) {
        let axis = layout.scrollAxis
        let anchor = snapshot.visible.isEmpty ? nil : sectionIndex.position(ofOrdinal: snapshot.visible.lowerBound)
        let anchorPath = anchor.map { IndexPath(item: $0.item, section: $0.section) }
        let before = anchorPath.flatMap(layout.frameForItem(at:)).map { axis.span(of: $0).min }
        relayout()
        if let anchorPath, let before, let after = layout.frameForItem(at: anchorPath).map({ axis.span(of: $0).min }),
            after != before {
            // Anchoring is not a scroll: it must not re-arm batch fetching as one would.
            let waits = waitsForBatchFetchTrigger
            viewport.origin = axis.offset(viewport.origin, by: after - before)
            waitsForBatchFetchTrigger = waits
        }
    }

    /// Takes a committed batch update: moves to its map, updates the layout
    /// incrementally and runs an update pass at once.
    ///
    /// Call it on main in step 5 of the pipeline, right after the view committed.
    /// Deleted nodes that held a state are reset to none; moved nodes keep their
    /// states where their new places agree.
    ///
    /// - Parameter update: The update; its change set must start from the item
    ///   counts of ``visibleMap`` and end at those of `update.map`.
    /// - Throws: ``RangeError/sectionCountMismatch(updateExpects:visibleMapHas:)``,
    ///   ``RangeError/itemCountMismatch(section:updateExpects:visibleMapHas:)`` or
    ///   ``RangeError/newMapMismatch(section:changeSetCount:mapCount:)``; nothing changes then.
    /// - Complexity: O(*k* log *n* + *s*) for *k* edits, *n* items and *s*
    ///   sections, plus O(*r* log *n*) for the *r* items in the old and new ranges.
    ///   A `reloadData` lays out all *n* items.
    public func apply(_ update: DataUpdate) throws(RangeError) {
        try validate(update)
        waitsForBatchFetchTrigger = false
        let carried = elementsHoldingState()
        let anchor = captureContentAnchor()
        visibleMap = update.map
        mapChangedSinceSearch = true
        sectionIndex = _SectionIndex(itemCounts: update.changeSet.newItemCounts)
        layout.apply(update)
        restoreContentAnchor(anchor, moves: update.changeSet.normalized)
        performUpdate(revisitingEverything: false, carrying: carried)
    }

    /// The layout's step 3 work for the commit of `changeSet`, if it has any;
    /// see ``CollectionLayout/preparation(for:)``.
    ///
    /// - Parameter changeSet: An update's validated change set.
    public func layoutPreparation(for changeSet: CompletedChangeSet) -> CommitPreparation? {
        layout.preparation(for: changeSet)
    }

    private func validate(_ update: DataUpdate) throws(RangeError) {
        let changeSet = update.changeSet
        let held = sectionIndex.itemCounts
        guard changeSet.oldItemCounts.count == held.count else {
            throw .sectionCountMismatch(updateExpects: changeSet.oldItemCounts.count, visibleMapHas: held.count)
        }
        for (section, (expected, has)) in zip(changeSet.oldItemCounts, held).enumerated() where expected != has {
            throw .itemCountMismatch(section: section, updateExpects: expected, visibleMapHas: has)
        }
        guard update.map.numberOfSections == changeSet.newItemCounts.count else {
            throw .newMapMismatch(section: nil, changeSetCount: changeSet.newItemCounts.count,
                                  mapCount: update.map.numberOfSections)
        }
        for (section, expected) in changeSet.newItemCounts.enumerated() {
            let count = update.map.numberOfItems(inSection: section)
            if count != expected { throw .newMapMismatch(section: section, changeSetCount: expected, mapCount: count) }
        }
    }

    /// The elements of the current map whose nodes the last pass gave a state.
    private func elementsHoldingState() -> [CollectionElement] {
        var elements: [CollectionElement] = []
        let old = snapshot
        forEachElement(in: old.hull) { ordinal, element in
            if !old.state(at: ordinal).isEmpty { elements.append(element) }
        }
        return elements
    }

    // MARK: The pass

    /// One update pass: pick the mode and direction, compute the ranges, and
    /// move the nodes whose state differs.
    ///
    /// - Parameters:
    ///   - revisitingEverything: Check every item of the old and new ranges.
    ///   - carried: After a map change, the elements of the previous map that
    ///     held a state; the old snapshot's ordinals mean nothing in the new map.
    func performUpdate(revisitingEverything: Bool, carrying carried: [CollectionElement]?) {
        let traceStart = PipelineTracing.isOn ? PipelineTracing.now() : 0
        defer { PipelineTracing.recordSpan("range update", category: "range", role: "main", start: traceStart) }
        needsUpdate = false
        let containerVisible = isContainerVisible && !isApplicationBackgrounded
        // Texture recomputes the mode on the first update, and afterwards only
        // once the user has scrolled, the container is visible and no explicit
        // mode is being kept for this update.
        if currentRangeMode == nil || (contentHasBeenScrolled && !preservesCurrentRangeMode && containerVisible) {
            currentRangeMode = containerVisible && currentRangeMode != nil ? .full : .minimum
        }
        preservesCurrentRangeMode = false
        let moving = ScrollDirection(velocity: scrollVelocity, along: layout.scrollAxis)
        if !moving.isEmpty { lastScrollDirection = moving }

        // After a map change the old runs name other items, so there is nothing to keep.
        let kept = carried == nil ? snapshot : _RangeSnapshot()
        let next = makeSnapshot(mode: currentRangeMode ?? .minimum, containerVisible: containerVisible, keeping: kept)
        // The drawings of the cells entering display start together when the
        // states have moved, so that the display queue takes visible cells first.
        DisplayNode.performDisplayBatch {
            if let carried {
                moveStates(carrying: carried, to: next)
            } else {
                moveStates(from: snapshot, to: next, revisitingEverything: revisitingEverything)
            }
            snapshot = next
            moveSupplementaryStates(mode: currentRangeMode ?? .minimum, containerVisible: containerVisible)
        }
        statistics.updateCount += 1
        scheduleBatchFetchingCheck(containerVisible: containerVisible)
        scheduleLoadSearch()
        _checkInvariants()
    }

    /// The ranges for the current viewport, direction and mode.
    /// - Parameter kept: The ranges to keep while the viewport is empty.
    private func makeSnapshot(mode: RangeMode, containerVisible: Bool, keeping kept: _RangeSnapshot) -> _RangeSnapshot {
        var next = _RangeSnapshot()
        next.isContainerVisible = containerVisible
        next.isLowMemory = mode == .lowMemory
        let axis = layout.scrollAxis
        let (lower, upper) = axis.span(of: viewport)
        let screen = upper - lower
        guard screen > 0, axis.breadth(of: viewport.size) > 0 else {
            // Nothing is visible (the view has no size yet): as Texture does when
            // no cell is displayed, clear the visible range and keep the others.
            next.display = kept.display
            next.preload = kept.preload
            return next
        }
        next.visible = layout.itemOrdinals(alongScrollAxisFrom: lower, to: upper)
        next.display = mode == .lowMemory ? 0 ..< 0 : ordinals(of: .display, mode: mode, visible: next.visible)
        next.preload = ordinals(of: .preload, mode: mode, visible: next.visible)
        return next
    }

    /// The items of a tuned range: the viewport stretched by its screenfuls,
    /// the leading ones in the direction of the last scroll.
    ///
    /// - Complexity: O(log *n*).
    func ordinals(of rangeType: RangeType, mode: RangeMode, visible: Range<Int>) -> Range<Int> {
        let parameters = tuningParameters(for: rangeType, mode: mode)
        guard parameters != .zero else { return visible }
        let axis = layout.scrollAxis
        let (lower, upper) = axis.span(of: viewport)
        let screen = upper - lower
        let ahead = parameters.leadingBufferScreenfuls * screen
        let behind = parameters.trailingBufferScreenfuls * screen
        return lastScrollDirection.isTowardHead(along: axis)
            ? layout.itemOrdinals(alongScrollAxisFrom: lower - ahead, to: upper + behind)
            : layout.itemOrdinals(alongScrollAxisFrom: lower - behind, to: upper + ahead)
    }

    /// The display range as a rect in content coordinates: the viewport
    /// stretched along the scroll axis by the display range's screenfuls, the
    /// leading ones in the direction of the last scroll, as the range's items
    /// are found; `CGRect.null` while no item is displayed (low memory).
    ///
    /// - Complexity: O(1).
    package var displayRect: CGRect {
        let mode = currentRangeMode ?? .minimum
        guard mode != .lowMemory else { return .null }
        let parameters = tuningParameters(for: .display, mode: mode)
        let axis = layout.scrollAxis
        let (lower, upper) = axis.span(of: viewport)
        let screen = upper - lower
        let ahead = parameters.leadingBufferScreenfuls * screen
        let behind = parameters.trailingBufferScreenfuls * screen
        let (before, after) = lastScrollDirection.isTowardHead(along: axis) ? (ahead, behind) : (behind, ahead)
        var rect = viewport
        if axis == .vertical {
            rect.origin.y -= before
            rect.size.height += before + after
        } else {
            rect.origin.x -= before
            rect.size.width += before + after
        }
        return rect
    }

    /// Calls `body` with each item of the display range and its index path in
    /// the visible map.
    ///
    /// - Complexity: O(log *s* + *d*) for *d* items in the display range.
    package func forEachElementInDisplayRange(_ body: (IndexPath, CollectionElement) -> Void) {
        let run = snapshot.display.clamped(to: 0 ..< sectionIndex.itemTotal)
        sectionIndex.forEachPosition(in: run) { section, item in
            let path = IndexPath(item: item, section: section)
            if let element = visibleMap.element(at: path) { body(path, element) }
        }
    }

    /// Headers and footers get the state an item would get where they lie: the
    /// state table read with whether their frames overlap each range's stretch.
    /// Texture leaves supplementary nodes out of the ranges (TG#1310), so a header
    /// on screen never learned it was visible; Weft moves them like items.
    ///
    /// - Complexity: O(log *s* + *h*) for *h* supplementary elements in or leaving the ranges.
    private func moveSupplementaryStates(mode: RangeMode, containerVisible: Bool) {
        guard layout.placesSupplementaryElements || !supplementariesHoldingState.isEmpty else { return }
        let axis = layout.scrollAxis
        let (lower, upper) = axis.span(of: viewport)
        let screen = upper - lower
        // With no viewport the item ranges keep their runs; so do these.
        guard screen > 0, axis.breadth(of: viewport.size) > 0 else { return }
        let towardHead = lastScrollDirection.isTowardHead(along: axis)
        func stretch(_ rangeType: RangeType) -> (CGFloat, CGFloat) {
            let parameters = tuningParameters(for: rangeType, mode: mode)
            let ahead = parameters.leadingBufferScreenfuls * screen
            let behind = parameters.trailingBufferScreenfuls * screen
            return towardHead ? (lower - ahead, upper + behind) : (lower - behind, upper + ahead)
        }
        let display = mode == .lowMemory ? (lower, lower) : stretch(.display)
        let preload = stretch(.preload)
        let outer = (min(lower, display.0, preload.0), max(upper, display.1, preload.1))
        let cross = axis.crossSpan(of: viewport)
        let found = layout.supplementaryElements(
            in: axis.rect(start: outer.0, length: outer.1 - outer.0, crossStart: cross.min, breadth: cross.max - cross.min))
        guard !found.isEmpty || !supplementariesHoldingState.isEmpty else { return }
        // A one-item table: the element is ordinal 0, in each range it overlaps.
        var table = _RangeSnapshot()
        table.isContainerVisible = containerVisible
        table.isLowMemory = mode == .lowMemory
        var holding: [CollectionElement] = []
        var visited = Set<ObjectIdentifier>()
        for (kind, indexPath) in found {
            guard let element = visibleMap.supplementaryElement(ofKind: kind, at: indexPath),
                let frame = layout.frameForSupplementaryElement(ofKind: kind, at: indexPath)
            else { continue }
            let (start, end) = axis.span(of: frame)
            table.visible = _overlaps(start, end, lower, upper) ? 0 ..< 1 : 0 ..< 0
            table.display = mode != .lowMemory && _overlaps(start, end, display.0, display.1) ? 0 ..< 1 : 0 ..< 0
            table.preload = _overlaps(start, end, preload.0, preload.1) ? 0 ..< 1 : 0 ..< 0
            let state = table.state(at: 0)
            setState(state, of: element)
            visited.insert(ObjectIdentifier(element))
            if !state.isEmpty { holding.append(element) }
        }
        for element in supplementariesHoldingState where !visited.contains(ObjectIdentifier(element)) {
            setState([], of: element)
        }
        supplementariesHoldingState = holding
    }

    /// Within one map: visits the runs between consecutive range ends where the
    /// old and new table disagree (or, when revisiting, where either holds a state).
    private func moveStates(from old: _RangeSnapshot, to new: _RangeSnapshot, revisitingEverything: Bool) {
        guard old != new || revisitingEverything else { return }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 12) { ends in
            old.writeBoundaries(into: ends, at: 0)
            new.writeBoundaries(into: ends, at: 6)
            // Twelve values: an insertion sort beats any call into a library sort.
            for index in 1 ..< 12 {
                let value = ends[index]
                var slot = index
                while slot > 0, ends[slot - 1] > value {
                    ends[slot] = ends[slot - 1]
                    slot -= 1
                }
                ends[slot] = value
            }
            for index in 0 ..< 11 where ends[index] < ends[index + 1] {
                let start = ends[index]
                let before = old.state(at: start), after = new.state(at: start)
                guard before != after || (revisitingEverything && !(before.isEmpty && after.isEmpty)) else { continue }
                forEachElement(in: start ..< ends[index + 1]) { _, element in setState(after, of: element) }
            }
        }
    }

    /// Across a map change: the carried elements go where the new map puts them
    /// (or to no state if it dropped them), then every item of the new ranges not
    /// carried gets its state.
    private func moveStates(carrying carried: [CollectionElement], to new: _RangeSnapshot) {
        var visited = Set<ObjectIdentifier>(minimumCapacity: carried.count)
        for element in carried {
            visited.insert(ObjectIdentifier(element))
            let ordinal = visibleMap.indexPath(of: element).flatMap { sectionIndex.ordinal(of: $0) }
            setState(ordinal.map { new.state(at: $0) } ?? [], of: element)
        }
        forEachElement(in: new.hull) { ordinal, element in
            let state = new.state(at: ordinal)
            if !state.isEmpty, !visited.contains(ObjectIdentifier(element)) { setState(state, of: element) }
        }
    }

    /// Where `element` is in the visible map, as diagnostics name it.
    private func indexPaths(of element: CollectionElement) -> [IndexPath] {
        let path = element.isSupplementary
            ? visibleMap.supplementaryLocation(of: element)?.indexPath : visibleMap.indexPath(of: element)
        return path.map { [$0] } ?? []
    }

    /// Calls `body` with each element of a run of ordinals of the visible map.
    func forEachElement(in ordinals: Range<Int>, _ body: (Int, CollectionElement) -> Void) {
        let run = ordinals.clamped(to: 0 ..< sectionIndex.itemTotal)
        var ordinal = run.lowerBound
        sectionIndex.forEachPosition(in: run) { section, item in
            if let element = visibleMap.element(at: IndexPath(item: item, section: section)) { body(ordinal, element) }
            ordinal += 1
        }
    }

    /// Gives an element's node `state` if it has a node in another state.
    func setState(_ state: InterfaceState, of element: CollectionElement) {
        statistics.elementsVisited += 1
        guard let node = element.nodeIfAllocated else { return }
        let old = node.interfaceState
        guard old != state else { return }
        do {
            // Layouts the subtree could not adopt on entering preload stay pending
            // on their nodes: reported here, with the item they belong to.
            for error in try node.recursivelySetInterfaceState(state) {
                diagnostics.report(error, layer: .rangeController, indexPaths: indexPaths(of: element))
            }
        } catch {
            // The state table never yields visible without display, the only state
            // a node refuses; were it to, the node keeps its state and it is said here.
            diagnostics.report(error, layer: .rangeController, indexPaths: indexPaths(of: element))
            return
        }
        statistics.interfaceStateChanges += 1
        delegate?.rangeController(self, didChangeInterfaceStateOf: node, from: old)
    }
}
