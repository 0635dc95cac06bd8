import WeftCore
import WeftElementMap

extension DataController {
    /// Measures every allocated node again in the size range the data source
    /// gives now: after the viewport changed size, or anything else the sizes
    /// depend on. ``viewportSize`` calls it when it changes.
    ///
    /// By default only nodes whose size range changed are measured again; with
    /// `measuringEveryNode`, every allocated node is, for a change the ranges
    /// do not show (the text scale or font of the container's traits: its nodes
    /// dropped their layouts when they heard of it).
    ///
    /// Sizes are asked on main for every element of the pending map; nodes
    /// that were never allocated are not allocated, they pick up the new size
    /// when their own update measures them. The measuring runs on the editing
    /// queue after every update issued before, and the delegate hears
    /// ``DataControllerDelegate/dataControllerDidRelayout(_:)`` in commit order.
    ///
    /// - Parameters:
    ///   - measuringEveryNode: Whether nodes whose size range is unchanged are
    ///     measured again too.
    ///   - completion: Called on main after the delegate.
    /// - Complexity: O(*n*) on main for *n* elements, plus measuring the
    ///   allocated nodes whose size range changed (every allocated node with
    ///   `measuringEveryNode`), off main.
    public func relayoutAllNodes(measuringEveryNode: Bool = false, completion: (@MainActor () -> Void)? = nil) {
        let traceStart = PipelineTracing.isOn ? PipelineTracing.now() : 0
        var changed: [CollectionElement] = []
        if let dataSource {
            phase = .askingDataSource
            for (path, element) in pendingMap.indexedElements {
                let size = dataSource.dataController(self, constrainedSizeForItemAt: path)
                if refresh(element, to: size) || measuringEveryNode && element.nodeIfAllocated != nil {
                    changed.append(element)
                }
            }
            for section in 0 ..< pendingMap.numberOfSections {
                for (kind, path, element) in pendingMap.supplementaryElements(inSection: section) {
                    let size = dataSource.dataController(
                        self, constrainedSizeForSupplementaryElementOfKind: kind, at: path)
                    if refresh(element, to: size) || measuringEveryNode && element.nodeIfAllocated != nil {
                        changed.append(element)
                    }
                }
            }
            phase = .idle
        }
        let measured = _MeasuredElements(changed)
        commits.append(.relayout(measured, completion: completion))
        let lifetime = lifetime
        let flow = PipelineTracing.makeFlow()
        PipelineTracing.recordSpan("relayout", role: "main", start: traceStart, flow: flow, phase: .begin)
        scheduleStep3(flow: flow) { allocation in
            measured.record(_NodeMeasurement.allocateAndMeasure(
                measured.elements, allocation: allocation, lifetime: lifetime, flow: flow))
        }
    }

    /// Sets the element's size range; true if it has a node to measure again.
    private func refresh(_ element: CollectionElement, to size: SizeRange) -> Bool {
        guard element.constrainedSize != size else { return false }
        element.constrainedSize = size
        return element.nodeIfAllocated != nil
    }
}
