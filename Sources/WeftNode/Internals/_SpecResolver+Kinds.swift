import Foundation
import WeftCore

extension _SpecResolver {
    // MARK: Stack

    /// One measured child of a stack, along the stack's axis (`main`) and across it.
    private struct StackItem {
        var spec: LayoutSpec
        var sublayout: _Sublayout
        var main: CGFloat
        var cross: CGFloat
        var align: StackLayout.Align
        var before: CGFloat
        var after: CGFloat
        var grow: CGFloat
        var shrink: CGFloat
        var basis: CGFloat?
    }

    /// `ASStackLayoutSpec`: measure each child with the stack's cross range (a
    /// stretched child at least the stack's minimum) and its flex basis, share the
    /// room left over among `flexGrow` children or the overflow among `flexShrink`
    /// children weighted by their size, re-measure those, stretch children to the
    /// line's cross size, then justify along the axis and align across it. With
    /// `.wrap`, children that do not fit start a new line, `lineSpacing` apart.
    mutating func measureStack(_ stack: StackLayout, _ children: [LayoutSpec], in range: SizeRange) -> _Sublayout {
        let horizontal = stack.direction == .horizontal
        func main(_ size: CGSize) -> CGFloat { horizontal ? size.width : size.height }
        func cross(_ size: CGSize) -> CGFloat { horizontal ? size.height : size.width }
        func size(main: CGFloat, cross: CGFloat) -> CGSize {
            horizontal ? CGSize(width: main, height: cross) : CGSize(width: cross, height: main)
        }
        let spacing = usable(stack.spacing, "spacing", fallback: 0)
        let lineSpacing = usable(stack.lineSpacing, "lineSpacing", fallback: 0)
        let mainMin = main(range.min), mainMax = main(range.max)
        let crossMin = cross(range.min), crossMax = cross(range.max)
        let parent = range.max

        func childRange(main lo: CGFloat, _ hi: CGFloat, cross clo: CGFloat, _ chi: CGFloat) -> SizeRange {
            SizeRange(sanitizingMin: size(main: lo, cross: clo), max: size(main: hi, cross: chi))
        }

        // Measure every child once with the stack's cross range and its basis.
        var items: [StackItem] = []
        items.reserveCapacity(children.count)
        var flexed = [Bool](repeating: false, count: children.count)
        for child in children {
            let style = child.style
            let align: StackLayout.Align = switch style.alignSelf {
            case .auto: stack.alignItems
            case .start: .start
            case .center: .center
            case .end: .end
            case .stretch: .stretch
            }
            let basisDimension = style.flexBasis.isValid ? style.flexBasis : .auto
            let basisValue = basisDimension.resolved(parent: mainMax, fallback: .nan)
            let basis: CGFloat? = basisValue.isNaN ? nil : basisValue
            let crossLow = align == .stretch ? crossMin : 0
            let measured = measure(
                child, in: childRange(main: basis ?? 0, basis ?? .infinity, cross: crossLow, crossMax), parent: parent)
            items.append(StackItem(
                spec: child, sublayout: measured, main: main(measured.size), cross: cross(measured.size),
                align: align,
                before: usable(style.spacingBefore, "spacingBefore", fallback: 0),
                after: usable(style.spacingAfter, "spacingAfter", fallback: 0),
                grow: Swift.max(usable(style.flexGrow, "flexGrow", fallback: 0), 0),
                shrink: Swift.max(usable(style.flexShrink, "flexShrink", fallback: 0), 0),
                basis: basis))
        }

        // Lines: one, or as many as `.wrap` needs within the stack's maximum.
        var lines: [Range<Int>] = [0 ..< items.count]
        if stack.flexWrap == .wrap, mainMax.isFinite {
            lines.removeAll()
            var start = 0, used: CGFloat = 0
            for index in items.indices {
                let length = items[index].before + items[index].main + items[index].after
                let needed = index == start ? length : used + spacing + length
                if index > start, needed > mainMax {
                    lines.append(start ..< index)
                    start = index
                    used = length
                } else {
                    used = needed
                }
            }
            lines.append(start ..< items.count)
        }

        // Per line: flex, cross size, stretch, then positions.
        var placed: [(sublayout: _Sublayout, origin: CGPoint)] = []
        placed.reserveCapacity(items.count)
        var crossCursor: CGFloat = 0
        var widestLine: CGFloat = 0
        let singleLine = lines.count == 1
        for (lineIndex, line) in lines.enumerated() {
            func contentLength() -> CGFloat {
                var total: CGFloat = 0
                for index in line { total += items[index].before + items[index].main + items[index].after }
                return total + spacing * CGFloat(Swift.max(line.count - 1, 0))
            }
            let length = contentLength()
            if mainMax.isFinite, length > mainMax {
                let total = line.reduce(0) { $0 + items[$1].shrink * items[$1].main }
                if total > 0 {
                    let deficit = length - mainMax
                    for index in line where items[index].shrink * items[index].main > 0 {
                        let weight = items[index].shrink * items[index].main
                        items[index].main = Swift.max(0, items[index].main - deficit * weight / total)
                        flexed[index] = true
                    }
                }
            } else if length < mainMin {
                let total = line.reduce(0) { $0 + items[$1].grow }
                if total > 0 {
                    let room = mainMin - length
                    for index in line where items[index].grow > 0 {
                        items[index].main += room * items[index].grow / total
                        flexed[index] = true
                    }
                }
            }
            for index in line where flexed[index] {
                let lowCross = items[index].align == .stretch ? crossMin : 0
                let measured = measure(items[index].spec, in: childRange(
                    main: items[index].main, items[index].main, cross: lowCross, crossMax), parent: parent)
                items[index].sublayout = measured
                items[index].main = main(measured.size)
                items[index].cross = cross(measured.size)
            }
            // A single line fills the stack's cross range; wrapped lines fit their children.
            var lineCross = line.reduce(0) { Swift.max($0, items[$1].cross) }
            if singleLine { lineCross = Swift.min(Swift.max(lineCross, crossMin), crossMax) }
            for index in line where items[index].align == .stretch && items[index].cross != lineCross {
                let measured = measure(items[index].spec, in: childRange(
                    main: items[index].main, items[index].main, cross: lineCross, lineCross), parent: parent)
                items[index].sublayout = measured
                items[index].cross = cross(measured.size)
            }

            let used = contentLength()
            let stackMain = Swift.min(Swift.max(used, mainMin), mainMax.isFinite ? mainMax : used)
            let free = stackMain - used
            var cursor: CGFloat = 0
            var gap = spacing
            switch stack.justifyContent {
            case .start: break
            case .center: cursor = free / 2
            case .end: cursor = free
            case .spaceBetween where free > 0 && line.count > 1: gap += free / CGFloat(line.count - 1)
            case .spaceAround where free > 0 && !line.isEmpty:
                let share = free / CGFloat(line.count)
                cursor = share / 2
                gap += share
            case .spaceBetween, .spaceAround: break
            }
            for (offset, index) in line.enumerated() {
                if offset > 0 { cursor += gap }
                cursor += items[index].before
                let crossOffset: CGFloat = switch items[index].align {
                case .start, .stretch: 0
                case .center: (lineCross - items[index].cross) / 2
                case .end: lineCross - items[index].cross
                }
                let origin = horizontal
                    ? CGPoint(x: cursor, y: crossCursor + crossOffset)
                    : CGPoint(x: crossCursor + crossOffset, y: cursor)
                placed.append((items[index].sublayout, origin))
                cursor += items[index].main + items[index].after
            }
            widestLine = Swift.max(widestLine, stackMain)
            crossCursor += lineCross
            if lineIndex < lines.count - 1 { crossCursor += lineSpacing }
        }
        let total = size(main: widestLine, cross: crossCursor)
        return _Sublayout(size: range.clamp(total), node: nil, children: placed)
    }

