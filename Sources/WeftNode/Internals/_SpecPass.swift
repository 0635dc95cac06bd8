import Foundation
import WeftCore

/// The measuring and flattening of one resolution, over the elements a
/// ``_SpecResolver`` numbered and the styles it checked.
///
/// The pass holds pointers into the resolver's buffers, which outlive it, and is
/// passed by value down the recursion: an element is read and its frame written
/// in place, with no copy-on-write check and no copy of the element on the way.
/// An element measured again (flexed or stretched) overwrites its size: the last
/// measurement is the one its parent keeps.
struct _SpecPass {
    let elements: UnsafeBufferPointer<_SpecElement>
    let styles: UnsafeBufferPointer<LayoutStyle>
    /// Each element's last measured size (the one its parent keeps) and its origin
    /// in its parent's coordinates, numbered as the elements are.
    let frames: UnsafeMutableBufferPointer<CGRect>

    /// The checked style of `element`.
    func style(of element: Int) -> LayoutStyle {
        let index = Int(elements[element].style)
        return index < 0 ? LayoutStyle() : styles[index]
    }

    /// The element after `element`'s subtree: its next sibling.
    func next(after element: Int) -> Int {
        Int(elements[element].end)
    }

    // MARK: One element

    /// Measures `element` within `range`, narrowed first by its own style, and
    /// records the size; `parent` is the size fractions resolve against (infinite
    /// where unknown). Each kind sets its children's origins.
    @discardableResult
    func measure(_ element: Int, in range: SizeRange, parent: CGSize) -> CGSize {
        let range = narrowed(range, element: element, parent: parent)
        let first = element + 1
        let size: CGSize = switch elements[element].kind {
        case .node(let node):
            range.clamp(node._withUnsafeGuaranteedRef { $0.layoutThatFits(range).size })
        case nil:
            .zero
        case .wrapper:
            range.clamp(measure(first, in: range, parent: parent))
        case .stack(let stack):
            measureStack(stack, at: element, in: range)
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
        frames[element].size = size
        return size
    }

    /// `range` intersected with the element's style sizes resolved against
    /// `parent` (Texture's `ASLayoutElementSizeResolve` and `ASSizeRangeIntersect`):
    /// a preferred size fixes that dimension; where style and range disagree, the
    /// range wins, so an element never leaves the room its parent gives it.
    @inline(__always)
    func narrowed(_ range: SizeRange, element: Int, parent: CGSize) -> SizeRange {
        let index = Int(elements[element].style)
        return index < 0 ? range : narrowed(range, style: index, parent: parent)
    }

    private func narrowed(_ range: SizeRange, style index: Int, parent: CGSize) -> SizeRange {
        let style = styles[index]
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

    // MARK: Flattening

    /// Writes the nodes of `element`'s subtree with their frames into `children`
    /// from `count` on, `offset` being its parent's origin in the owner's
    /// coordinates; a background comes before its child, an overlay after.
    func flatten(_ element: Int, offset: CGPoint, into children: UnsafeMutableBufferPointer<Layout.Child>,
                 count: inout Int) {
        let origin = CGPoint(x: offset.x + frames[element].origin.x, y: offset.y + frames[element].origin.y)
        let first = element + 1
        switch elements[element].kind {
        case .node(let node):
            precondition(count < children.count, "a spec flattened to more nodes than it named")
            children.initializeElement(at: count, to: Layout.Child(
                node: node.takeUnretainedValue(), frame: CGRect(origin: origin, size: frames[element].size)))
            count += 1
        case nil:
            break
        case .stack, .absolute:
            var child = first
            while child < next(after: element) {
                flatten(child, offset: origin, into: children, count: &count)
                child = next(after: child)
            }
        case .inset, .relative, .ratio, .wrapper:
            flatten(first, offset: origin, into: children, count: &count)
        case .overlay:
            flatten(first, offset: origin, into: children, count: &count)
            flatten(next(after: first), offset: origin, into: children, count: &count)
        case .background:
            flatten(next(after: first), offset: origin, into: children, count: &count)
            flatten(first, offset: origin, into: children, count: &count)
        }
    }
}
