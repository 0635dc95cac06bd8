/// What kind of element a node is to a screen reader, and what state it is
/// in: UIKit's `UIAccessibilityTraits`, which Texture's nodes carry. A host
/// view maps them to its toolkit's roles and states (WeftGTK: a link, a
/// disabled item, a heading).
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt64

    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// Acts when activated.
    public static let button = AccessibilityTraits(rawValue: 1 << 0)
    /// Opens a link when activated.
    public static let link = AccessibilityTraits(rawValue: 1 << 1)
    /// A picture.
    public static let image = AccessibilityTraits(rawValue: 1 << 2)
    /// Text that does not change.
    public static let staticText = AccessibilityTraits(rawValue: 1 << 3)
    /// A heading of a section of content.
    public static let header = AccessibilityTraits(rawValue: 1 << 4)
    /// Selected (a cell's follows ``CellNode/isSelected``).
    public static let selected = AccessibilityTraits(rawValue: 1 << 5)
    /// Not enabled: it does not respond to the user.
    public static let notEnabled = AccessibilityTraits(rawValue: 1 << 6)
}
