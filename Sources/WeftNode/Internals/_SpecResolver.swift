import Foundation
import WeftCore

/// Resolves one spec tree for one node: measures every element as Texture's layout
/// specs do, then flattens the nodes it names into a `Layout`.
///
/// The tree is first copied into ``elements``, one entry per element in
/// pre-order; measuring and flattening then work on that array alone, so a
/// resolution allocates it and the resulting layout's children, and nothing per
/// element. An element measured again (flexed or stretched) overwrites its
/// entries: the last measurement is the one its parent keeps.
///
/// A resolver is used once, on the thread that measures the node. Nodes are
/// measured through `layoutThatFits`, so their layouts are cached for the next pass.
struct _SpecResolver {
    let owner: DisplayNode
    var errors: [LayoutSpecError] = []
    var elements: [_SpecElement] = []
    /// The styles that are not the default, checked, which elements refer to.
    var styles: [LayoutStyle] = []
    private var nodeCount = 0

    init(owner: DisplayNode) {
        self.owner = owner
    }

    /// The layout of `spec` for `range`, flattened to the nodes it names.
    mutating func layout(of spec: LayoutSpec, in range: SizeRange) -> Layout {
        var named = _NameSet()
        // A cell's spec has a few dozen elements: grow once at most.
        elements.reserveCapacity(32)
        // The elements hold the nodes unretained: the spec keeps them alive until
        // the layout, which retains them, is made.
        return withExtendedLifetime(spec) {
            append(spec, named: &named)
            let size = measure(0, in: range, parent: range.max)
            var children: [Layout.Child] = []
            children.reserveCapacity(nodeCount)
            flatten(0, offset: .zero, into: &children)
            return Layout(size: range.clamp(size), children: children)
        }
    }

    // MARK: Numbering and names

    /// Appends `spec` and its descendants to ``elements`` in pre-order. A node the
    /// spec may not name (its owner, or a node named before) becomes an omitted
    /// element and an error; the shape stays, so a child measured again (flexed or
    /// stretched) is still the same node.
    private mutating func append(_ spec: LayoutSpec, named: inout _NameSet) {
        let element = elements.count
        var style = -1
        if spec.isStyled {
            style = styles.count
            styles.append(checkedStyle(of: spec))
        }
        func add(_ kind: _SpecElement.Kind) {
            elements.append(_SpecElement(kind: kind, style: style, end: element + 1))
        }
        switch spec.kind {
        case .node(let node):
            if node === owner {
                errors.append(.specNamesItsOwner(owner: owner.description))
                add(.omitted)
            } else if !named.insert(node, among: elements) {
                errors.append(.nodeNamedTwice(node: node.description, owner: owner.description))
                add(.omitted)
            } else {
                nodeCount += 1
                add(.node(Unmanaged.passUnretained(node)))
            }
        case .stack(let stack, let children):
            add(.stack(checked(stack), childCount: children.count))
            for index in children.indices { append(children[index], named: &named) }
        case .absolute(let sizing, let children):
            add(.absolute(sizing))
            for index in children.indices { append(children[index], named: &named) }
        case .inset(let insets, let child):
            add(.inset(checked(insets)))
            append(child, named: &named)
        case .overlay(let child, let overlay):
            add(.overlay)
            append(child, named: &named)
            append(overlay, named: &named)
        case .background(let child, let background):
            add(.background)
            append(child, named: &named)
            append(background, named: &named)
        case .relative(let relative, let child):
            add(.relative(relative))
            append(child, named: &named)
        case .ratio(let ratio, let child):
            add(.ratio(usable(ratio, "ratio", fallback: 1, positive: true)))
            append(child, named: &named)
        case .wrapper(let child):
            add(.wrapper)
            append(child, named: &named)
        }
        elements[element].end = elements.count
    }

    /// The checked style of `element`.
    func style(of element: Int) -> LayoutStyle {
        let index = elements[element].style
        return index < 0 ? LayoutStyle() : styles[index]
    }

    // MARK: Flattening

    /// Appends the nodes of `element`'s subtree with their frames, `offset` being
    /// its parent's origin in the owner's coordinates; a background comes before
    /// its child, an overlay after.
    private func flatten(_ element: Int, offset: CGPoint, into children: inout [Layout.Child]) {
        let origin = CGPoint(x: offset.x + elements[element].origin.x, y: offset.y + elements[element].origin.y)
        let first = element + 1
        switch elements[element].kind {
        case .node(let node):
            children.append(Layout.Child(node: node.takeUnretainedValue(), frame: CGRect(origin: origin, size: elements[element].size)))
        case .omitted:
            break
        case .stack, .absolute:
            var child = first
            while child < elements[element].end {
                flatten(child, offset: origin, into: &children)
                child = elements[child].end
            }
        case .inset, .relative, .ratio, .wrapper:
            flatten(first, offset: origin, into: &children)
        case .overlay:
            flatten(first, offset: origin, into: &children)
            flatten(elements[first].end, offset: origin, into: &children)
        case .background:
            flatten(elements[first].end, offset: origin, into: &children)
            flatten(first, offset: origin, into: &children)
        }
    }

