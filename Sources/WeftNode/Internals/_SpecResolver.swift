import Foundation
import WeftCore

/// Resolves one spec tree for one node: numbers its elements, checks their
/// values, then has a ``_SpecPass`` measure them as Texture's layout specs do
/// and flatten the nodes they name into a `Layout`.
///
/// The tree is first copied into ``elements``, one entry per element in
/// pre-order, in memory reserved for the count the spec keeps; measuring and
/// flattening then work on that memory alone, so a resolution allocates only the
/// resulting layout's children.
///
/// A resolver is used once, on the thread that measures the node. Nodes are
/// measured through `layoutThatFits`, so their layouts are cached for the next pass.
struct _SpecResolver {
    /// The node resolving its spec, alive for the resolver's whole use.
    unowned(unsafe) let owner: DisplayNode
    var errors: [LayoutSpecError] = []
    /// The elements numbered so far, and their frames, in memory reserved for the
    /// whole tree.
    private let elements: UnsafeMutableBufferPointer<_SpecElement>
    private let frames: UnsafeMutableBufferPointer<CGRect>
    private var elementCount = 0
    /// The styles that are not the default, checked, which elements refer to.
    private let styles: UnsafeMutableBufferPointer<LayoutStyle>
    private var styleCount = 0
    private var nodeCount = 0
    private var named: _NameSet
    /// The owner's traits, read at the first node named, for the nodes that
    /// are not subnodes yet.
    private var ownerTraits: TraitCollection?

    private init(owner: DisplayNode, elements: UnsafeMutableBufferPointer<_SpecElement>,
                 frames: UnsafeMutableBufferPointer<CGRect>, styles: UnsafeMutableBufferPointer<LayoutStyle>,
                 addresses: UnsafeMutableBufferPointer<UnsafeMutableRawPointer>) {
        self.owner = owner
        self.elements = elements
        self.frames = frames
        self.styles = styles
        named = _NameSet(addresses: addresses)
    }

    /// The layout of `spec` for `owner` within `range`, flattened to the nodes it
    /// names, and what was wrong with the spec.
    ///
    /// The elements, frames, styles and node addresses live in memory taken for
    /// the call, each sized by the counts the spec keeps. Swift lends up to 1 KiB
    /// of such memory on the thread's stack (on Linux, nothing above that), which
    /// a cell's spec (up to 21 elements, 7 styled) stays within: a resolution then
    /// allocates only the layout's children. All four hold plain data, left
    /// without deinitializing.
    static func layout(of spec: LayoutSpec, for owner: DisplayNode, in range: SizeRange)
        -> (layout: Layout, errors: [LayoutSpecError]) {
        let count = Int(spec.elementCount), styled = Int(spec.styledCount)
        guard Int(spec.depth) <= LayoutSpec.depthLimit else {
            return (Layout(size: range.min), [.tooDeep(limit: LayoutSpec.depthLimit, owner: owner.description)])
        }
        guard count <= LayoutSpec.elementLimit else {
            return (Layout(size: range.min), [.tooManyElements(elements: count, limit: LayoutSpec.elementLimit, owner: owner.description)])
        }
        return resolve(spec, count: count, styled: styled, for: owner, in: range)
    }

