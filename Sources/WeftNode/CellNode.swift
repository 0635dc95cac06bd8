/// A node that is one item of a list or grid: the unit a collection allocates,
/// measures, moves through its ranges and releases.
///
/// A cell node is range-managed from birth (``DisplayNode/isRangeManaged``):
/// its collection's range controller sets its interface state, and its subnodes
/// follow. As in Texture, a collection owns one cell node per item and never
/// reuses it for another item; the node lives until its item is deleted or
/// reloaded, or the collection dies, and collections release their nodes through
/// `DeallocQueue` so that the deinitializers run off main.
// @unchecked: `isSelected` and `isHighlighted` are isolated to the main actor;
// everything else is DisplayNode's, behind its lock.
open class CellNode: DisplayNode, @unchecked Sendable {
    /// Whether the item is selected, as the collection view reports it.
    @MainActor open var isSelected = false

    /// Whether the item is highlighted (touched down), as the collection view reports it.
    @MainActor open var isHighlighted = false

    /// The element of the collection that made this node, held weakly: Weft's
    /// data controller sets it to the node's `CollectionElement`, so that a
    /// collection can find a node's index path in O(log *n*). Any thread.
    public var collectionElement: (any AnyObject & Sendable)? {
        get { state.withLock { $0.collectionElement } }
        set { state.withLock { $0.collectionElement = newValue } }
    }

    /// Creates a range-managed node with no subnodes. Callable on any thread.
    public override init() {
        super.init()
        state.withLock { state in
            state.isExplicitlyRangeManaged = true
            state.isRangeManaged = true
        }
    }
}
