/// A leaf of a `TreeNode`'s tree.
public final class TreeLeaf {
    public var value: Int

    public init(_ value: Int) {
        self.value = value
    }
}
