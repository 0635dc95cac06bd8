public import WeftElementMap

/// Takes over measuring (step 3) from the data controller, as a custom layout
/// that computes every frame itself would.
///
/// When a layout delegate is set, the data controller still makes the elements
/// in step 1, then asks ``layoutContext(for:newElements:)`` on main (step 2) and
/// runs ``calculateLayout(with:)`` on its editing queue (step 3) instead of
/// allocating and measuring the new nodes itself.
public protocol DataControllerLayoutDelegate: AnyObject, Sendable {
    /// Step 2, on main: capture what the layout needs, as an immutable value.
    ///
    /// - Parameters:
    ///   - map: The pending map the update produced.
    ///   - newElements: The elements the update created.
    @MainActor
    func layoutContext(for map: ElementMap<CollectionElement>, newElements: [CollectionElement]) -> any Sendable

    /// Step 3, on the editing queue: allocate and measure what the layout
    /// needs before the update commits. May fan out; must return only when done.
    func calculateLayout(with context: any Sendable)
}
