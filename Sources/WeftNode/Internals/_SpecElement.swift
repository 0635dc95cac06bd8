import Foundation

/// One element of a spec tree as a resolver works on it: what it is, its style,
/// and where measuring put it. A resolver keeps the elements of a tree in one
/// array, in pre-order, so measuring and flattening read no spec and allocate
/// nothing per element: an element's children follow it, and each child's
/// ``end`` is where its next sibling starts.
///
/// Plain data, and small: the measuring pass reads and writes these in place.
struct _SpecElement {
    /// A spec's kind without its children, which follow in the array.
    enum Kind {
        /// Unretained: the spec being resolved holds the node.
        case node(Unmanaged<DisplayNode>)
        case stack(StackLayout, childCount: Int)
        case inset(EdgeInsets)
        /// The child, then the overlay on top of it.
        case overlay
        /// The child, then the background behind it.
        case background
        case relative(RelativeLayout)
        case ratio(CGFloat)
        case absolute(AbsoluteLayout.Sizing)
        case wrapper
        /// A node the spec may not name (twice, or its owner), left out.
        case omitted
    }

    let kind: Kind
    /// The element's style in the resolver's `styles`, or -1 for the default
    /// style: most elements have it, and copying one costs more than the rest.
    let style: Int32
    /// The index one past this element's subtree: its next sibling's index.
    var end: Int32
    /// The size of the element's last measurement: the one its parent keeps.
    var size: CGSize = .zero
    /// The element's origin in its parent's coordinates.
    var origin: CGPoint = .zero

    init(kind: Kind, style: Int, end: Int) {
        self.kind = kind
        self.style = Int32(truncatingIfNeeded: style)
        self.end = Int32(truncatingIfNeeded: end)
    }
}