    // MARK: One element

    /// Measures `element` within `range`, narrowed first by its own style, and
    /// records the size; `parent` is the size fractions resolve against (infinite
    /// where unknown). Each kind sets its children's origins.
    @discardableResult
    mutating func measure(_ element: Int, in range: SizeRange, parent: CGSize) -> CGSize {
        let range = narrowed(range, element: element, parent: parent)
        let first = element + 1
        let size: CGSize = switch elements[element].kind {
        case .node(let node):
            range.clamp(node.takeUnretainedValue().layoutThatFits(range).size)
        case .omitted:
            .zero
        case .wrapper:
            range.clamp(measure(first, in: range, parent: parent))
        case .stack(let stack, let childCount):
            measureStack(stack, childCount: childCount, at: element, in: range)
        case .inset(let insets):
            measureInset(insets, at: element, in: range, parent: parent)
        case .overlay, .background:
            measureLayered(at: element, in: range, parent: parent)
        case .relative(let relative):
            measureRelative(relative, at: element, in: range)
        case .ratio(let ratio):
            measureRatio(ratio, at: element, in: range, parent: parent)
        case .absolute(let sizing):
            measureAbsolute(sizing, at: element, in: range)
        }
        elements[element].size = size
        return size
    }

    /// `range` intersected with the element's style sizes resolved against
    /// `parent` (Texture's `ASLayoutElementSizeResolve` and `ASSizeRangeIntersect`):
    /// a preferred size fixes that dimension; where style and range disagree, the
    /// range wins, so an element never leaves the room its parent gives it.
    func narrowed(_ range: SizeRange, element: Int, parent: CGSize) -> SizeRange {
        guard elements[element].style >= 0 else { return range }
        let style = styles[elements[element].style]
        if style.width == .auto, style.height == .auto, style.minWidth == .auto, style.minHeight == .auto,
           style.maxWidth == .auto, style.maxHeight == .auto {
            return range
        }
        func axis(_ preferred: LayoutDimension, _ minimum: LayoutDimension, _ maximum: LayoutDimension,
                  parent: CGFloat, low: CGFloat, high: CGFloat) -> (CGFloat, CGFloat) {
            let styleMin = minimum.resolved(parent: parent, fallback: 0)
            let styleMax = maximum.resolved(parent: parent, fallback: .infinity)
            let exact = preferred.resolved(parent: parent, fallback: .nan)
            let lower = Swift.max(low, styleMin)
            let upper = Swift.max(lower, Swift.min(high, styleMax))
            var lo = lower, hi = upper
            if !exact.isNaN {
                lo = Swift.min(Swift.max(exact, lower), upper)
                hi = lo
            }
            lo = Swift.min(Swift.max(lo, low), high)
            hi = Swift.min(Swift.max(hi, lo), high)
            return (lo, hi)
        }
        let (minW, maxW) = axis(style.width, style.minWidth, style.maxWidth,
                                parent: parent.width, low: range.min.width, high: range.max.width)
        let (minH, maxH) = axis(style.height, style.minHeight, style.maxHeight,
                                parent: parent.height, low: range.min.height, high: range.max.height)
        return SizeRange(sanitizingMin: CGSize(width: minW, height: minH), max: CGSize(width: maxW, height: maxH))
    }
}

/// The nodes a spec names so far. A cell names a dozen: looking through the
/// elements numbered so far costs less than hashing into a set, which takes over
/// past 32 nodes.
struct _NameSet {
    private var count = 0
    private var large: Set<ObjectIdentifier>?

    /// Adds `node`, unless one of `elements` already names it; returns whether it was new.
    mutating func insert(_ node: DisplayNode, among elements: [_SpecElement]) -> Bool {
        let id = ObjectIdentifier(node)
        if large != nil { return large!.insert(id).inserted }
        if elements.contains(where: { $0.nodeID == id }) { return false }
        count += 1
        if count > 32 { large = Set(elements.lazy.compactMap { $0.nodeID }).union([id]) }
        return true
    }
}
