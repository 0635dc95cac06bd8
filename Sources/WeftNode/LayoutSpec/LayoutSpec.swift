public import Foundation

/// A declarative layout: nodes arranged by stacks, insets, overlays and the other
/// specs of Texture's layout API, resolved to a ``Layout`` for a size range.
///
/// A node returns one from ``DisplayNode/layoutSpecThatFits(_:)``; Weft resolves it
/// on whatever thread measures the node, measures each named node with
/// ``DisplayNode/layoutThatFits(_:)`` (so their layouts are cached), and flattens
/// the result into the node's ``Layout``: the nodes the spec names, with their
/// frames. With ``DisplayNode/automaticallyManagesSubnodes`` those nodes become
/// the subnodes.
///
/// ```swift
/// override func layoutSpecThatFits(_ range: SizeRange) -> LayoutSpec {
///     .inset(EdgeInsets(top: 12, left: 16, bottom: 12, right: 16), child:
///         .stack(.horizontal, spacing: 8, alignItems: .center, children: [
///             .node(avatar).style { $0.preferredSize = CGSize(width: 40, height: 40) },
///             .stack(.vertical, spacing: 4, children: [.node(name), .node(text)])
///                 .style { $0.flexShrink = 1; $0.flexGrow = 1 },
///         ]))
/// }
/// ```
///
/// Specs are values: build them on any thread. Constructors never fail; a spec
/// that breaks a rule (a negative size, a fraction outside 0...1, a node named
/// twice, the node itself) still resolves, with the offending part ignored, and
/// the node reports it in ``DisplayNode/layoutSpecErrors``.
public struct LayoutSpec: Sendable {
    /// What the spec is, without its children: plain data, so reading a kind
    /// touches no reference count.
    @usableFromInline
    enum Kind: Sendable {
        /// Unretained: ``storage`` holds it.
        case node(Unmanaged<DisplayNode>)
        case stack(StackLayout)
        case inset(EdgeInsets)
        /// The child, then the overlay on top of it.
        case overlay
        /// The child, then the background behind it.
        case background
        case relative(RelativeLayout)
        case ratio(CGFloat)
        case absolute(AbsoluteLayout.Sizing)
        case wrapper
    }

    @usableFromInline let kind: Kind

    /// The node, children and style, behind one reference.
    @usableFromInline var storage: _SpecStorage

    /// The number of elements in this spec's tree, itself included, and of those
    /// with a style: what a resolver reserves before it reads the tree. A tree
    /// that shares subtrees can count past 32 bits in little memory, so the
    /// counts saturate at `Int32.max`, far past ``elementLimit``.
    @usableFromInline let elementCount: Int32

    /// The most elements a spec's tree may have, counting a shared subtree each
    /// time it appears: 100,000, four orders of magnitude past a cell's spec. A
    /// larger one resolves to nothing with ``LayoutSpecError/tooManyElements(elements:limit:owner:)``,
    /// instead of taking memory in proportion to a count that sharing can make
    /// astronomical.
    public static let elementLimit = 100_000

    @usableFromInline var styledCount: Int32

    /// The levels of this spec's tree, itself included: 1 for a spec with no
    /// children. A spec built on one ``depthLimit`` levels deep keeps none of its
    /// children and is marked `depthLimit + 1`, so no tree grows deeper than the
    /// limit and neither resolving nor releasing one recurses further.
    @usableFromInline let depth: UInt16

    /// The most levels a spec's tree may have: 1,000, two orders of magnitude
    /// past a cell's spec. Resolving and releasing a spec recurse once a level,
    /// so a deeper one, built in a loop, would overflow a thread's stack; it
    /// resolves to nothing with ``LayoutSpecError/tooDeep(limit:owner:)`` instead,
    /// and the levels past the limit are released as they are built.
    public static let depthLimit = 1_000

    /// The specs inside this one, in order; none for a node.
    @usableFromInline var children: [LayoutSpec] {
        switch storage {
        case .node: []
        case .children(let children): children
        case .styled(let styled): styled.children
        }
    }

    /// Calls `body` with the children of the spec at `spec` in place, so that a
    /// resolver reads each one without copying it or the spec.
    static func withChildren<Result>(
        of spec: UnsafePointer<LayoutSpec>, _ body: (UnsafeBufferPointer<LayoutSpec>) -> Result
    ) -> Result {
        switch spec.pointee.storage {
        case .node: body(UnsafeBufferPointer(start: nil, count: 0))
        case .children(let children): children.withUnsafeBufferPointer(body)
        case .styled(let styled): styled.children.withUnsafeBufferPointer(body)
        }
    }

    /// How this element sizes and places itself in the spec that holds it.
    ///
    /// - Complexity: O(1); each change allocates the style's storage.
    public var style: LayoutStyle {
        @inlinable get {
            if case .styled(let styled) = storage { return styled.style }
            return LayoutStyle()
        }
        @inlinable set {
            if !isStyled { styledCount = styledCount.addingSaturated(1) }
            storage = .styled(_StyledSpec(node: node, children: children, style: newValue))
        }
    }

    /// Whether ``style`` was ever set: a resolver need neither copy nor check a
    /// default style.
    @usableFromInline var isStyled: Bool {
        if case .styled = storage { return true }
        return false
    }

    /// The node a node spec names.
    @usableFromInline var node: DisplayNode? {
        switch storage {
        case .node(let node): node
        case .children: nil
        case .styled(let styled): styled.node
        }
    }