    // MARK: Inset

    /// `ASInsetLayoutSpec`: the child gets the range less the finite insets; an
    /// infinite inset leaves that side free and puts the child against the other.
    mutating func measureInset(_ insets: EdgeInsets, _ child: LayoutSpec, in range: SizeRange, parent: CGSize) -> _Sublayout {
        func finite(_ value: CGFloat) -> CGFloat { value.isFinite ? value : 0 }
        for (name, value) in [("top", insets.top), ("left", insets.left), ("bottom", insets.bottom), ("right", insets.right)]
        where value.isNaN {
            errors.append(.invalidValue(property: "inset \(name)", value: Double(value), owner: owner.description))
        }
        let dx = finite(insets.left) + finite(insets.right)
        let dy = finite(insets.top) + finite(insets.bottom)
        let childRange = SizeRange(
            sanitizingMin: CGSize(width: range.min.width - dx, height: range.min.height - dy),
            max: CGSize(width: range.max.width - dx, height: range.max.height - dy))
        let sub = measure(child, in: childRange, parent: CGSize(width: parent.width - dx, height: parent.height - dy))
        func side(_ value: CGFloat, fallback: CGFloat) -> CGFloat { value.isFinite ? value : fallback }
        let size = range.clamp(CGSize(
            width: side(sub.size.width + insets.left + insets.right, fallback: range.max.width),
            height: side(sub.size.height + insets.top + insets.bottom, fallback: range.max.height)))
        let x = side(insets.left, fallback: size.width - side(insets.right, fallback: 0) - sub.size.width)
        let y = side(insets.top, fallback: size.height - side(insets.bottom, fallback: 0) - sub.size.height)
        return _Sublayout(size: size, node: nil, children: [(sub, CGPoint(x: finite(x), y: finite(y)))])
    }

    // MARK: Overlay and background

