/// Where ``CollectionNode/scrollToItem(at:at:animated:)`` puts an item in the
/// viewport: UIKit's `UICollectionView.ScrollPosition`, with the same raw values.
///
/// Name at most one vertical and one horizontal position. A position across
/// the scroll axis is ignored, since the content does not scroll that way; an
/// empty set scrolls as little as makes the item fully visible, as UIKit's
/// table view does for `.none`.
public struct ScrollPosition: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt

    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// The item's top edge at the viewport's top.
    public static let top = ScrollPosition(rawValue: 1 << 0)
    /// The item centred vertically.
    public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
    /// The item's bottom edge at the viewport's bottom.
    public static let bottom = ScrollPosition(rawValue: 1 << 2)
    /// The item's leading edge at the viewport's left.
    public static let left = ScrollPosition(rawValue: 1 << 3)
    /// The item centred horizontally.
    public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
    /// The item's trailing edge at the viewport's right.
    public static let right = ScrollPosition(rawValue: 1 << 5)

    static let vertical: ScrollPosition = [.top, .centeredVertically, .bottom]
    static let horizontal: ScrollPosition = [.left, .centeredHorizontally, .right]

    public var description: String {
        let names: [(ScrollPosition, String)] = [
            (.top, "top"), (.centeredVertically, "centeredVertically"), (.bottom, "bottom"),
            (.left, "left"), (.centeredHorizontally, "centeredHorizontally"), (.right, "right"),
        ]
        return "[" + names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
    }
}

extension ScrollPosition {
    /// The position with top and bottom swapped: where an inverted list's
    /// layout puts what the screen shows at the other edge.
    var mirroredVertically: ScrollPosition {
        var mirrored = subtracting([.top, .bottom])
        if contains(.top) { mirrored.insert(.bottom) }
        if contains(.bottom) { mirrored.insert(.top) }
        return mirrored
    }

    /// The position with left and right swapped.
    var mirroredHorizontally: ScrollPosition {
        var mirrored = subtracting([.left, .right])
        if contains(.left) { mirrored.insert(.right) }
        if contains(.right) { mirrored.insert(.left) }
        return mirrored
    }
}
