public import Foundation

/// The result of measuring a node: its size and where its children go.
///
/// A leaf's layout has no children. A container returns, from
/// ``DisplayNode/calculateLayoutThatFits(_:)``, a layout whose ``children`` name
/// the subnodes it needs and their frames; with
/// ``DisplayNode/automaticallyManagesSubnodes`` on, a layout transition makes the
/// node's subnodes exactly those children.
///
/// Layouts are values and hold their child nodes strongly, so a cached layout
/// keeps its children alive until it is invalidated or replaced.
public struct Layout: Sendable, CustomStringConvertible {
    /// The node's size, within the range it was measured for.
    public var size: CGSize
    /// The child nodes and their frames in the node's coordinates, in order.
    public var children: [Child]

    /// Creates a layout of the given size whose children are placed as given.
    ///
    /// - Parameters:
    ///   - size: The node's size. ``DisplayNode/layoutThatFits(_:)`` clamps it
    ///     into the range it measured for, so a size out of range, negative or
    ///     NaN never reaches a cache or a view.
    ///   - children: The children, in the order they should be subnodes.
    public init(size: CGSize, children: [Child] = []) {
        self.size = size
        self.children = children
    }

    /// Two layouts are identical when their sizes are equal and their children
    /// are the same nodes (by identity) at equal frames.
    ///
    /// - Complexity: O(*c*) for *c* children.
    package func isIdentical(to other: Layout) -> Bool {
        size == other.size && children.count == other.children.count
            && zip(children, other.children).allSatisfy { $0.node === $1.node && $0.frame == $1.frame }
    }

    public var description: String {
        "Layout(\(size.width)x\(size.height), \(children.count) children)"
    }
}
