public import Foundation
public import WeftCore

/// A node that is one item of a list or grid: the unit a collection allocates,
/// measures, moves through its ranges and releases.
///
/// A cell node is range-managed from birth (`isRangeManaged`):
/// its collection's range controller sets its interface state, and its subnodes
/// follow. As in Texture, a collection owns one cell node per item and never
/// reuses it for another item; the node lives until its item is deleted or
/// reloaded, or the collection dies, and collections release their nodes through
/// `DeallocQueue` so that the deinitializers run off main.
// @unchecked: `isSelected`, `isHighlighted` and the two background colours
// are isolated to the main actor;
// everything else is DisplayNode's, behind its lock.
open class CellNode: DisplayNode, @unchecked Sendable {
    /// Whether the item is selected, as the collection view reports it.
    ///
    /// A selected cell shows ``selectedBackgroundColor`` behind its contents
    /// (the container's colour when `nil`: a host view sets it from its
    /// desktop's theme), and its ``DisplayNode/accessibilityTraits`` include
    /// ``AccessibilityTraits/selected``. A change redraws the cell's view.
    /// Override it (calling `super`) to show selection another way, and set
    /// ``selectedBackgroundColor`` to `.clear` to draw nothing behind.
    @MainActor open var isSelected = false {
        didSet {
            guard isSelected != oldValue else { return }
            if isSelected { accessibilityTraits.insert(.selected) } else { accessibilityTraits.remove(.selected) }
            ContentsObservation.contentsDidChange(of: self)
        }
    }

    /// Whether the item is highlighted (pressed and not yet released), as the
    /// collection view reports it. A highlighted cell shows
    /// ``highlightedBackgroundColor`` behind its contents (the container's
    /// colour when `nil`), over its selection's; a change redraws the cell's view.
    @MainActor open var isHighlighted = false {
        didSet {
            guard isHighlighted != oldValue else { return }
            ContentsObservation.contentsDidChange(of: self)
        }
    }

    /// What a selected cell shows behind its contents, as UIKit's
    /// `selectedBackgroundView`; `nil` (the default) for its container's colour.
    @MainActor public var selectedBackgroundColor: Color? {
        didSet { if isSelected { ContentsObservation.contentsDidChange(of: self) } }
    }

    /// What a highlighted cell shows behind its contents; `nil` (the default)
    /// for its container's colour.
    @MainActor public var highlightedBackgroundColor: Color? {
        didSet { if isHighlighted { ContentsObservation.contentsDidChange(of: self) } }
    }

    /// Tells the views that show this cell that it looks different with the
    /// same contents (its selection's colour changed): they redraw it.
    @MainActor package func announceAppearanceChange() {
        ContentsObservation.contentsDidChange(of: self)
    }

    /// A cell is read as one element by default: its label joins its
    /// subnodes' (``DisplayNode/aggregatedAccessibilityLabel(isRightToLeft:)``).
    open override var isAccessibilityContainer: Bool {
        get { state.withLock { $0.accessibility.isContainer } ?? true }
        set { state.withLock { $0.accessibility.isContainer = newValue } }
    }

    /// The element of the collection that made this node, held weakly: Weft's
    /// data controller sets it to the node's `CollectionElement`, so that a
    /// collection can find a node's index path in O(log *n*). Read it on any
    /// thread; only the data controller sets it.
    public package(set) var collectionElement: (any AnyObject & Sendable)? {
        get { state.withLock { $0.collectionElement } }
        set { state.withLock { $0.collectionElement = newValue } }
    }

    /// The collection, table or pager node that shows this node, held weakly:
    /// Texture's `owningNode`. Set when the container's data controller makes the
    /// node; `nil` for a node no container made, and once the container is gone.
    /// Any thread.
    ///
    /// - Complexity: O(1).
    public var owningNode: (any CellNodeContainer)? {
        state.withLock { $0.owner }?.node
    }

    /// Where this node is shown in its ``owningNode``, in the data source's index
    /// space, or `nil` when it is not one of the container's items (any more):
    /// Texture's `indexPath`. Follows the node through moves and inserts above it.
    ///
    /// - Complexity: O(log *n*) for *n* items.
    @MainActor
    public var indexPath: IndexPath? {
        owningNode?.indexPath(for: self)
    }

    /// Tells the container that shows this node, if any, that its layout was
    /// dropped (``DisplayNode/setNeedsLayout()``). Any thread.
    ///
    /// - Complexity: O(1).
    final func layoutDidInvalidate() {
        state.withLock { $0.owner }?.cellDidInvalidateLayout(self)
    }

    /// Records the container that shows this node, through the reference its
    /// elements share; its data controller calls it when the node is made.
    package func _setOwner(_ owner: _OwnerReference) {
        state.withLock { $0.owner = owner }
    }

    /// The model this node shows, as the data source gave it for the item
    /// (`nodeModelForItemAt`); `nil` when it gave none. Any thread.
    ///
    /// - Complexity: O(1).
    public var nodeModel: (any Hashable & Sendable)? {
        state.withLock { $0.nodeModel }
    }

    /// Whether this node can show `model` in place of its current one, so that a
    /// reload of its item keeps the node instead of making a new one: Texture's
    /// `canUpdateToNodeModel:`.
    ///
    /// The default says yes when `model` has the same type as ``nodeModel``.
    /// Override it to say no where the node's structure depends on the model.
    /// Called on main, during the reload's first step.
    ///
    /// - Parameter model: The item's new model, which differs from ``nodeModel``.
    /// - Complexity: O(1) by default.
    @MainActor
    open func canUpdate(toNodeModel model: any Hashable & Sendable) -> Bool {
        guard let current = nodeModel else { return false }
        return ObjectIdentifier(type(of: current)) == ObjectIdentifier(type(of: model))
    }

    /// Hands the node the new model of its reloaded item, after
    /// ``canUpdate(toNodeModel:)`` said yes: Texture sets `nodeModel` the same way.
    ///
    /// Called on main during the reload's first step; the node is then measured
    /// again off main, and commits with the reload. Override it to refresh what
    /// the node shows, and call `super`, which stores the model.
    ///
    /// - Parameter model: The item's new model.
    @MainActor
    open func updateNodeModel(_ model: any Hashable & Sendable) {
        state.withLock { $0.nodeModel = model }
    }

    /// Sets the model a collection made this node for, once, when the node is
    /// made. Any thread.
    /// Makes `element` the node's collection element, unless another element still
    /// holds the node: then the node is left alone and that element is returned.
    ///
    /// `isStillHeld` is asked, under the node's lock, about an element that holds the
    /// node already; the claim is atomic, so two elements whose blocks return this
    /// node at once on two threads cannot both take it.
    package func _claim(
        for element: any AnyObject & Sendable, isStillHeld: (any AnyObject & Sendable) -> Bool
    ) -> (any AnyObject & Sendable)? {
        state.withLock { state in
            if let holder = state.collectionElement, holder !== element, isStillHeld(holder) { return holder }
            state.collectionElement = element
            return nil
        }
    }

    package func _setInitialNodeModel(_ model: (any Hashable & Sendable)?) {
        state.withLock { $0.nodeModel = model }
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
