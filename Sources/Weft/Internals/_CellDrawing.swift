import WeftNode

/// How far a visible cell's drawing got, as its layers were gathered: the
/// first half of the blank test (the second is whether its layers land on its
/// rect on screen; see ``CollectionNode/blankVisibleItems``).
package enum _CellDrawing: Hashable, Sendable {
    /// Every node of the cell has its latest drawing.
    case complete
    /// The cell has no node yet (a lazy item loading, a node being made).
    case missing
    /// A node of the cell lacks its latest drawing (`DisplayNode.isDisplayComplete`).
    case incomplete
    /// Nodes of the cell lack their latest drawing, and each of them shows its
    /// placeholder (`DisplayNode.placeholderEnabled`): not blank, counted apart.
    case placeholder
    /// A node of the cell (`node`) could not be drawn (`DisplayNode.displayError`).
    case failed(DisplayError, node: ObjectIdentifier)
}
