import Foundation
import WeftCore

extension _SpecPass {
    // MARK: Inset

    /// `ASInsetLayoutSpec`: the child gets the range less the finite insets; an
    /// infinite inset leaves that side free and puts the child against the other.
    func measureInset(_ insets: EdgeInsets, at element: Int, in range: SizeRange, parent: CGSize) -> CGSize {
        func finite(_ value: CGFloat) -> CGFloat { value.isFinite ? value : 0 }
        let dx = finite(insets.left) + finite(insets.right)
        let dy = finite(insets.top) + finite(insets.bottom)
        let childRange = SizeRange(
            sanitizingMin: CGSize(width: range.min.width - dx, height: range.min.height - dy),
            max: CGSize(width: range.max.width - dx, height: range.max.height - dy))
        let sub = measure(element + 1, in: childRange, parent: CGSize(width: parent.width - dx, height: parent.height - dy))
        func side(_ value: CGFloat, fallback: CGFloat) -> CGFloat { value.isFinite ? value : fallback }
        let size = range.clamp(CGSize(
            width: side(sub.width + insets.left + insets.right, fallback: range.max.width),
            height: side(sub.height + insets.top + insets.bottom, fallback: range.max.height)))
        let x = side(insets.left, fallback: size.width - side(insets.right, fallback: 0) - sub.width)
        let y = side(insets.top, fallback: size.height - side(insets.bottom, fallback: 0) - sub.height)
        frames[element + 1].origin = CGPoint(x: finite(x), y: finite(y))
        return size
    }

    // MARK: Overlay and background

    /// `ASOverlayLayoutSpec` / `ASBackgroundLayoutSpec`: the child (the first
    /// element) sets the size and the other is laid out exactly at it; flattening
    /// puts it above or behind.
    func measureLayered(at element: Int, in range: SizeRange, parent: CGSize) -> CGSize {
        let size = measure(element + 1, in: range, parent: parent)
        measure(next(after: element + 1), in: SizeRange(sanitizingMin: size, max: size), parent: size)
        return size
    }

    // MARK: Relative and center

    /// `ASRelativeLayoutSpec` (and `ASCenterLayoutSpec`, its centered case): the spec
    /// fills the largest finite size, or shrinks to the child on an axis that is
    /// unbounded or asks for the minimum size, and places the child at the start,
    /// center or end of each axis it names.
    func measureRelative(_ relative: RelativeLayout, at element: Int, in range: SizeRange) -> CGSize {
        let known = CGSize(width: range.max.width.isFinite ? range.max.width : .infinity,
                           height: range.max.height.isFinite ? range.max.height : .infinity)
        let childMin = CGSize(width: relative.horizontal == .none ? range.min.width : 0,
                              height: relative.vertical == .none ? range.min.height : 0)
        let sub = measure(element + 1, in: SizeRange(sanitizingMin: childMin, max: range.max), parent: known)
        var size = range.clamp(CGSize(width: known.width.isFinite ? known.width : sub.width,
                                      height: known.height.isFinite ? known.height : sub.height))
        size = range.clamp(CGSize(
            width: relative.sizing.contains(.minimumWidth) ? Swift.min(size.width, sub.width) : size.width,
            height: relative.sizing.contains(.minimumHeight) ? Swift.min(size.height, sub.height) : size.height))
        func proportion(_ position: RelativeLayout.Position) -> CGFloat {
            switch position {
            case .none, .start: 0
            case .center: 0.5
            case .end: 1
            }
        }
        frames[element + 1].origin = CGPoint(x: (size.width - sub.width) * proportion(relative.horizontal),
                                               y: (size.height - sub.height) * proportion(relative.vertical))
        return size
    }

    // MARK: Ratio

    /// `ASRatioLayoutSpec`: of the sizes the range allows at height = ratio x width
    /// (from the largest width, or from the largest height), the one closest to the
    /// ratio; with no finite maximum, the child's own size.
    func measureRatio(_ ratio: CGFloat, at element: Int, in range: SizeRange, parent: CGSize) -> CGSize {
        func error(_ size: CGSize) -> CGFloat { size.width > 0 ? abs(size.height / size.width - ratio) : .infinity }
        var best: CGSize?
        if range.max.width.isFinite {
            best = range.clamp(CGSize(width: range.max.width, height: (ratio * range.max.width).rounded(.down)))
        }
        if range.max.height.isFinite {
            let fromHeight = range.clamp(CGSize(width: (range.max.height / ratio).rounded(.down), height: range.max.height))
            if best.map({ error(fromHeight) < error($0) }) ?? true { best = fromHeight }
        }
        let childRange = best.map { SizeRange(sanitizingMin: $0, max: $0) } ?? range
        return measure(element + 1, in: childRange, parent: best ?? parent)
    }

    // MARK: Absolute

    /// `ASAbsoluteLayoutSpec`: each child at its `layoutPosition`, measured up to the
    /// room left from there; the spec takes the largest finite size, or the
    /// children's extent (always with `.sizeToFit`).
    func measureAbsolute(_ sizing: AbsoluteLayout.Sizing, at element: Int, in range: SizeRange) -> CGSize {
        var extent = range.min
        var number = element + 1
        while number < next(after: element) {
            let position = style(of: number).layoutPosition
            let room = SizeRange(sanitizingMin: .zero, max: CGSize(
                width: range.max.width - position.x, height: range.max.height - position.y))
            let sub = measure(number, in: room, parent: range.max)
            frames[number].origin = position
            extent.width = Swift.max(extent.width, position.x + sub.width)
            extent.height = Swift.max(extent.height, position.y + sub.height)
            number = next(after: number)
        }
        let size = CGSize(
            width: sizing == .sizeToFit || !range.max.width.isFinite ? extent.width : range.max.width,
            height: sizing == .sizeToFit || !range.max.height.isFinite ? extent.height : range.max.height)
        return range.clamp(size)
    }
}
