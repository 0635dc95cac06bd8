import WeftCore

extension DisplayNode {
    /// A layout and the range it was calculated for: the node's layout cache.
    struct CalculatedLayout: Sendable {
        var range: SizeRange
        var layout: Layout
    }
}
