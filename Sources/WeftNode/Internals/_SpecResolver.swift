import Foundation
import WeftCore

/// A measured element of a spec: its size, the node it is (for a node element),
/// and its measured children with their positions inside it.
struct _Sublayout {
    var size: CGSize
    var node: DisplayNode?
    var children: [(sublayout: _Sublayout, origin: CGPoint)] = []

    static let empty = _Sublayout(size: .zero, node: nil)
}

/// Resolves one spec tree for one node: measures every element as Texture's layout
/// specs do, then flattens the nodes it names into a `Layout`.
///
/// A resolver is used once, on the thread that measures the node. Nodes are
/// measured through `layoutThatFits`, so their layouts are cached for the next pass.
struct _SpecResolver {
    let owner: DisplayNode
    var errors: [LayoutSpecError] = []

    init(owner: DisplayNode) {
        self.owner = owner
    }

    /// The layout of `spec` for `range`, flattened to the nodes it names.
    mutating func layout(of spec: LayoutSpec, in range: SizeRange) -> Layout {
        var named = _NameSet()
        // Most specs are fine: check first, and rebuild only a spec that needs it.
        let root: _Sublayout
        if names(spec, named: &named) {
            root = measure(spec, in: range, parent: range.max)
        } else {
            named = _NameSet()
            root = measure(admitted(spec, named: &named), in: range, parent: range.max)
        }
        var children: [Layout.Child] = []
        flatten(root, at: .zero, into: &children)
        return Layout(size: range.clamp(root.size), children: children)
    }

    private func flatten(_ sublayout: _Sublayout, at origin: CGPoint, into children: inout [Layout.Child]) {
        if let node = sublayout.node {
            children.append(Layout.Child(node: node, frame: CGRect(origin: origin, size: sublayout.size)))
            return
        }
        for (child, offset) in sublayout.children {
            flatten(child, at: CGPoint(x: origin.x + offset.x, y: origin.y + offset.y), into: &children)
        }
    }

    /// Whether every node `spec` names may be named: not the owner, and once.
    func names(_ spec: LayoutSpec, named: inout _NameSet) -> Bool {
        switch spec.kind {
        case .node(let node):
            return node !== owner && named.insert(node)
        case .omitted:
            return true
        case .stack(_, let children), .absolute(_, let children):
            for child in children where !names(child, named: &named) { return false }
            return true
        case .inset(_, let child), .relative(_, let child), .ratio(_, let child), .wrapper(let child):
            return names(child, named: &named)
        case .overlay(let child, let other), .background(let child, let other):
            return names(child, named: &named) && names(other, named: &named)
        }
    }

    /// `spec` with every node it may not name (its owner, or a node named before)
    /// left out, and the reason recorded; the spec itself when it names none.
    /// Measuring then never checks names, so a child measured again (flexed or
    /// stretched) is still the same node.
    mutating func admitted(_ spec: LayoutSpec, named: inout _NameSet) -> LayoutSpec {
        func rebuilt(_ kind: LayoutSpec.Kind) -> LayoutSpec {
            var copy = LayoutSpec(kind)
            copy.style = spec.style
            return copy
        }
        switch spec.kind {
        case .node(let node):
            if node === owner {
                errors.append(.specNamesItsOwner(owner: owner.description))
                return rebuilt(.omitted)
            }
            guard named.insert(node) else {
                errors.append(.nodeNamedTwice(node: node.description, owner: owner.description))
                return rebuilt(.omitted)
            }
            return spec
        case .omitted:
            return spec
        case .stack(let stack, let children):
            return rebuilt(.stack(stack, children.map { admitted($0, named: &named) }))
        case .inset(let insets, let child):
            return rebuilt(.inset(insets, admitted(child, named: &named)))
        case .overlay(let child, let overlay):
            let admittedChild = admitted(child, named: &named)
            return rebuilt(.overlay(admittedChild, overlay: admitted(overlay, named: &named)))
        case .background(let child, let background):
            let admittedBackground = admitted(background, named: &named)
            return rebuilt(.background(admitted(child, named: &named), background: admittedBackground))
        case .relative(let relative, let child):
            return rebuilt(.relative(relative, admitted(child, named: &named)))
        case .ratio(let ratio, let child):
            return rebuilt(.ratio(ratio, admitted(child, named: &named)))
        case .absolute(let sizing, let children):
            return rebuilt(.absolute(sizing, children.map { admitted($0, named: &named) }))
        case .wrapper(let child):
            return rebuilt(.wrapper(admitted(child, named: &named)))
        }
    }

