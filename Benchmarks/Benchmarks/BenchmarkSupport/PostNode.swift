import Foundation
public import WeftNode

/// A post: author, title, body and footer labels in a column, the cell node
/// of the data-controller benchmarks.
// Sendable as CellNode is: no stored state of its own.
public final class PostNode: CellNode, @unchecked Sendable {
    public init(id: Int) {
        super.init()
        for (index, base) in [12, 40, 160, 24].enumerated() {
            try? addSubnode(LabelNode(length: base + (id &* 13 &+ index &* 29) % base))
        }
    }

    override public func calculateLayoutThatFits(_ range: SizeRange) -> Layout {
        let width = range.max.width.isFinite ? range.max.width : 375
        let inner = (try? SizeRange(min: .zero, max: CGSize(width: max(width - 24, 0), height: .infinity)))
            ?? .unconstrained
        var children: [Layout.Child] = []
        var y: CGFloat = 12
        for subnode in subnodes {
            let layout = subnode.layoutThatFits(inner)
            children.append(Layout.Child(node: subnode, origin: CGPoint(x: 12, y: y), layout: layout))
            y += layout.size.height + 6
        }
        return Layout(size: CGSize(width: width, height: y + 6), children: children)
    }
}
