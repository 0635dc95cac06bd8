import Dispatch
import WeftCore
import WeftNode

/// Step 3's work: make each element's node and measure it in its size range.
enum _NodeMeasurement {
    /// Allocates and measures `elements`, in parallel unless `allocation` is serial,
    /// and stops making nodes once `lifetime` has ended (the collection is gone).
    ///
    /// Elements are handed out in contiguous chunks, several per core, so that a
    /// slow node block does not leave a core idle and a cheap one does not pay
    /// a dispatch per node.
    /// While tracing, each chunk is a span of the update's `flow` on its thread.
    ///
    /// - Returns: The measured elements the commit has something to report
    ///   or apply for (``CollectionElement/mayHaveSomethingToReport``), in
    ///   the order of `elements`: each is judged by the thread that measured
    ///   it, while its element and node are in that core's cache, so that the
    ///   commit on main touches only these (judged on main, every new element
    ///   and node was a cache miss: a fifth of main's share of a 10% update of
    ///   100k items).
    static func allocateAndMeasure(
        _ elements: [CollectionElement], allocation: DataController.NodeAllocation, lifetime: _Lifetime,
        flow: UInt64 = 0
    ) -> [CollectionElement] {
        let cores = ActiveProcessors.count
        guard allocation == .parallel, cores > 1, elements.count > 1 else {
            let nodes = elements.count
            var toReport: [CollectionElement] = []
            PipelineTracing.span("allocate + measure", role: "allocation", flow: flow, arguments: ["nodes": "\(nodes)"]) {
                for element in elements where !lifetime.isEnded && measure(element) { toReport.append(element) }
            }
            return toReport
        }
        let chunks = min(elements.count, cores * 8)
        var found = [Bool](repeating: false, count: elements.count)
        found.withUnsafeMutableBufferPointer { found in
            // Each chunk writes the flags of the elements it measures, and only those.
            nonisolated(unsafe) let flags = found
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let start = elements.count * chunk / chunks
                let end = elements.count * (chunk + 1) / chunks
                let nodes = end - start
                PipelineTracing.span("allocate + measure", role: "allocation", flow: flow, arguments: ["nodes": "\(nodes)"]) {
                    for index in start ..< end where !lifetime.isEnded { flags[index] = measure(elements[index]) }
                }
            }
        }
        var toReport: [CollectionElement] = []
        for index in elements.indices where found[index] { toReport.append(elements[index]) }
        return toReport
    }

    /// Makes the node if needed, then lays it out unless its cached layout was
    /// calculated for the element's current size range. A node with automatic
    /// subnode management takes its layout's subnodes here if that changes no
    /// interface state (a new cell); otherwise the commit applies it on main.
    ///
    /// - Returns: Whether the commit may have something to report or apply
    ///   for the element (``CollectionElement/mayHaveSomethingToReport``).
    static func measure(_ element: CollectionElement) -> Bool {
        let node = element.node
        let range = element.constrainedSize
        if node.calculatedSizeRange != range {
            _ = node.layoutThatFits(range)
        }
        return element.mayHaveSomethingToReport
    }
}