    @inlinable
    init(_ kind: Kind, _ children: consuming [LayoutSpec]) {
        self.kind = kind
        var deepest: UInt16 = 0
        (elementCount, styledCount) = children.withUnsafeBufferPointer { children in
            var count: Int32 = 1, styled: Int32 = 0
            for index in children.indices {
                count = count.addingSaturated(children[index].elementCount)
                styled = styled.addingSaturated(children[index].styledCount)
                deepest = max(deepest, children[index].depth)
            }
            return (count, styled)
        }
        guard deepest < LayoutSpec.depthLimit else {
            // Past the limit: keep nothing, so that the next level up releases
            // this one's children at once, from a tree no deeper than the limit.
            depth = UInt16(LayoutSpec.depthLimit + 1)
            storage = .children([])
            return
        }
        depth = deepest + 1
        storage = .children(children)
    }

    @inlinable
    init(node: DisplayNode) {
        kind = .node(Unmanaged.passUnretained(node))
        elementCount = 1
        styledCount = 0
        depth = 1
        storage = .node(node)
    }

    /// Returns this spec with its style changed by `change`.
    ///
    /// - Complexity: O(1).
    @inlinable
    public consuming func style(_ change: (inout LayoutStyle) -> Void) -> LayoutSpec {
        var style = style
        change(&style)
        var spec = consume self
        spec.style = style
        return spec
    }

    /// A node, measured with ``DisplayNode/layoutThatFits(_:)``.
    @inlinable
    public static func node(_ node: DisplayNode) -> LayoutSpec { LayoutSpec(node: node) }

    /// Children along one axis, as `ASStackLayoutSpec` lays them out: flex growing
    /// and shrinking, justification along the axis, alignment across it, and lines
    /// when the stack wraps.
    @inlinable
    public static func stack(
        _ direction: StackLayout.Direction,
        spacing: CGFloat = 0,
        justifyContent: StackLayout.Justify = .start,
        alignItems: StackLayout.Align = .stretch,
        flexWrap: StackLayout.Wrap = .noWrap,
        lineSpacing: CGFloat = 0,
        children: consuming [LayoutSpec]
    ) -> LayoutSpec {
        let layout = StackLayout(
            direction: direction, spacing: spacing, justifyContent: justifyContent,
            alignItems: alignItems, flexWrap: flexWrap, lineSpacing: lineSpacing)
        return LayoutSpec(.stack(layout), children)
    }

    /// The child inset by `insets`, as `ASInsetLayoutSpec`; an infinite inset puts
    /// the child against the opposite edge.
    @inlinable
    public static func inset(_ insets: EdgeInsets, child: consuming LayoutSpec) -> LayoutSpec {
        LayoutSpec(.inset(insets), [child])
    }

    /// `overlay` laid over the child, at the child's size (`ASOverlayLayoutSpec`).
    @inlinable
    public static func overlay(_ overlay: consuming LayoutSpec, on child: consuming LayoutSpec) -> LayoutSpec {
        LayoutSpec(.overlay, [child, overlay])
    }

    /// `background` laid behind the child, at the child's size (`ASBackgroundLayoutSpec`).
    @inlinable
    public static func background(_ background: consuming LayoutSpec, behind child: consuming LayoutSpec) -> LayoutSpec {
        LayoutSpec(.background, [child, background])
    }

    /// The child centered on the axes `centering` names (`ASCenterLayoutSpec`).
    @inlinable
    public static func center(
        _ centering: CenterLayout.Centering = .xy, sizing: CenterLayout.Sizing = [], child: consuming LayoutSpec
    ) -> LayoutSpec {
        LayoutSpec(.relative(
            RelativeLayout(
                horizontal: centering.contains(.x) ? .center : .none,
                vertical: centering.contains(.y) ? .center : .none,
                sizing: RelativeLayout.Sizing(rawValue: sizing.rawValue))),
            [child])
    }

    /// The child at the start, center or end of each axis (`ASRelativeLayoutSpec`).
    @inlinable
    public static func relative(
        horizontal: RelativeLayout.Position = .none, vertical: RelativeLayout.Position = .none,
        sizing: RelativeLayout.Sizing = [], child: consuming LayoutSpec
    ) -> LayoutSpec {
        LayoutSpec(.relative(RelativeLayout(horizontal: horizontal, vertical: vertical, sizing: sizing)), [child])
    }

    /// The child at height = `ratio` x width (`ASRatioLayoutSpec`).
    @inlinable
    public static func ratio(_ ratio: CGFloat, child: consuming LayoutSpec) -> LayoutSpec {
        LayoutSpec(.ratio(ratio), [child])
    }

    /// Children at their ``LayoutStyle/layoutPosition`` (`ASAbsoluteLayoutSpec`).
    @inlinable
    public static func absolute(sizing: AbsoluteLayout.Sizing = .default, children: consuming [LayoutSpec]) -> LayoutSpec {
        LayoutSpec(.absolute(sizing), children)
    }

    /// The child as it is, with a style of its own (`ASWrapperLayoutSpec`).
    @inlinable
    public static func wrapper(_ child: consuming LayoutSpec) -> LayoutSpec {
        LayoutSpec(.wrapper, [child])
    }
}

/// Distances inward from each edge, in points; `.infinity` is allowed (see
/// ``LayoutSpec/inset(_:child:)``).
public struct EdgeInsets: Hashable, Sendable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    public init(top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on every edge.
    public init(all inset: CGFloat) {
        self.init(top: inset, left: inset, bottom: inset, right: inset)
    }
}
