import Foundation
import WeftCore

extension _SpecPass {
    // MARK: Stack

    /// `ASStackLayoutSpec`: measure each child with the stack's cross range (a
    /// stretched child at least the stack's minimum) and its flex basis, share the
    /// room left over among `flexGrow` children or the overflow among `flexShrink`
    /// children weighted by their size, re-measure those, stretch children to the
    /// line's cross size, then justify along the axis and align across it. With
    /// `.wrap`, children that do not fit start a new line, `lineSpacing` apart.
    func measureStack(_ stack: StackLayout, at element: Int, in range: SizeRange) -> CGSize {
        var childCount = 0
        var child = element + 1
        while child < next(after: element) {
            childCount += 1
            child = next(after: child)
        }
        // A cell's stacks have a few children: their state lives on the thread's stack.
        return withUnsafeTemporaryAllocation(of: _StackItem.self, capacity: childCount) { items in
            var child = element + 1
            for position in 0 ..< childCount {
                items.initializeElement(at: position, to: _StackItem(element: child))
                child = next(after: child)
            }
            defer { _ = items.deinitialize() }
            return layOutStack(stack, items: items, in: range)
        }
    }

    private func layOutStack(_ stack: StackLayout, items: UnsafeMutableBufferPointer<_StackItem>,
                             in range: SizeRange) -> CGSize {
        let count = items.count
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

        // Each child's style, read once; most children have none.
        var flexibleCount = 0
        for position in 0 ..< count {
            let index = Int(elements[items[position].element].style)
            guard index >= 0 else {
                items[position].align = stack.alignItems
                items[position].main = .nan
                continue
            }
            let style = styles[index]
            items[position].align = switch style.alignSelf {
            case .auto: stack.alignItems
            case .start: .start
            case .center: .center
            case .end: .end
            case .stretch: .stretch
            }
            items[position].before = style.spacingBefore
            items[position].after = style.spacingAfter
            items[position].grow = Swift.max(style.flexGrow, 0)
            items[position].shrink = Swift.max(style.flexShrink, 0)
            if style.flexGrow > 0, style.flexShrink > 0 { flexibleCount += 1 }
            // The basis until measured: NaN for none.
            items[position].main = style.flexBasis.resolved(parent: mainMax, fallback: .nan)
        }
        // Texture's optimized flexing: when the stack's length is fixed and exactly
        // one child both grows and shrinks, that child will take whatever the others
        // leave, so its measurement at its natural length is skipped. It starts at
        // length zero and is measured once, flexed or at zero.
        let optimizedFlexing = flexibleCount == 1 && mainMin == mainMax

        // Measure every child once with the stack's cross range and its basis.
        for position in 0 ..< count {
            let item = items[position]
            if optimizedFlexing, item.grow > 0, item.shrink > 0 {
                items[position].deferred = true
                items[position].main = 0
                continue
            }
            let basis = item.main
            let crossLow = item.align == .stretch ? crossMin : 0
            let measured = measure(item.element, in: childRange(
                main: basis.isNaN ? 0 : basis, basis.isNaN ? .infinity : basis, cross: crossLow, crossMax), parent: parent)
            items[position].main = main(measured)
            items[position].cross = cross(measured)
        }

        // The end of the line that starts at `start`: all children, or as many as
        // fit within the stack's maximum when it wraps (at least one).
        func lineEnd(from start: Int) -> Int {
            guard stack.flexWrap == .wrap, mainMax.isFinite else { return count }
            var used: CGFloat = 0
            var position = start
            while position < count {
                let length = items[position].before + items[position].main + items[position].after
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
                total += items[position].before + items[position].main + items[position].after
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
                var total: CGFloat = 0
                for position in line { total += items[position].shrink * items[position].main }
                if total > 0 {
                    let deficit = length - mainMax
                    for position in line where items[position].shrink * items[position].main > 0 {
                        let weight = items[position].shrink * items[position].main
                        items[position].main = Swift.max(0, items[position].main - deficit * weight / total)
                        items[position].flexed = true
                    }
                }
            } else if length < mainMin {
                var total: CGFloat = 0
                for position in line { total += items[position].grow }
                if total > 0 {
                    let room = mainMin - length
                    for position in line where items[position].grow > 0 {
                        items[position].main += room * items[position].grow / total
                        items[position].flexed = true
                    }
                }
            }
            // A deferred child that did not flex is measured at length zero, as
            // Texture does when nothing flexes; Texture leaves one that a shrink
            // passes over unmeasured, Weft measures it too.
            for position in line where items[position].flexed || items[position].deferred {
                let item = items[position]
                let lowCross = item.align == .stretch ? crossMin : 0
                let measured = measure(item.element, in: childRange(
                    main: item.main, item.main, cross: lowCross, crossMax), parent: parent)
                items[position].main = main(measured)
                items[position].cross = cross(measured)
            }
            // A single line fills the stack's cross range; wrapped lines fit their children.
            var lineCross: CGFloat = 0
            for position in line { lineCross = Swift.max(lineCross, items[position].cross) }
            if singleLine { lineCross = Swift.min(Swift.max(lineCross, crossMin), crossMax) }
            for position in line {
                let item = items[position]
                guard item.align == .stretch, item.cross != lineCross else { continue }
                let measured = measure(item.element, in: childRange(
                    main: item.main, item.main, cross: lineCross, lineCross), parent: parent)
                items[position].cross = cross(measured)
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
                let item = items[position]
                if position > line.lowerBound { cursor += gap }
                cursor += item.before
                let crossOffset: CGFloat = switch item.align {
                case .start, .stretch: 0
                case .center: (lineCross - item.cross) / 2
                case .end: lineCross - item.cross
                }
                frames[item.element].origin = horizontal
                    ? CGPoint(x: cursor, y: crossCursor + crossOffset)
                    : CGPoint(x: crossCursor + crossOffset, y: cursor)
                cursor += item.main + item.after
            }
            widestLine = Swift.max(widestLine, stackMain)
            crossCursor += lineCross
            guard line.upperBound < count else { break }
            crossCursor += lineSpacing
            line = line.upperBound ..< lineEnd(from: line.upperBound)
        }
        return range.clamp(size(main: widestLine, cross: crossCursor))
    }
}
