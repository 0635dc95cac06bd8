public import Foundation

/// How a layout element sizes and places itself inside the spec that holds it:
/// Texture's `ASLayoutElementStyle`.
///
/// Sizes resolve against the parent's size: a ``LayoutDimension/fraction(_:)`` of
/// an unknown (infinite) parent length counts as automatic. The flex properties,
/// `alignSelf` and the spacings matter inside a stack; ``layoutPosition`` inside an
/// absolute spec.
public struct LayoutStyle: Hashable, Sendable {
    /// The preferred width; `.auto` by default.
    public var width: LayoutDimension = .auto
    /// The preferred height; `.auto` by default.
    public var height: LayoutDimension = .auto
    /// The smallest width allowed.
    public var minWidth: LayoutDimension = .auto
    /// The smallest height allowed.
    public var minHeight: LayoutDimension = .auto
    /// The largest width allowed.
    public var maxWidth: LayoutDimension = .auto
    /// The largest height allowed.
    public var maxHeight: LayoutDimension = .auto
    /// In a stack, how much of the space left over this element takes, relative to
    /// its siblings; 0 (none) by default.
    public var flexGrow: CGFloat = 0
    /// In a stack that overflows, how much this element shrinks, relative to its
    /// siblings and weighted by its size; 0 (never) by default.
    public var flexShrink: CGFloat = 0
    /// In a stack, the element's starting length along the stack, before growing or
    /// shrinking; `.auto` measures it.
    public var flexBasis: LayoutDimension = .auto
    /// In a stack, overrides the stack's ``StackLayout/alignItems`` for this element.
    public var alignSelf: StackLayout.AlignSelf = .auto
    /// In a stack, extra space before this element along the stack.
    public var spacingBefore: CGFloat = 0
    /// In a stack, extra space after this element along the stack.
    public var spacingAfter: CGFloat = 0
    /// In an absolute spec, the element's origin.
    public var layoutPosition: CGPoint = .zero

    /// Creates the default style: automatic sizes, no flex, no spacing.
    public init() {}

    /// The preferred size in points; setting it sets ``width`` and ``height``.
    /// Reading it gives NaN in a dimension that is not set in points.
    public var preferredSize: CGSize {
        get {
            if case .points(let w) = width, case .points(let h) = height { return CGSize(width: w, height: h) }
            return CGSize(width: CGFloat.nan, height: .nan)
        }
        set {
            width = .points(newValue.width)
            height = .points(newValue.height)
        }
    }

    /// The smallest size in points; setting it sets ``minWidth`` and ``minHeight``.
    /// Reading it gives NaN in a dimension that is not set in points.
    public var minSize: CGSize {
        get { CGSize(width: points(minWidth), height: points(minHeight)) }
        set {
            minWidth = .points(newValue.width)
            minHeight = .points(newValue.height)
        }
    }

    /// The largest size in points; setting it sets ``maxWidth`` and ``maxHeight``.
    /// Reading it gives NaN in a dimension that is not set in points.
    public var maxSize: CGSize {
        get { CGSize(width: points(maxWidth), height: points(maxHeight)) }
        set {
            maxWidth = .points(newValue.width)
            maxHeight = .points(newValue.height)
        }
    }

    private func points(_ dimension: LayoutDimension) -> CGFloat {
        if case .points(let value) = dimension { return value }
        return .nan
    }
}
