public import Foundation

/// The options of a stack spec (``LayoutSpec/stack(_:spacing:justifyContent:alignItems:flexWrap:lineSpacing:children:)``),
/// as `ASStackLayoutSpec` has them.
public struct StackLayout: Hashable, Sendable {
    /// The axis children follow.
    public enum Direction: Hashable, Sendable { case horizontal, vertical }
    /// Where children go along the stack when there is room left.
    public enum Justify: Hashable, Sendable { case start, center, end, spaceBetween, spaceAround }
    /// Where children go across the stack.
    public enum Align: Hashable, Sendable { case start, center, end, stretch }
    /// A child's own alignment across the stack; `.auto` follows the stack.
    public enum AlignSelf: Hashable, Sendable { case auto, start, center, end, stretch }
    /// Whether children that do not fit start a new line.
    public enum Wrap: Hashable, Sendable { case noWrap, wrap }

    // The lengths first: the one-byte options then pack together, which keeps a
    // resolver's elements small enough to live on the thread's stack.
    public var spacing: CGFloat
    public var lineSpacing: CGFloat
    public var direction: Direction
    public var justifyContent: Justify
    public var alignItems: Align
    public var flexWrap: Wrap

    @usableFromInline
    init(direction: Direction, spacing: CGFloat, justifyContent: Justify, alignItems: Align, flexWrap: Wrap,
         lineSpacing: CGFloat) {
        self.direction = direction
        self.spacing = spacing
        self.justifyContent = justifyContent
        self.alignItems = alignItems
        self.flexWrap = flexWrap
        self.lineSpacing = lineSpacing
    }
}

/// The options of a relative spec (``LayoutSpec/relative(horizontal:vertical:sizing:child:)``),
/// as `ASRelativeLayoutSpec` has them.
public struct RelativeLayout: Hashable, Sendable {
    /// Where the child goes on an axis; `.none` leaves it at the start and sized to the spec.
    public enum Position: Hashable, Sendable { case none, start, center, end }

    /// Whether the spec shrinks to the child on an axis instead of filling its range.
    public struct Sizing: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let minimumWidth = Sizing(rawValue: 1)
        public static let minimumHeight = Sizing(rawValue: 2)
        public static let minimumSize: Sizing = [.minimumWidth, .minimumHeight]
    }

    public var horizontal: Position
    public var vertical: Position
    public var sizing: Sizing

    @usableFromInline
    init(horizontal: Position, vertical: Position, sizing: Sizing) {
        self.horizontal = horizontal
        self.vertical = vertical
        self.sizing = sizing
    }
}

/// The options of a center spec (``LayoutSpec/center(_:sizing:child:)``), as `ASCenterLayoutSpec`.
public enum CenterLayout {
    /// The axes to center on.
    public struct Centering: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let x = Centering(rawValue: 1)
        public static let y = Centering(rawValue: 2)
        public static let xy: Centering = [.x, .y]
    }

    /// Whether the spec shrinks to the child on an axis.
    public struct Sizing: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let minimumX = Sizing(rawValue: 1)
        public static let minimumY = Sizing(rawValue: 2)
        public static let minimumXY: Sizing = [.minimumX, .minimumY]
    }
}

/// The options of an absolute spec (``LayoutSpec/absolute(sizing:children:)``).
public enum AbsoluteLayout {
    /// How big the spec is.
    public enum Sizing: Hashable, Sendable {
        /// The largest size allowed, or the children's extent where that is infinite.
        case `default`
        /// Just big enough for every child.
        case sizeToFit
    }
}
