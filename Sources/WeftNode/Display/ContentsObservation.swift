/// A registration for news of contents: while it lives (until ``cancel()``
/// or its release), its handler hears, on main, of every node whose
/// ``DisplayNode/contents`` changed: a drawing landed or failed, the node was
/// found to have nothing to draw, its contents were cleared or set by hand.
///
/// What a real view's host needs: UIKit redraws a layer whose contents change
/// by itself; a toolkit view (GTK's) must be told to queue a redraw. Made by
/// ``DisplayNode/observeContents(_:)``.
@MainActor
public final class ContentsObservation {
    /// The handlers of the registrations alive, by registration number.
    private static var handlers: [Int: @MainActor (DisplayNode) -> Void] = [:]
    private static var nextNumber = 0

    private let number: Int

    init(_ handler: @escaping @MainActor (DisplayNode) -> Void) {
        number = Self.nextNumber
        Self.nextNumber += 1
        Self.handlers[number] = handler
    }

    /// Stops the handler; later changes are not reported. Idempotent.
    public func cancel() {
        Self.handlers[number] = nil
    }

    isolated deinit {
        cancel()
    }

    /// Tells every handler that `node`'s contents changed.
    ///
    /// - Complexity: O(1) without registrations; O(*h*) for *h* handlers.
    static func contentsDidChange(of node: DisplayNode) {
        guard !handlers.isEmpty else { return }
        for handler in handlers.values { handler(node) }
    }
}

extension DisplayNode {
    /// Calls `handler` on main for every node whose ``contents`` change, for as
    /// long as the returned observation lives. Keep the handler cheap (queue a
    /// redraw): a scrolled frame can land dozens of drawings.
    ///
    /// - Complexity: O(1).
    @MainActor
    public static func observeContents(_ handler: @escaping @MainActor (DisplayNode) -> Void) -> ContentsObservation {
        ContentsObservation(handler)
    }
}
