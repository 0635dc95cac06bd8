import Synchronization
public import WeftCore
public import WeftNode

/// One item or supplementary element of a collection: how to make its node, the
/// size range it is measured in, and, once made, the node.
///
/// An element starts with a node block and ends with a node, never both: the
/// first read of ``node`` runs the block, keeps the node and drops the block, so
/// whatever the block captured is freed as soon as the node exists. Reads from
/// several threads at once still run the block once; the others wait for its node.
/// ``nodeIfAllocated`` never runs the block, which is how the range controller
/// and relayout touch only nodes that exist.
///
/// A data controller makes one element per item and keeps it for as long as the
/// item lives, across moves and across reloads whose ``nodeModel`` did not change;
/// the element maps hold them, and the last map to let an element go releases it
/// through the dealloc queue.
// @unchecked: `phase` and `sizeRange` are only read or written inside `lock`;
// `isRetired`, `allocatedNode` and `hasRefusal` are atomics; the other stored
// properties are immutable.
public final class CollectionElement: @unchecked Sendable {
    /// Makes an element's node. Runs at most once, on whichever thread first asks
    /// for the node (the data controller asks on its allocation threads).
    public typealias NodeBlock = CellNodeBlock

    private enum Phase {
        case pending(NodeBlock)
        case allocated(CellNode)
    }

    private struct State {
        var phase: Phase
        var sizeRange: SizeRange
        var nodeModel: (any Hashable & Sendable)?
        /// The element that held the node this element's block returned, until a
        /// commit reports it (see ``node``).
        var refusedHolder: CollectionElement?
        /// The supernode of the node this element's block returned, which was
        /// refused for being inside another node, until a commit reports it.
        var refusedSupernode: String?
    }

    /// The container whose data controller made this element; the node is told.
    private let owner: _OwnerReference?

    /// Guards `phase` and `sizeRange`. Held while the node block runs, so that
    /// concurrent readers of `node` wait for the one node instead of making two.
    private let lock: PosixMutex<State>

    /// Set once the element has left the newest map (deleted, or replaced by a
    /// reload or a reload of everything); its node may then go to a new element.
    /// An atomic, not part of `lock`'s state, because another element reads it
    /// while holding its own lock and a node's.
    private let isRetired = Atomic(false)

    /// The address of the node once allocated (`phase`'s node, which holds it
    /// from then on, published after it), 0 before: ``nodeIfAllocated`` and
    /// ``allocatedNodeCalculatedSize`` take no lock, and the size no retain. A
    /// layout asks them of every item it places, a million at a first load, on main.
    private let allocatedNode = Atomic<UInt>(0)

    /// Whether `refusedHolder` or `refusedSupernode` waits to be reported, so
    /// that a commit asks the lock only of the elements that have one.
    private let hasRefusal = Atomic(false)

    /// The supplementary kind (``ElementKind/sectionHeader``, ...) or `nil` for an item.
    public let supplementaryKind: String?

    /// The model the node shows, if the data source gave one. A reload whose new
    /// model equals this one keeps the element and its node; one whose node can
    /// take the new model (`CellNode.canUpdate(toNodeModel:)`) keeps
    /// them too, with the new model.
    ///
    /// - Complexity: O(1).
    public var nodeModel: (any Hashable & Sendable)? {
        lock.withLock { $0.nodeModel }
    }

    /// Creates an element that will make its node with `nodeBlock`.
    ///
    /// - Parameters:
    ///   - nodeBlock: Makes the node; runs at most once.
    ///   - constrainedSize: The size range to measure the node in.
    ///   - supplementaryKind: The supplementary kind, or `nil` for an item.
    ///   - nodeModel: The model behind the node, compared on reload.
    /// - Complexity: O(1).
    public convenience init(
        nodeBlock: @escaping NodeBlock,
        constrainedSize: SizeRange,
        supplementaryKind: String? = nil,
        nodeModel: (any Hashable & Sendable)? = nil
    ) {
        self.init(nodeBlock: nodeBlock, constrainedSize: constrainedSize, supplementaryKind: supplementaryKind,
                  nodeModel: nodeModel, owner: nil)
    }

    /// An element whose node learns that `owner` shows it (`CellNode.owningNode`).
    package init(
        nodeBlock: @escaping NodeBlock, constrainedSize: SizeRange, supplementaryKind: String?,
        nodeModel: (any Hashable & Sendable)?, owner: _OwnerReference?
    ) {
        lock = PosixMutex(State(phase: .pending(nodeBlock), sizeRange: constrainedSize, nodeModel: nodeModel))
        self.supplementaryKind = supplementaryKind
        self.owner = owner
    }

