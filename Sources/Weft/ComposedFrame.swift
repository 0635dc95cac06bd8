public import Foundation
public import WeftCore

/// The viewport as a container shows it at one moment: the visible cells'
/// contents and their subnodes' composed at their frames
/// (``CollectionNode/composeFrame(scale:background:)``).
public struct ComposedFrame: Sendable {
    /// The picture, the viewport's size at the frame's scale.
    public let bitmap: Bitmap
    /// The visible items the picture shows blank, or in part, by the test of
    /// ``CollectionNode/blankVisibleItems``, made on the same layers the picture
    /// blends. In the view's index space, as the screen shows them.
    public let blankItems: [IndexPath]
    /// The visible items the picture shows with placeholders in place of
    /// drawings still pending (``CollectionNode/placeholderVisibleItems``):
    /// not blank, counted apart.
    public let placeholderItems: [IndexPath]
    /// The visible items, absent ones (a lazy item still loading) included, in
    /// the view's index space.
    public let visibleItems: [IndexPath]
    /// Whether the picture changes with time alone: a placeholder is fading
    /// out over its node's landed contents (`DisplayNode.placeholderFadeDuration`).
    /// A host keeps composing frames while it is `true`.
    public let isAnimating: Bool
}
