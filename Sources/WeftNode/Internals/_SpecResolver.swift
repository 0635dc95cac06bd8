import Foundation
import WeftCore

/// Resolves one spec tree for one node: numbers its elements, checks their
/// values, then has a ``_SpecPass`` measure them as Texture's layout specs do
/// and flatten the nodes they name into a `Layout`.
///
/// The tree is first copied into ``elements``, one entry per element in
/// pre-order; measuring and flattening then work on that array alone, so a
/// resolution allocates it, the styles that are set, and the resulting layout's
/// children, and nothing per element.
///
/// A resolver is used once, on the thread that measures the node. Nodes are
/// measured through `layoutThatFits`, so their layouts are cached for the next pass.
struct _SpecResolver {
    /// The node resolving its spec, alive for the resolver's whole use.
    unowned(unsafe) let owner: DisplayNode
    var errors: [LayoutSpecError] = []
    var elements: [_SpecElement] = []
    /// The styles that are not the default, checked, which elements refer to.
    var styles: [LayoutStyle] = []
    private var nodeCount = 0
    private var named = _NameSet()

    init(owner: DisplayNode) {
        self.owner = owner
    }

    /// The layout of `spec` for `range`, flattened to the nodes it names.
    mutating func layout(of spec: LayoutSpec, in range: SizeRange) -> Layout {
        // A cell's spec has a few dozen elements: grow once at most.
        elements.reserveCapacity(32)
        // The elements hold the nodes unretained: the spec keeps them alive until
        // the layout, which retains them, is made.
        return withExtendedLifetime(spec) {
            withUnsafePointer(to: spec) { append($0) }
            let nodeCount = nodeCount
            return styles.withUnsafeBufferPointer { styles in
                elements.withUnsafeMutableBufferPointer { elements in
                    let pass = _SpecPass(elements: elements, styles: styles)
                    let size = pass.measure(0, in: range, parent: range.max)
                    let children = [Layout.Child](unsafeUninitializedCapacity: nodeCount) { buffer, count in
                        pass.flatten(0, offset: .zero, into: buffer, count: &count)
                    }
                    return Layout(size: range.clamp(size), children: children)
                }
            }
        }
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
        let element = elements.count
        var style = -1
        if spec.pointee.isStyled {
            if styles.isEmpty { styles.reserveCapacity(8) }
            style = styles.count
            styles.append(checkedStyle(of: spec))
        }
        func add(_ kind: _SpecElement.Kind) {
            elements.append(_SpecElement(kind: kind, style: style, end: element + 1))
        }
        switch spec.pointee.kind {
        case .node(let node):
            if node.toOpaque() == Unmanaged.passUnretained(owner).toOpaque() {
                errors.append(.specNamesItsOwner(owner: owner.description))
                add(.omitted)
            } else if !named.insert(node.toOpaque(), among: elements) {
                errors.append(.nodeNamedTwice(node: node.takeUnretainedValue().description, owner: owner.description))
                add(.omitted)
            } else {
                nodeCount += 1
                add(.node(node))
            }
        case .stack(let stack): add(.stack(checked(stack), childCount: spec.pointee.withChildren(\.count)))
        case .absolute(let sizing): add(.absolute(sizing))
        case .inset(let insets): add(.inset(checked(insets)))
        case .overlay: add(.overlay)
        case .background: add(.background)
        case .relative(let relative): add(.relative(relative))
        case .ratio(let ratio): add(.ratio(usable(ratio, "ratio", fallback: 1, positive: true)))
        case .wrapper: add(.wrapper)
        }
        spec.pointee.withChildren { children in
            for index in children.indices { append(children.baseAddress! + index) }
        }
        elements[element].end = Int32(truncatingIfNeeded: elements.count)
    }
}
