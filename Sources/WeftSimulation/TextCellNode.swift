public import Weft
public import WeftDisplay

/// A cell that is one text node across its width, with no inset: an article,
/// a log, a long message. Text taller than a bitmap may be draws in tiles
/// (`DisplayNode.drawsInTiles`), so a cell of a megabyte of text shows.
// @unchecked Sendable: `text` is a `let`; the node's state is behind its locks.
public final class TextCellNode: CellNode, @unchecked Sendable {
    /// The text node.
    public let text: TextNode

    /// Creates a cell showing `text`.
    public init(_ text: AttributedText) {
        self.text = TextNode(text)
        super.init()
        automaticallyManagesSubnodes = true
    }

    public override func layoutSpecThatFits(_ range: SizeRange) -> LayoutSpec? { .node(text) }
}
