import Foundation
import WeftCore
import WeftDataController

/// What a visible cell showed before a reload replaced its node: its layers,
/// relative to the cell's top left, shown in the new cell's place until the new
/// node's drawing lands, so that a reload never flashes a drawn cell blank
/// (Texture draws such cells synchronously before the commit instead; here main
/// keeps its frame and the old bitmaps stay one more moment).
struct _HeldCell {
    /// The element that replaced the old one; the hold is for it alone.
    weak var element: CollectionElement?
    let layers: [Bitmap.Layer]
}