    /// `ASOverlayLayoutSpec` / `ASBackgroundLayoutSpec`: the child sets the size and
    /// the extra element is laid out exactly at it, above or behind.
    mutating func measureLayered(
        _ child: LayoutSpec, extra: LayoutSpec, extraOnTop: Bool, in range: SizeRange, parent: CGSize
    ) -> _Sublayout {
        let main = measure(child, in: range, parent: parent)
        let exact = SizeRange(sanitizingMin: main.size, max: main.size)
        let other = measure(extra, in: exact, parent: main.size)
        let children = extraOnTop ? [(main, CGPoint.zero), (other, .zero)] : [(other, .zero), (main, .zero)]
        return _Sublayout(size: main.size, node: nil, children: children)
    }

    // MARK: Relative and center

    /// `ASRelativeLayoutSpec` (and `ASCenterLayoutSpec`, its centered case): the spec
    /// fills the largest finite size, or shrinks to the child on an axis that is
    /// unbounded or asks for the minimum size, and places the child at the start,
    /// center or end of each axis it names.
    mutating func measureRelative(_ relative: RelativeLayout, _ child: LayoutSpec, in range: SizeRange) -> _Sublayout {
        let known = CGSize(width: range.max.width.isFinite ? range.max.width : .infinity,
                           height: range.max.height.isFinite ? range.max.height : .infinity)
        let childMin = CGSize(width: relative.horizontal == .none ? range.min.width : 0,
                              height: relative.vertical == .none ? range.min.height : 0)
        let sub = measure(child, in: SizeRange(sanitizingMin: childMin, max: range.max), parent: known)
        var size = range.clamp(CGSize(width: known.width.isFinite ? known.width : sub.size.width,
                                      height: known.height.isFinite ? known.height : sub.size.height))
        size = range.clamp(CGSize(
            width: relative.sizing.contains(.minimumWidth) ? Swift.min(size.width, sub.size.width) : size.width,
            height: relative.sizing.contains(.minimumHeight) ? Swift.min(size.height, sub.size.height) : size.height))
        func proportion(_ position: RelativeLayout.Position) -> CGFloat {
            switch position {
            case .none, .start: 0
            case .center: 0.5
            case .end: 1
            }
        }
        let origin = CGPoint(x: (size.width - sub.size.width) * proportion(relative.horizontal),
                             y: (size.height - sub.size.height) * proportion(relative.vertical))
        return _Sublayout(size: size, node: nil, children: [(sub, origin)])
    }

    // MARK: Ratio

    /// `ASRatioLayoutSpec`: of the sizes the range allows at height = ratio x width
    /// (from the largest width, or from the largest height), the one closest to the
    /// ratio; with no finite maximum, the child's own size.
    mutating func measureRatio(_ ratio: CGFloat, _ child: LayoutSpec, in range: SizeRange, parent: CGSize) -> _Sublayout {
        let ratio = usable(ratio, "ratio", fallback: 1, positive: true)
        var options: [CGSize] = []
        if range.max.width.isFinite {
            options.append(range.clamp(CGSize(width: range.max.width, height: (ratio * range.max.width).rounded(.down))))
        }
        if range.max.height.isFinite {
            options.append(range.clamp(CGSize(width: (range.max.height / ratio).rounded(.down), height: range.max.height)))
        }
        func error(_ size: CGSize) -> CGFloat { size.width > 0 ? abs(size.height / size.width - ratio) : .infinity }
        let best = options.min { error($0) < error($1) }
        let childRange = best.map { SizeRange(sanitizingMin: $0, max: $0) } ?? range
        let sub = measure(child, in: childRange, parent: best ?? parent)
        return _Sublayout(size: sub.size, node: nil, children: [(sub, .zero)])
    }

    // MARK: Absolute

    /// `ASAbsoluteLayoutSpec`: each child at its `layoutPosition`, measured up to the
    /// room left from there; the spec takes the largest finite size, or the
    /// children's extent (always with `.sizeToFit`).
    mutating func measureAbsolute(_ sizing: AbsoluteLayout.Sizing, _ children: [LayoutSpec], in range: SizeRange) -> _Sublayout {
        var placed: [(sublayout: _Sublayout, origin: CGPoint)] = []
        placed.reserveCapacity(children.count)
        var extent = range.min
        for child in children {
            var position = child.style.layoutPosition
            if !position.x.isFinite || !position.y.isFinite {
                errors.append(.invalidValue(property: "layoutPosition", value: .nan, owner: owner.description))
                position = .zero
            }
            let room = SizeRange(sanitizingMin: .zero, max: CGSize(
                width: range.max.width - position.x, height: range.max.height - position.y))
            let sub = measure(child, in: room, parent: range.max)
            placed.append((sub, position))
            extent.width = Swift.max(extent.width, position.x + sub.size.width)
            extent.height = Swift.max(extent.height, position.y + sub.size.height)
        }
        let size = CGSize(
            width: sizing == .sizeToFit || !range.max.width.isFinite ? extent.width : range.max.width,
            height: sizing == .sizeToFit || !range.max.height.isFinite ? extent.height : range.max.height)
        return _Sublayout(size: range.clamp(size), node: nil, children: placed)
    }
}
