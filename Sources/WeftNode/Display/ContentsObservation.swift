/// A registration for news of contents: while it lives (until ``cancel()``
/// or its release), its handler hears, on main, of the nodes whose
/// ``DisplayNode/contents`` changed: a drawing landed or failed, the node was
/// found to have nothing to draw, its contents were cleared or set by hand.
///
/// What a real view's host needs: UIKit redraws a layer whose contents change
/// by itself; a toolkit view (GTK's) must be told to queue a redraw. Made by
/// `DisplayNode.observeContents(ofCellsIn:_:)`, which hears only of one
/// container's cells, so that two views in one process never redraw for each
/// other's nodes, or by `DisplayNode.observeContents(_:)`, which hears of
/// every node.
@MainActor
public final class ContentsObservation {
    /// The handlers of the process-wide registrations alive, by number.
    private static var handlers: [Int: @MainActor (DisplayNode) -> Void] = [:]
    /// The handlers of the registrations for one container's cells, by the
    /// container's identity, then by number.
    private static var cellHandlers: [ObjectIdentifier: [Int: @MainActor (CellNode) -> Void]] = [:]
    private static var nextNumber = 0

    private let number: Int
    /// The container whose cells this registration hears of, if it is scoped.
    private let container: ObjectIdentifier?

    init(_ handler: @escaping @MainActor (DisplayNode) -> Void) {
        number = Self.nextNumber
        container = nil
        Self.nextNumber += 1
        Self.handlers[number] = handler
    }

    init(container: any CellNodeContainer, _ handler: @escaping @MainActor (CellNode) -> Void) {
        number = Self.nextNumber
        self.container = ObjectIdentifier(container)
        Self.nextNumber += 1
        Self.cellHandlers[ObjectIdentifier(container), default: [:]][number] = handler
    }

    /// Stops the handler; later changes are not reported. Idempotent.
    public func cancel() {
        guard let container else {
            Self.handlers[number] = nil
            return
        }
        Self.cellHandlers[container]?[number] = nil
        if Self.cellHandlers[container]?.isEmpty == true { Self.cellHandlers[container] = nil }
    }

    isolated deinit {
        cancel()
    }

    /// Tells the process-wide handlers that `node`'s contents changed, and the
    /// handlers of the container that owns `node`'s cell that the cell changed.
    ///
    /// - Complexity: O(1) without registrations; else O(*h* + *d*) for *h*
    ///   handlers told and the *d* supernodes between `node` and its cell.
    static func contentsDidChange(of node: DisplayNode) {
        for handler in handlers.values { handler(node) }
        guard !cellHandlers.isEmpty else { return }
        var root = node
        while let supernode = root.supernode { root = supernode }
        guard let cell = root as? CellNode, let owner = cell.owningNode,
            let scoped = cellHandlers[ObjectIdentifier(owner)] else { return }
        for handler in scoped.values { handler(cell) }
    }
}

extension DisplayNode {
    /// Calls `handler` on main for every node whose ``contents`` change, in
    /// any container or none, for as long as the returned observation lives.
    /// Keep the handler cheap (queue a redraw): a scrolled frame can land dozens
    /// of drawings. A view of one container observes
    /// `observeContents(ofCellsIn:_:)` instead.
    ///
    /// - Complexity: O(1).
    @MainActor
    package static func observeContents(_ handler: @escaping @MainActor (DisplayNode) -> Void) -> ContentsObservation {
        ContentsObservation(handler)
    }

    /// Calls `handler` on main with the cell node of `container` (its
    /// ``CellNode/owningNode``) whose contents, or a subnode's, changed, for as
    /// long as the returned observation lives: what a container's view needs to
    /// queue a redraw, and no other container's news.
    ///
    /// - Complexity: O(1).
    @MainActor
    package static func observeContents(
        ofCellsIn container: any CellNodeContainer, _ handler: @escaping @MainActor (CellNode) -> Void
    ) -> ContentsObservation {
        ContentsObservation(container: container, handler)
    }
}
