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
    static func allocateAndMeasure(
        _ elements: [CollectionElement], allocation: DataController.NodeAllocation, lifetime: _Lifetime,
        flow: UInt64 = 0
    ) {
        let cores = ActiveProcessors.count
        guard allocation == .parallel, cores > 1, elements.count > 1 else {
            let nodes = elements.count
            PipelineTracing.span("allocate + measure", role: "allocation", flow: flow, arguments: ["nodes": "\(nodes)"]) {
                for element in elements where !lifetime.isEnded { measure(element) }
            }
            return
        }
        let chunks = min(elements.count, cores * 8)
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let start = elements.count * chunk / chunks
            let end = elements.count * (chunk + 1) / chunks
            let nodes = end - start
            PipelineTracing.span("allocate + measure", role: "allocation", flow: flow, arguments: ["nodes": "\(nodes)"]) {
                for index in start ..< end where !lifetime.isEnded { measure(elements[index]) }
            }
        }
    }

    /// Makes the node if needed, then lays it out unless its cached layout was
    /// calculated for the element's current size range. A node with automatic
    /// subnode management takes its layout's subnodes here if that changes no
    /// interface state (a new cell); otherwise the commit applies it on main.
    static func measure(_ element: CollectionElement) {
        let node = element.node
        let range = element.constrainedSize
        if node.calculatedSizeRange != range {
            _ = node.layoutThatFits(range)
        }
    }
}
