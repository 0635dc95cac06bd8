public import Foundation

extension Layout {
    /// A child node and its frame in its supernode's layout.
    public struct Child: Sendable {
        /// The child node.
        public var node: DisplayNode
        /// Where the child goes, in the supernode's coordinates.
        public var frame: CGRect

        /// Places `node` at `frame`.
        public init(node: DisplayNode, frame: CGRect) {
            self.node = node
            self.frame = frame
        }

        /// Places `node` at `origin` with the size of `layout`, the child's own
        /// layout (typically `node.layoutThatFits(range)`).
        public init(node: DisplayNode, origin: CGPoint, layout: Layout) {
            self.init(node: node, frame: CGRect(origin: origin, size: layout.size))
        }
    }
}