    /// The element's node, made now by the node block if it does not exist yet.
    ///
    /// Safe on any thread. The block runs at most once over the element's life.
    ///
    /// Each element needs a node of its own. A block may return a new node, or the
    /// node of an element that has left the map (a reload that hands the new
    /// element its old item's node); a node that another element of the map still
    /// holds is refused, since one node cannot show two items. The element then gets
    /// an empty `CellNode` instead, and the data controller reports a
    /// ``SharedNodeError`` at the commit that shows it.
    ///
    /// - Complexity: O(1) once allocated; otherwise the cost of the node block.
    public var node: CellNode {
        lock.withLock { state in
            switch state.phase {
            case .allocated(let node):
                return node
            case .pending(let block):
                var node = block()
                // A node inside another node's hierarchy cannot also be a cell: it
                // would show twice, in its parent and as the item.
                if let supernode = node.supernode {
                    state.refusedSupernode = supernode.description
                    hasRefusal.store(true, ordering: .releasing)
                    node = CellNode()
                    node.collectionElement = self
                } else if let holder = node._claim(for: self, isStillHeld: { holder in
                    (holder as? CollectionElement)?.isRetired.load(ordering: .acquiring) != true
                }) {
                    state.refusedHolder = holder as? CollectionElement
                    hasRefusal.store(true, ordering: .releasing)
                    node = CellNode()
                    node.collectionElement = self
                }
                node._setInitialNodeModel(state.nodeModel)
                if let owner { node._setOwner(owner) }
                state.phase = .allocated(node)
                allocatedNode.store(UInt(bitPattern: Unmanaged.passUnretained(node).toOpaque()), ordering: .releasing)
                return node
            }
        }
    }

    /// The node if the block already ran, else `nil`. Never runs the block.
    ///
    /// - Complexity: O(1).
    public var nodeIfAllocated: CellNode? {
        guard let address = UnsafeRawPointer(bitPattern: allocatedNode.load(ordering: .acquiring)) else { return nil }
        return Unmanaged<CellNode>.fromOpaque(address).takeUnretainedValue()
    }

    /// Whether ``takeNodeAndRefusal()`` has a refusal to report.
    var hasRefusalToReport: Bool { hasRefusal.load(ordering: .acquiring) }

    /// Whether a commit that shows the element may have something to report
    /// or apply on main: a refusal of its node, the node's layout spec errors,
    /// or its subnodes to lay out. Takes no lock and retains nothing.
    var mayHaveSomethingToReport: Bool {
        hasRefusalToReport
            || withAllocatedNode({ !$0.layoutSpecErrors.isEmpty || $0.automaticallyManagesSubnodes }) ?? false
    }

    /// `body` applied to the allocated node, without a lock or a retain; `nil`
    /// when the node is not allocated.
    func withAllocatedNode<R>(_ body: (CellNode) -> R) -> R? {
        guard let address = UnsafeRawPointer(bitPattern: allocatedNode.load(ordering: .acquiring)) else { return nil }
        // `phase` holds the node for as long as the element lives.
        return Unmanaged<CellNode>.fromOpaque(address)._withUnsafeGuaranteedRef(body)
    }

    /// The allocated node's `calculatedSize`: `nil` when the node is not
    /// allocated or has no cached layout. Never allocates the node.
    ///
    /// - Complexity: O(1), with no lock and no retain.
    package var allocatedNodeCalculatedSize: CGSize? {
        withAllocatedNode { $0.calculatedSize } ?? nil
    }

    /// The node if allocated, and why the node this element's block returned was
    /// refused, if it was: the element that held it, or the supernode it was
    /// inside. The refusal is forgotten, so that a commit reports it once.
    func takeNodeAndRefusal() -> (node: CellNode?, refusedHolder: CollectionElement?, refusedSupernode: String?) {
        lock.withLock { state in
            guard case .allocated(let node) = state.phase else { return (nil, nil, nil) }
            defer {
                state.refusedHolder = nil
                state.refusedSupernode = nil
                hasRefusal.store(false, ordering: .relaxed)
            }
            return (node, state.refusedHolder, state.refusedSupernode)
        }
    }

    /// Marks the element as gone from the newest map, so its node may go to
    /// another element. Step 1 calls it, or the map queue's derivation of the
    /// update (`_Retirement`), before step 3 runs the new blocks.
    func retire() {
        isRetired.store(true, ordering: .releasing)
    }

    /// The size range the node is measured in. The data controller updates it
    /// when the viewport changes size.
    ///
    /// - Complexity: O(1).
    public var constrainedSize: SizeRange {
        get { lock.withLock { $0.sizeRange } }
        set { lock.withLock { $0.sizeRange = newValue } }
    }

    /// Whether the element is a supplementary element rather than an item.
    public var isSupplementary: Bool { supplementaryKind != nil }

    /// Tells whether `model` equals this element's ``nodeModel``: of the same
    /// type, and equal by its `==`. Two absent models are not equal, so an item
    /// without a model always gets a new node.
    ///
    /// - Complexity: O(1) plus one `==` of the models.
    public func hasNodeModel(equalTo model: (any Hashable & Sendable)?) -> Bool {
        guard let mine = nodeModel, let model else { return false }
        return _NodeModelKey(mine) == _NodeModelKey(model)
    }

    /// Gives the element, and its node, the new model of a reloaded item, if the
    /// node exists and says it can show it; the node's layout is dropped so that
    /// it is measured again. Main only.
    ///
    /// - Returns: Whether the element took the model (and so keeps its node).
    /// - Complexity: O(1) plus the node's ``WeftNode/CellNode/updateNodeModel(_:)``.
    @MainActor
    func update(toNodeModel model: any Hashable & Sendable) -> Bool {
        guard nodeModel != nil, let node = nodeIfAllocated, node.canUpdate(toNodeModel: model) else { return false }
        lock.withLock { $0.nodeModel = model }
        node.updateNodeModel(model)
        node.invalidateCalculatedLayout()
        return true
    }
}
