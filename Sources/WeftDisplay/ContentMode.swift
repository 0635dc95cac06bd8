/// How an ``ImageNode`` fits its image (or the part ``ImageNode/cropRect``
/// picks) into its bounds: UIKit's `UIView.ContentMode`, which Texture's
/// `ASImageNode` follows, for the four modes a feed uses.
public enum ContentMode: Hashable, Sendable {
    /// Stretched to the bounds on each axis: the aspect ratio is lost.
    case scaleToFill
    /// Scaled, keeping its aspect ratio, until it fits within the bounds;
    /// centred, with the node's background showing in the margins.
    case scaleAspectFit
    /// Scaled, keeping its aspect ratio, until it covers the bounds; what
    /// overflows is cut, centred unless ``ImageNode/cropRect``'s origin says
    /// otherwise. The default, as feeds use.
    case scaleAspectFill
    /// At its own size (one image pixel a point), centred, cut where it
    /// overflows.
    case center
}
