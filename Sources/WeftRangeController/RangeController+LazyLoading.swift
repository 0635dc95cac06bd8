public import Foundation
import DequeModule
public import WeftDataController
public import WeftElementMap

extension RangeController {
    /// Items of a lazy ``dataController`` were loaded: takes their map, reads
    /// their measured sizes, keeps the content anchored and gives their nodes
    /// the states of their places. The collection containers call it from
    /// `DataControllerDelegate.dataController(_:didLoadItemsAt:in:)`.
    ///
    /// Measured sizes replace estimates, so everything after a loaded item moves.
    /// The first visible item keeps its place on screen: the viewport moves by
    /// as much as that item's start did (the content offset follows), so items
    /// measured above the viewport change nothing the user sees.
    ///
    /// - Parameters:
    ///   - indexPaths: The loaded items, in `map`.
    ///   - map: The new visible map: the current one with those items present.
    /// - Complexity: O(*p* log *n*) for *p* loaded items, plus an update pass.
    public func itemsDidLoad(at indexPaths: [IndexPath], in map: ElementMap<CollectionElement>) {
        visibleMap = map
        keepingFirstVisibleItem { layout.invalidateItems(at: indexPaths, in: map) }
        statistics.itemsLoaded += indexPaths.count
        for path in indexPaths {
            guard let ordinal = sectionIndex.ordinal(of: path), let element = map.element(at: path) else { continue }
            track(element)
            let state = snapshot.state(at: ordinal)
            if !state.isEmpty { setState(state, of: element) }
        }
        performUpdate(revisitingEverything: false, carrying: nil)
    }

    /// Items of a lazy ``dataController`` were unloaded: takes the map without
    /// their elements, so that this controller holds their nodes no longer.
    /// Their lengths stay as measured, so nothing moves. Those the controller
    /// unloaded lay outside every range; any inside the measure range (unloaded
    /// by hand with `DataController.unloadItems(at:)`) are loaded again at the
    /// next update, so nothing on screen stays blank.
    ///
    /// - Parameter map: The new visible map: the current one with those items absent.
    /// - Complexity: O(1); the next update searches the measure range again.
    public func itemsDidUnload(in map: ElementMap<CollectionElement>) {
        visibleMap = map
        mapChangedSinceSearch = true
        setNeedsUpdate()
    }

    private func track(_ element: CollectionElement) {
        guard tracksLoadedElement.insert(ObjectIdentifier(element)).inserted else { return }
        loadedElements.append(_WeakElement(element))
    }

    /// Unloads the items loaded longest ago outside the measure run, and not
    /// selected, while more than ``loadedItemLimit`` are loaded. Each record is looked at once per
    /// call; records of dead elements drop out on the way.
    ///
    /// - Complexity: O(*e* log *n*) for the *e* records looked at.
    private func unloadItemsPastTheLimit(outside run: Range<Int>, from dataController: DataController) {
        var paths: [IndexPath] = []
        var budget = loadedElements.count
        while loadedElements.count > loadedItemLimit, budget > 0, let record = loadedElements.popFirst() {
            budget -= 1
            guard let element = record.element, let path = visibleMap.indexPath(of: element),
                let ordinal = sectionIndex.ordinal(of: path)
            else {
                if let element = record.element { tracksLoadedElement.remove(ObjectIdentifier(element)) }
                continue
            }
            // A selected item keeps its node, so its selection survives the scroll away.
            if run.contains(ordinal) || element.nodeIfAllocated?.isSelected == true {
                loadedElements.append(record)
            } else {
                tracksLoadedElement.remove(ObjectIdentifier(element))
                paths.append(path)
            }
        }
        guard !paths.isEmpty else { return }
        statistics.itemsUnloaded += paths.count
        dataController.unloadItems(at: paths)
    }

    /// Searches the measure range for absent items on a main turn of its own
    /// (never inside a commit, where the data controller takes no loads), once
    /// per turn however many passes ask.
    func scheduleLoadSearch() {
        guard !isLoadSearchScheduled, let dataController, dataController.itemLoading == .lazy else { return }
        isLoadSearchScheduled = true
        scheduler.schedule { [weak self] in self?.loadAbsentItemsInMeasureRange() }
    }

    /// Asks the data controller to load the absent items of the measure range.
    /// Only the part of the run not searched since the map last changed is
    /// searched, so a scrolled frame costs O(*d* log *n*) for the *d* items that
    /// entered the run, and a jump searches only where it lands.
    func loadAbsentItemsInMeasureRange() {
        isLoadSearchScheduled = false
        guard let dataController, dataController.itemLoading == .lazy else { return }
        let run = measureRun()
        let searched = mapChangedSinceSearch ? 0 ..< 0 : searchedMeasureRun
        mapChangedSinceSearch = false
        searchedMeasureRun = run
        unloadItemsPastTheLimit(outside: run, from: dataController)
        var paths: [IndexPath] = []
        // The run minus the searched run: what lies before it and what lies after.
        let before = run.lowerBound ..< min(run.upperBound, max(run.lowerBound, searched.lowerBound))
        let after = max(run.lowerBound, min(run.upperBound, searched.upperBound)) ..< run.upperBound
        for part in [before, after] where !part.isEmpty {
            sectionIndex.forEachPosition(in: part) { section, item in
                let path = IndexPath(item: item, section: section)
                // Elements an update made (a reload of a loaded item) count toward the limit too.
                // Read unretained: an element's retain takes the runtime's slow
                // path (its node references it weakly), and most are tracked already.
                if let element = visibleMap.unmanagedElement(at: path) {
                    element._withUnsafeGuaranteedRef { track($0) }
                } else {
                    paths.append(path)
                }
            }
        }
        guard !paths.isEmpty else { return }
        statistics.itemLoadRequests += paths.count
        dataController.loadItems(at: paths)
    }

    /// The measure range's run, which holds every item of the other ranges, cut
    /// to ``loadedItemLimit`` items, or eight times the visible ones if more (the
    /// visible ones counted up to the limit), around the visible run.
    ///
    /// The cut matters only where items are far smaller than the estimate that
    /// placed them: items that measure 0 points all lie at one offset, inside the
    /// measure range, and without it a lazy list of a million such items loaded
    /// every one. Eight visible runs hold the largest measure range (two screens
    /// behind, four ahead) of items of one size.
    ///
    /// - Complexity: O(log *n*).
    package func measureRun() -> Range<Int> {
        let axis = layout.scrollAxis
        guard axis.length(of: viewport.size) > 0, axis.breadth(of: viewport.size) > 0 else { return 0 ..< 0 }
        let measure = ordinals(of: .measure, mode: currentRangeMode ?? .minimum, visible: snapshot.visible)
        // The runs' hull, without the arrays a filter and two maps made on
        // every load search.
        var lower = Int.max, upper = Int.min
        for run in [measure, snapshot.visible, snapshot.display, snapshot.preload] where !run.isEmpty {
            lower = min(lower, run.lowerBound)
            upper = max(upper, run.upperBound)
        }
        guard lower < upper else { return 0 ..< 0 }
        let visible = snapshot.visible
        // The visible run counts up to the limit (at least one item): zero-length
        // items inside the viewport all count as visible, and must not lift the cap.
        let cap = max(loadedItemLimit, 8 * min(visible.count, max(loadedItemLimit, 1)))
        guard upper - lower > cap else { return lower ..< upper }
        // As much before the visible run as after it, within the measure run.
        let anchor = visible.isEmpty ? lower : visible.lowerBound - max(cap - visible.count, 0) / 2
        let start = max(lower, min(anchor, upper - cap))
        return start ..< start + cap
    }
}
