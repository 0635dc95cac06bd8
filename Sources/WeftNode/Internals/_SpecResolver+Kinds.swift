import Foundation
import WeftCore

extension _SpecResolver {
    // MARK: Stack

    /// `ASStackLayoutSpec`: measure each child with the stack's cross range (a
    /// stretched child at least the stack's minimum) and its flex basis, share the
    /// room left over among `flexGrow` children or the overflow among `flexShrink`
    /// children weighted by their size, re-measure those, stretch children to the
    /// line's cross size, then justify along the axis and align across it. With
    /// `.wrap`, children that do not fit start a new line, `lineSpacing` apart.
    mutating func measureStack(_ stack: StackLayout, childCount: Int, at element: Int, in range: SizeRange) -> CGSize {
        // The children's element numbers by position; on the stack for a cell's few.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: childCount) { numbers in
            var next = element + 1
            for position in 0 ..< childCount {
                numbers[position] = next
                next = elements[next].end
            }
            return layOutStack(stack, numbers: UnsafeBufferPointer(numbers), in: range)
        }
    }

    private mutating func layOutStack(_ stack: StackLayout, numbers: UnsafeBufferPointer<Int>, in range: SizeRange) -> CGSize {
        let count = numbers.count
        let horizontal = stack.direction == .horizontal
        func main(_ size: CGSize) -> CGFloat { horizontal ? size.width : size.height }
        func cross(_ size: CGSize) -> CGFloat { horizontal ? size.height : size.width }
        func size(main: CGFloat, cross: CGFloat) -> CGSize {
            horizontal ? CGSize(width: main, height: cross) : CGSize(width: cross, height: main)
        }
        func childRange(main lo: CGFloat, _ hi: CGFloat, cross clo: CGFloat, _ chi: CGFloat) -> SizeRange {
            SizeRange(sanitizingMin: size(main: lo, cross: clo), max: size(main: hi, cross: chi))
        }
        let spacing = stack.spacing, lineSpacing = stack.lineSpacing
        let mainMin = main(range.min), mainMax = main(range.max)
        let crossMin = cross(range.min), crossMax = cross(range.max)
        let parent = range.max

        // Measure every child once with the stack's cross range and its basis.
        for number in numbers {
            let style = style(of: number)
            let align: StackLayout.Align = switch style.alignSelf {
            case .auto: stack.alignItems
            case .start: .start
            case .center: .center
            case .end: .end
            case .stretch: .stretch
            }
            let basis = style.flexBasis.resolved(parent: mainMax, fallback: .nan)
            let crossLow = align == .stretch ? crossMin : 0
            let measured = measure(number, in: childRange(
                main: basis.isNaN ? 0 : basis, basis.isNaN ? .infinity : basis, cross: crossLow, crossMax), parent: parent)
            elements[number].main = main(measured)
            elements[number].cross = cross(measured)
            elements[number].align = align
            elements[number].before = style.spacingBefore
            elements[number].after = style.spacingAfter
            elements[number].grow = Swift.max(style.flexGrow, 0)
            elements[number].shrink = Swift.max(style.flexShrink, 0)
            elements[number].flexed = false
        }

        // The end of the line that starts at `start`: all children, or as many as
        // fit within the stack's maximum when it wraps (at least one).
        func lineEnd(from start: Int) -> Int {
            guard stack.flexWrap == .wrap, mainMax.isFinite else { return count }
            var used: CGFloat = 0
            var position = start
            while position < count {
                let child = elements[numbers[position]]
                let length = child.before + child.main + child.after
                let needed = position == start ? length : used + spacing + length
                if position > start, needed > mainMax { break }
                used = needed
                position += 1
            }
            return position
        }
        func contentLength(_ line: Range<Int>) -> CGFloat {
            var total: CGFloat = 0
            for position in line {
                let child = elements[numbers[position]]
                total += child.before + child.main + child.after
            }
            return total + spacing * CGFloat(Swift.max(line.count - 1, 0))
        }

        // Per line: flex, cross size, stretch, then positions.
        var line = 0 ..< lineEnd(from: 0)
        let singleLine = line.upperBound == count
        var crossCursor: CGFloat = 0
        var widestLine: CGFloat = 0
        while true {
            let length = contentLength(line)
            if mainMax.isFinite, length > mainMax {
                let total = line.reduce(0) { $0 + elements[numbers[$1]].shrink * elements[numbers[$1]].main }
                if total > 0 {
                    let deficit = length - mainMax
                    for position in line where elements[numbers[position]].shrink * elements[numbers[position]].main > 0 {
                        let number = numbers[position]
                        let weight = elements[number].shrink * elements[number].main
                        elements[number].main = Swift.max(0, elements[number].main - deficit * weight / total)
                        elements[number].flexed = true
                    }
                }
            } else if length < mainMin {
                let total = line.reduce(0) { $0 + elements[numbers[$1]].grow }
                if total > 0 {
                    let room = mainMin - length
                    for position in line where elements[numbers[position]].grow > 0 {
                        let number = numbers[position]
                        elements[number].main += room * elements[number].grow / total
                        elements[number].flexed = true
                    }
                }
            }
            for position in line where elements[numbers[position]].flexed {
                let number = numbers[position], child = elements[number]
                let lowCross = child.align == .stretch ? crossMin : 0
                let measured = measure(number, in: childRange(
                    main: child.main, child.main, cross: lowCross, crossMax), parent: parent)
                elements[number].main = main(measured)
                elements[number].cross = cross(measured)
            }
            // A single line fills the stack's cross range; wrapped lines fit their children.
            var lineCross = line.reduce(0) { Swift.max($0, elements[numbers[$1]].cross) }
            if singleLine { lineCross = Swift.min(Swift.max(lineCross, crossMin), crossMax) }
            for position in line {
                let number = numbers[position], child = elements[number]
                guard child.align == .stretch, child.cross != lineCross else { continue }
                let measured = measure(number, in: childRange(
                    main: child.main, child.main, cross: lineCross, lineCross), parent: parent)
                elements[number].cross = cross(measured)
            }

            let used = contentLength(line)
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
            for position in line {
                let number = numbers[position], child = elements[number]
                if position > line.lowerBound { cursor += gap }
                cursor += child.before
                let crossOffset: CGFloat = switch child.align {
                case .start, .stretch: 0
                case .center: (lineCross - child.cross) / 2
                case .end: lineCross - child.cross
                }
                elements[number].origin = horizontal
                    ? CGPoint(x: cursor, y: crossCursor + crossOffset)
                    : CGPoint(x: crossCursor + crossOffset, y: cursor)
                cursor += child.main + child.after
            }
            widestLine = Swift.max(widestLine, stackMain)
            crossCursor += lineCross
            guard line.upperBound < count else { break }
            crossCursor += lineSpacing
            line = line.upperBound ..< lineEnd(from: line.upperBound)
        }
        return range.clamp(size(main: widestLine, cross: crossCursor))
    }

    // MARK: Inset

    /// `ASInsetLayoutSpec`: the child gets the range less the finite insets; an
    /// infinite inset leaves that side free and puts the child against the other.
    mutating func measureInset(_ insets: EdgeInsets, at element: Int, in range: SizeRange, parent: CGSize) -> CGSize {
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
        elements[element + 1].origin = CGPoint(x: finite(x), y: finite(y))
        return size
    }

    // MARK: Overlay and background

    /// `ASOverlayLayoutSpec` / `ASBackgroundLayoutSpec`: the child (the first
    /// element) sets the size and the other is laid out exactly at it; flattening
    /// puts it above or behind.
    mutating func measureLayered(at element: Int, in range: SizeRange, parent: CGSize) -> CGSize {
        let size = measure(element + 1, in: range, parent: parent)
        measure(elements[element + 1].end, in: SizeRange(sanitizingMin: size, max: size), parent: size)
        return size
    }

    // MARK: Relative and center

    /// `ASRelativeLayoutSpec` (and `ASCenterLayoutSpec`, its centered case): the spec
    /// fills the largest finite size, or shrinks to the child on an axis that is
    /// unbounded or asks for the minimum size, and places the child at the start,
    /// center or end of each axis it names.
    mutating func measureRelative(_ relative: RelativeLayout, at element: Int, in range: SizeRange) -> CGSize {
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
        elements[element + 1].origin = CGPoint(x: (size.width - sub.width) * proportion(relative.horizontal),
                                               y: (size.height - sub.height) * proportion(relative.vertical))
        return size
    }

    // MARK: Ratio

    /// `ASRatioLayoutSpec`: of the sizes the range allows at height = ratio x width
    /// (from the largest width, or from the largest height), the one closest to the
    /// ratio; with no finite maximum, the child's own size.
    mutating func measureRatio(_ ratio: CGFloat, at element: Int, in range: SizeRange, parent: CGSize) -> CGSize {
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
    mutating func measureAbsolute(_ sizing: AbsoluteLayout.Sizing, at element: Int, in range: SizeRange) -> CGSize {
        var extent = range.min
        var number = element + 1
        while number < elements[element].end {
            let position = style(of: number).layoutPosition
            let room = SizeRange(sanitizingMin: .zero, max: CGSize(
                width: range.max.width - position.x, height: range.max.height - position.y))
            let sub = measure(number, in: room, parent: range.max)
            elements[number].origin = position
            extent.width = Swift.max(extent.width, position.x + sub.width)
            extent.height = Swift.max(extent.height, position.y + sub.height)
            number = elements[number].end
        }
        let size = CGSize(
            width: sizing == .sizeToFit || !range.max.width.isFinite ? extent.width : range.max.width,
            height: sizing == .sizeToFit || !range.max.height.isFinite ? extent.height : range.max.height)
        return range.clamp(size)
    }
}
