import Foundation

/// One element of a spec tree as a resolver works on it: what it is and its
/// style. A resolver keeps the elements of a tree in one buffer, in pre-order, so
/// measuring and flattening read no spec and allocate nothing per element: an
/// element's children follow it, and each child's ``end`` is where its next
/// sibling starts. Where measuring puts an element is kept beside, in a buffer of
/// frames with the same numbering.
///
/// Plain data, and small: a cell's elements fit in the 1 KiB that Swift lends a
/// temporary allocation on the thread's stack.
struct _SpecElement {
    /// The spec's kind, its values checked; `nil` for a node the spec may not
    /// name (twice, or its owner), left out.
    let kind: LayoutSpec.Kind?
    /// The element's style in the resolver's `styles`, or -1 for the default
    /// style: most elements have it, and copying one costs more than the rest.
    let style: Int32
    /// The index one past this element's subtree: its next sibling's index.
    var end: Int32

    init(kind: LayoutSpec.Kind?, style: Int, end: Int) {
        self.kind = kind
        self.style = Int32(truncatingIfNeeded: style)
        self.end = Int32(truncatingIfNeeded: end)
    }
}
