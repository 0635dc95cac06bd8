import WeftCore

extension DisplayNode {
    /// Everything about a node that can change, behind the node's lock.
    ///
    /// Structural fields (``supernode``, ``subnodes``, the range-managed flags)
    /// change only as `_Hierarchy` describes; interface state only on main.
    struct State: Sendable {
        weak var supernode: DisplayNode?
        var subnodes: [DisplayNode] = []
        var interfaceState: InterfaceState = []
        /// Set on this node on its own account (cell nodes, by their collection).
        var isExplicitlyRangeManaged = false
        /// `isExplicitlyRangeManaged`, or inherited from the supernode.
        var isRangeManaged = false
        var automaticallyManagesSubnodes = false
        var debugName: String?
        /// A cell node's collection element (``CellNode/collectionElement``).
        weak var collectionElement: (any AnyObject & Sendable)?
        /// A cell node's container (``CellNode/owningNode``).
        var owner: _OwnerReference?
        /// The traits of the node whose layout spec named this one while it
        /// was not yet a subnode (Texture's `ASTraitCollectionPropagateDown`):
        /// a node that ``DisplayNode/automaticallyManagesSubnodes`` adds after
        /// measuring is measured in its future supernode's traits.
        var propagatedTraits: TraitCollection?
        var view: (any NodeView)?
        /// `nil` means `MainContextReleaseQueue.shared`, which every node would
        /// otherwise retain: one shared reference count bounced between cores.
        var viewReleaseQueue: MainContextReleaseQueue?
        var calculatedLayout: CalculatedLayout?
        /// Incremented by every invalidation, so that a layout calculated while
        /// another thread invalidated is not cached.
        var layoutGeneration: UInt64 = 0
        /// The range of the last measurement, kept when the layout is invalidated,
        /// so that ``DisplayNode/layoutIfNeeded()`` can measure again.
        var lastSizeRange: SizeRange?
        /// With automatic subnode management: a calculated layout whose children
        /// the subnodes do not match yet (applying it had to wait for main).
        var needsSubnodeLayout = false
        /// The layout the subnodes last followed: the next transition's previous layout.
        var appliedLayout: Layout?
        /// A cell node's model (``CellNode/nodeModel``).
        var nodeModel: (any Hashable & Sendable)?
        /// What the last resolution of ``DisplayNode/layoutSpecThatFits(_:)`` found wrong.
        var layoutSpecErrors: [LayoutSpecError] = []
        var contents: Bitmap?
        /// The tiles of a node that draws in tiles and is larger than a bitmap
        /// may be (``DisplayNode/drawsInTiles``); `nil` for every other node.
        var tiling: _Tiling?
        /// The display sentinel the contents were drawn at; a node whose sentinel
        /// moved on since needs drawing again.
        var contentsSentinel: UInt64?
        var displayError: DisplayError?
        var displaysAsynchronously = true
        var backgroundColor: Color?
        var placeholderEnabled = false
        var placeholderColor = Color(white: 0.92)
        var placeholderBitmap: Bitmap?
        var placeholderFadeDuration: Double = 0
        /// A host showed the placeholder and the node has not completed since.
        var placeholderWasShown = false
        /// When the placeholder's fade began (a host's frame time, seconds).
        var placeholderFadeStart: Double?
        var cornerRadius: Double = 0
        var contentsScale: Double?
        /// What assistive technologies read (``DisplayNode/accessibilityLabel`` and the rest).
        var accessibility = _Accessibility()
        var displayTransaction: _DisplayTransaction?
        /// Marked by ``DisplayNode/setNeedsDisplay()`` for the next main turn's
        /// capture, which clears it: later marks in the turn add nothing.
        var isMarkedForDisplay = false

        /// Moves out what this state holds that may hold nodes (the subnodes and
        /// the layouts), for a node about to die; nothing is copied.
        mutating func takeHeldNodes() -> _NodeRelease.Held {
            defer {
                subnodes = []
                calculatedLayout = nil
                appliedLayout = nil
            }
            return _NodeRelease.Held(subnodes: subnodes, calculatedLayout: calculatedLayout, appliedLayout: appliedLayout)
        }
    }
}