    /// The body of ``layout(of:for:in:)`` for a spec within the limits.
    private static func resolve(
        _ spec: LayoutSpec, count: Int, styled: Int, for owner: DisplayNode, in range: SizeRange
    ) -> (layout: Layout, errors: [LayoutSpecError]) {
        // The elements hold the nodes unretained: the spec keeps them alive until
        // the layout, which retains them, is made.
        return withExtendedLifetime(spec) {
            withUnsafeTemporaryAllocation(of: _SpecElement.self, capacity: count) { elements in
            withUnsafeTemporaryAllocation(of: CGRect.self, capacity: count) { frames in
            withUnsafeTemporaryAllocation(of: LayoutStyle.self, capacity: styled) { styles in
            withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer.self, capacity: count) { addresses in
                var resolver = _SpecResolver(
                    owner: owner, elements: elements, frames: frames, styles: styles, addresses: addresses)
                withUnsafePointer(to: spec) { resolver.append($0) }
                let layout = resolver.measureAndFlatten(in: range)
                // Finite values can still sum past the largest double (a spacing of
                // .greatestFiniteMagnitude): such a layout places nothing.
                guard layout.children.allSatisfy({ isPlaceable($0.frame) }) else {
                    return (Layout(size: range.min), resolver.errors + [.frameBeyondLimit(
                        limit: Double(SizeRange.maximumLength), owner: owner.description)])
                }
                return (layout, resolver.errors)
            }
            }
            }
            }
        }
    }

    /// Whether every coordinate of `frame` is finite and within
    /// ``SizeRange/maximumLength`` of the origin.
    private static func isPlaceable(_ frame: CGRect) -> Bool {
        let limit = SizeRange.maximumLength
        return abs(frame.origin.x) <= limit && abs(frame.origin.y) <= limit
            && abs(frame.size.width) <= limit && abs(frame.size.height) <= limit
    }

    private func measureAndFlatten(in range: SizeRange) -> Layout {
        assert(subtreesNest(), "the elements of a spec do not nest")
        let pass = _SpecPass(elements: UnsafeBufferPointer(rebasing: elements[..<elementCount]),
                             styles: UnsafeBufferPointer(rebasing: styles[..<styleCount]),
                             frames: UnsafeMutableBufferPointer(rebasing: frames[..<elementCount]))
        let size = pass.measure(0, in: range, parent: range.max)
        // A spec that names no node has no children: not through the initializer,
        // which with no capacity writes into the process-wide empty array's storage.
        let children = nodeCount == 0 ? [] : [Layout.Child](unsafeUninitializedCapacity: nodeCount) { buffer, count in
            pass.flatten(0, offset: .zero, into: buffer, count: &count)
        }
        return Layout(size: range.clamp(size), children: children)
    }

    /// Whether every element's subtree lies within the numbered elements and its
    /// children's subtrees tile it exactly: the shape measuring and flattening
    /// walk by `end`. Debug builds check it after each numbering.
    private func subtreesNest() -> Bool {
        for element in 0 ..< elementCount {
            let end = Int(elements[element].end)
            guard end > element, end <= elementCount else { return false }
            var child = element + 1
            while child < end {
                let next = Int(elements[child].end)
                guard next > child, next <= end else { return false }
                child = next
            }
            guard child == end else { return false }
        }
        return true
    }

    // MARK: Numbering and names

    /// Appends `spec` and its descendants to ``elements`` in pre-order. A node the
    /// spec may not name (its owner, or a node named before) becomes an omitted
    /// element and an error; the shape stays, so a child measured again (flexed or
    /// stretched) is still the same node.
    ///
    /// The spec comes by pointer, and its children through their buffer: each is
    /// then read in place, where passing it by value would copy it, retaining its
    /// node, children and style only to release them again.
    private mutating func append(_ spec: UnsafePointer<LayoutSpec>) {
        let element = elementCount
        precondition(element < elements.count, "a spec has more elements than it counted")
        var style = -1
        if spec.pointee.isStyled {
            style = styleCount
            precondition(style < styles.count, "a spec has more styles than it counted")
            styles.initializeElement(at: style, to: spec.pointee.style)
            styleCount += 1
            check(&styles[style], of: spec)
        }
        func add(_ kind: LayoutSpec.Kind?) {
            elements.initializeElement(at: element, to: _SpecElement(kind: kind, style: style, end: element + 1))
            frames.initializeElement(at: element, to: .zero)
            elementCount += 1
        }
        switch spec.pointee.kind {
        case .node(let node):
            if node.toOpaque() == Unmanaged.passUnretained(owner).toOpaque() {
                errors.append(.specNamesItsOwner(owner: owner.description))
                add(nil)
            } else if !named.insert(node.toOpaque()) {
                errors.append(.nodeNamedTwice(node: node.takeUnretainedValue().description, owner: owner.description))
                add(nil)
            } else {
                nodeCount += 1
                add(.node(node))
                handTraits(to: node.takeUnretainedValue())
            }
        case .stack(let stack): add(.stack(checked(stack)))
        case .absolute(let sizing): add(.absolute(sizing))
        case .inset(let insets): add(.inset(checked(insets)))
        case .overlay: add(.overlay)
        case .background: add(.background)
        case .relative(let relative): add(.relative(relative))
        case .ratio(let ratio): add(.ratio(usable(ratio, "ratio", fallback: 1, positive: true)))
        case .wrapper: add(.wrapper)
        }
        LayoutSpec.withChildren(of: spec) { children in
            for index in children.indices { append(children.baseAddress! + index) }
        }
        elements[element].end = Int32(truncatingIfNeeded: elementCount)
    }

    /// Gives `node`, if it is not a subnode yet, the owner's traits before it is
    /// measured, as Texture's specs hand their trait collection down: a node
    /// that automatic subnode management adds after this layout is measured in
    /// the font, text scale and display scale it will draw in, not the defaults.
    private mutating func handTraits(to node: DisplayNode) {
        guard node.supernode == nil else { return }
        if ownerTraits == nil { ownerTraits = owner.traitCollection }
        node.propagateTraitsIfDetached(ownerTraits!)
    }
}
