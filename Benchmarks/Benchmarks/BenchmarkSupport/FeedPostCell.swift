import Dispatch
import Foundation
public import WeftNode

/// A feed post of 12 nodes in 4 nested stacks, as an app would build it: an avatar
/// beside the author and date, the text, an image at 16:9, and a row of four
/// actions. `SpecPostCell` lays it out with a spec, `HandPostCell` computes the
/// same frames by hand: the peer of the spec layer's overhead.
public class FeedPostCell: CellNode, @unchecked Sendable {
    let avatar = LabelNode(length: 0)
    let author: LabelNode
    let date = LabelNode(length: 10)
    let text: LabelNode
    let image = LabelNode(length: 0)
    let actions = (0 ..< 4).map { LabelNode(length: 4 + $0) }

    public init(id: Int) {
        author = LabelNode(length: 8 + id % 9)
        text = LabelNode(length: 40 + (id &* 37) % 200)
        super.init()
    }

    /// `count` fresh cells, made on every core.
    public static func make(_ count: Int, spec: Bool) -> [FeedPostCell] {
        nonisolated(unsafe) var cells = [FeedPostCell?](repeating: nil, count: count)
        cells.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let slots = buffer
            DispatchQueue.concurrentPerform(iterations: count) { index in
                slots[index] = spec ? SpecPostCell(id: index) : HandPostCell(id: index)
            }
        }
        return cells.map { $0! }
    }

    /// The first post among `ids` whose spec and hand-written layouts differ in
    /// `range` (beyond rounding), described; `nil` when they all agree, as a
    /// comparison of the two needs.
    public static func firstDisagreement(among ids: Range<Int>, in range: SizeRange) -> String? {
        func close(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) < 1e-6 }
        for id in ids {
            let spec = SpecPostCell(id: id).layoutThatFits(range)
            let hand = HandPostCell(id: id).layoutThatFits(range)
            let agree = close(spec.size.width, hand.size.width) && close(spec.size.height, hand.size.height)
                && spec.children.count == hand.children.count
                && zip(spec.children, hand.children).allSatisfy { s, h in
                    close(s.frame.minX, h.frame.minX) && close(s.frame.minY, h.frame.minY)
                        && close(s.frame.width, h.frame.width) && close(s.frame.height, h.frame.height)
                }
            if !agree { return "post \(id): spec \(spec) against hand \(hand)" }
        }
        return nil
    }

    /// Measures `cells` in `range`, on every core or one at a time.
    public static func measure(_ cells: [FeedPostCell], in range: SizeRange, parallel: Bool) {
        measureCells(cells, in: range, parallel: parallel)
    }
}

/// The post laid out by a spec.
public final class SpecPostCell: FeedPostCell, @unchecked Sendable {
    override public func layoutSpecThatFits(_ range: SizeRange) -> LayoutSpec? {
        let header = LayoutSpec.stack(.horizontal, spacing: 8, alignItems: .center, children: [
            .node(avatar).style { $0.preferredSize = CGSize(width: 36, height: 36) },
            .stack(.vertical, spacing: 2, children: [.node(author), .node(date)])
                .style { $0.flexShrink = 1; $0.flexGrow = 1 },
        ])
        let actionRow = LayoutSpec.stack(
            .horizontal, justifyContent: .spaceBetween, alignItems: .center, children: actions.map { .node($0) })
        return .inset(EdgeInsets(top: 12, left: 16, bottom: 12, right: 16), child:
            .stack(.vertical, spacing: 8, children: [
                header,
                .node(text),
                .ratio(9.0 / 16.0, child: .node(image)),
                actionRow,
            ]))
    }
}

/// The same frames, computed by hand.
public final class HandPostCell: FeedPostCell, @unchecked Sendable {
    override public func calculateLayoutThatFits(_ range: SizeRange) -> Layout {
        let width = range.max.width.isFinite ? range.max.width : 375
        let inner = max(width - 32, 0)
        func fits(_ maxWidth: CGFloat) -> SizeRange {
            (try? SizeRange(min: .zero, max: CGSize(width: maxWidth, height: .infinity))) ?? .unconstrained
        }
        var children: [Layout.Child] = []
        children.reserveCapacity(12)
        var y: CGFloat = 12
        // Header: avatar, then the author and date column taking the rest.
        let columnWidth = max(inner - 36 - 8, 0)
        let authorLayout = author.layoutThatFits(fits(columnWidth))
        let dateLayout = date.layoutThatFits(fits(columnWidth))
        let columnHeight = authorLayout.size.height + 2 + dateLayout.size.height
        let headerHeight = max(36, columnHeight)
        // Every node placed gets its own layout, as Texture's sublayouts do.
        _ = avatar.layoutThatFits((try? SizeRange(exactly: CGSize(width: 36, height: 36))) ?? .unconstrained)
        children.append(Layout.Child(node: avatar, frame: CGRect(x: 16, y: y + (headerHeight - 36) / 2, width: 36, height: 36)))
        let columnY = y + (headerHeight - columnHeight) / 2
        children.append(Layout.Child(node: author, frame: CGRect(
            x: 60, y: columnY, width: columnWidth, height: authorLayout.size.height)))
        children.append(Layout.Child(node: date, frame: CGRect(
            x: 60, y: columnY + authorLayout.size.height + 2, width: columnWidth, height: dateLayout.size.height)))
        y += headerHeight + 8
        let textLayout = text.layoutThatFits(fits(inner))
        children.append(Layout.Child(node: text, frame: CGRect(x: 16, y: y, width: inner, height: textLayout.size.height)))
        y += textLayout.size.height + 8
        let imageHeight = (inner * 9 / 16).rounded(.down)
        _ = image.layoutThatFits((try? SizeRange(exactly: CGSize(width: inner, height: imageHeight))) ?? .unconstrained)
        children.append(Layout.Child(node: image, frame: CGRect(x: 16, y: y, width: inner, height: imageHeight)))
        y += imageHeight + 8
        let actionLayouts = actions.map { $0.layoutThatFits(fits(inner)) }
        let rowHeight = actionLayouts.reduce(0) { max($0, $1.size.height) }
        let used = actionLayouts.reduce(0) { $0 + $1.size.width }
        let gap = actions.count > 1 ? max(inner - used, 0) / CGFloat(actions.count - 1) : 0
        var x: CGFloat = 16
        for (action, layout) in zip(actions, actionLayouts) {
            children.append(Layout.Child(node: action, frame: CGRect(
                x: x, y: y + (rowHeight - layout.size.height) / 2, width: layout.size.width, height: layout.size.height)))
            x += layout.size.width + gap
        }
        y += rowHeight + 12
        return Layout(size: CGSize(width: width, height: y), children: children)
    }
}
