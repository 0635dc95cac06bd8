import Foundation
package import WeftCore

/// What the screen shows for a frame's visible cells: their layers in viewport
/// coordinates, back to front, and which items show blank. Composed frames,
/// ``CollectionNode/blankVisibleItems`` and every view's frame read this one
/// value, so a count can never disagree with the pixels it describes.
package struct _Screen {
    /// The layers, back to front, in viewport coordinates: what is drawn.
    package var layers: [Bitmap.Layer] = []
    /// The visible items, in the view's index space.
    package var visibleItems: [IndexPath] = []
    /// The visible items that show blank.
    package var blankItems: [IndexPath] = []
    /// The visible items that show their nodes' placeholders (not blank).
    package var placeholderItems: [IndexPath] = []
    /// Whether a placeholder is fading out over landed contents: the next
    /// frame differs from this one with nothing else changed.
    package var isAnimating = false

    /// Nothing shown.
    package init() {}
}
