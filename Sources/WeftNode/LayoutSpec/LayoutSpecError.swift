/// A part of a layout spec that broke a rule. The spec still resolved, with that
/// part ignored; ``DisplayNode/layoutSpecErrors`` lists what the last resolution found.
public enum LayoutSpecError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A size in a style was negative, NaN or infinite, or a fraction was outside
    /// 0...1; it counted as automatic.
    case invalidDimension(property: String, node: String)
    /// The spec named the same node twice; the second occurrence was left out.
    case nodeNamedTwice(node: String, owner: String)
    /// The spec named the node that returned it; that occurrence was left out.
    case specNamesItsOwner(owner: String)
    /// A number of the spec (a ratio, a flex factor, a spacing) was NaN or infinite,
    /// or a ratio was not positive; the default was used instead.
    case invalidValue(property: String, value: Double, owner: String)
    /// The spec's tree has more elements than ``LayoutSpec/elementLimit`` (a
    /// spec that shares subtrees can name billions in a few bytes); nothing of
    /// it was laid out, and the node took its smallest allowed size. `elements`
    /// is `Int32.max` for a count past 32 bits.
    case tooManyElements(elements: Int, limit: Int, owner: String)
    /// The spec names a node whose spec names this node again, directly or
    /// through others; the inner occurrence was laid out at its smallest size
    /// instead of recursing without end.
    case specCycle(owner: String)
    /// The spec's tree is more than ``LayoutSpec/depthLimit`` levels deep;
    /// nothing of it was laid out, and the node took its smallest allowed size.
    case tooDeep(limit: Int, owner: String)
    /// A frame the spec gave a node lies more than `limit` points
    /// (`SizeRange.maximumLength`) from the origin or is that large, or is not
    /// finite: finite values summed past the largest number (a spacing of
    /// `.greatestFiniteMagnitude`). Nothing of the spec was laid out, and the
    /// node took its smallest allowed size.
    case frameBeyondLimit(limit: Double, owner: String)

    public var description: String {
        switch self {
        case .invalidDimension(let property, let node):
            "the layout spec gives \(node) an invalid \(property) (negative, NaN, infinite, or a fraction outside 0...1); it counts as automatic"
        case .nodeNamedTwice(let node, let owner):
            "the layout spec of \(owner) names \(node) twice; the second one is left out. Name each node once"
        case .specNamesItsOwner(let owner):
            "the layout spec of \(owner) names \(owner) itself; a node cannot be its own subnode, so it is left out"
        case .invalidValue(let property, let value, let owner):
            "the layout spec of \(owner) has \(property) \(value), which is not usable; the default is used"
        case .tooManyElements(let elements, let limit, let owner):
            "the layout spec of \(owner) has \(elements == Int(Int32.max) ? "over 2 billion" : "\(elements)") elements, "
                + "more than the \(limit) a spec may have (shared subtrees count each time they appear); "
                + "nothing of it was laid out"
        case .specCycle(let owner):
            "the layout spec of \(owner) names a node whose layout spec names \(owner) again; "
                + "the inner one was laid out at its smallest size. A node cannot contain itself"
        case .tooDeep(let limit, let owner):
            "the layout spec of \(owner) nests more than the \(limit) levels a spec may have; nothing of it was laid out"
        case .frameBeyondLimit(let limit, let owner):
            "the layout spec of \(owner) places a node beyond \(limit) points or at an infinite position "
                + "(its spacings and sizes add up past any screen); nothing of it was laid out"
        }
    }
}