    // MARK: One element

    /// Measures `spec` within `range`, narrowed first by its own style; `parent` is
    /// the size fractions resolve against (infinite where unknown).
    mutating func measure(_ spec: LayoutSpec, in range: SizeRange, parent: CGSize) -> _Sublayout {
        let range = narrowed(range, by: spec.style, parent: parent, element: spec)
        switch spec.kind {
        case .node(let node):
            return _Sublayout(size: range.clamp(node.layoutThatFits(range).size), node: node)
        case .omitted:
            return .empty
        case .wrapper(let child):
            let sub = measure(child, in: range, parent: parent)
            return _Sublayout(size: range.clamp(sub.size), node: nil, children: [(sub, .zero)])
        case .stack(let stack, let children):
            return measureStack(stack, children, in: range)
        case .inset(let insets, let child):
            return measureInset(insets, child, in: range, parent: parent)
        case .overlay(let child, let overlay):
            return measureLayered(child, extra: overlay, extraOnTop: true, in: range, parent: parent)
        case .background(let child, let background):
            return measureLayered(child, extra: background, extraOnTop: false, in: range, parent: parent)
        case .relative(let relative, let child):
            return measureRelative(relative, child, in: range)
        case .ratio(let ratio, let child):
            return measureRatio(ratio, child, in: range, parent: parent)
        case .absolute(let sizing, let children):
            return measureAbsolute(sizing, children, in: range)
        }
    }

    /// `range` intersected with the element's style sizes resolved against
    /// `parent` (Texture's `ASLayoutElementSizeResolve` and `ASSizeRangeIntersect`):
    /// a preferred size fixes that dimension; where style and range disagree, the
    /// range wins, so an element never leaves the room its parent gives it.
    mutating func narrowed(_ range: SizeRange, by style: LayoutStyle, parent: CGSize, element: LayoutSpec) -> SizeRange {
        func checked(_ dimension: LayoutDimension, _ name: String) -> LayoutDimension {
            guard dimension.isValid else {
                errors.append(.invalidDimension(property: name, node: elementName(element)))
                return .auto
            }
            return dimension
        }
        func axis(_ preferred: LayoutDimension, _ minimum: LayoutDimension, _ maximum: LayoutDimension,
                  names: (String, String, String), parent: CGFloat, low: CGFloat, high: CGFloat) -> (CGFloat, CGFloat) {
            let styleMin = checked(minimum, names.1).resolved(parent: parent, fallback: 0)
            let styleMax = checked(maximum, names.2).resolved(parent: parent, fallback: .infinity)
            let exact = checked(preferred, names.0).resolved(parent: parent, fallback: .nan)
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
        if style.width == .auto, style.height == .auto, style.minWidth == .auto, style.minHeight == .auto,
           style.maxWidth == .auto, style.maxHeight == .auto {
            return range
        }
        let (minW, maxW) = axis(style.width, style.minWidth, style.maxWidth, names: ("width", "minWidth", "maxWidth"),
                                parent: parent.width, low: range.min.width, high: range.max.width)
        let (minH, maxH) = axis(style.height, style.minHeight, style.maxHeight, names: ("height", "minHeight", "maxHeight"),
                                parent: parent.height, low: range.min.height, high: range.max.height)
        return SizeRange(sanitizingMin: CGSize(width: minW, height: minH), max: CGSize(width: maxW, height: maxH))
    }

    private func elementName(_ spec: LayoutSpec) -> String {
        if case .node(let node) = spec.kind { return node.description }
        return "a spec of \(owner.description)"
    }

    /// `value` if usable, else `fallback`, recording the bad value.
    mutating func usable(_ value: CGFloat, _ property: String, fallback: CGFloat, positive: Bool = false) -> CGFloat {
        guard value.isFinite, !positive || value > 0 else {
            errors.append(.invalidValue(property: property, value: Double(value), owner: owner.description))
            return fallback
        }
        return value
    }
}

/// The nodes a spec names so far. A cell names a dozen: a linear search of an array
/// costs less than hashing into a set, which takes over past 32.
struct _NameSet {
    private var small: [ObjectIdentifier] = []
    private var large: Set<ObjectIdentifier>?

    /// Adds `node`; returns whether it was new.
    mutating func insert(_ node: DisplayNode) -> Bool {
        let id = ObjectIdentifier(node)
        if large != nil { return large!.insert(id).inserted }
        if small.contains(id) { return false }
        small.append(id)
        if small.count > 32 { large = Set(small) }
        return true
    }
}
