package import Foundation

extension Bitmap.Layer {
    /// The one walk of a composition, shared by every compositor of layers (a
    /// composed ``Bitmap``, the GTK view's textures and its Cairo drawing): which
    /// layers show and where, so that the three agree to the pixel. Each blitter
    /// only copies pixels into the rect it is handed.
    ///
    /// A layer's rect is its size in points (its bitmap's, unless it sets one) at its origin, moved to the
    /// nearest whole pixel of the composition (a texture between two pixels is
    /// resampled, and blurs). A layer that shows nothing is skipped: wholly
    /// outside the composition, empty, or at an origin that is not finite.
    ///
    /// - Parameters:
    ///   - layers: The bitmaps, back to front.
    ///   - size: The composition's size in points.
    ///   - scale: Its pixels per point; a non-finite or non-positive scale places nothing.
    ///   - blit: Called for each layer that shows, in order, with its rect in points.
    /// - Complexity: O(*l*) for *l* layers, plus the blits.
    package static func place(
        _ layers: [Bitmap.Layer], inCompositionOf size: CGSize, scale: Double, _ blit: (Bitmap.Layer, CGRect) -> Void
    ) {
        guard scale.isFinite, scale > 0 else { return }
        let bounds = CGRect(origin: .zero, size: size)
        for layer in layers {
            guard let placed = layer.placement(scale: scale), placed.intersects(bounds) else { continue }
            blit(layer, placed)
        }
    }

    /// The layer's rect in points on whole pixels at `scale`, or `nil` when its
    /// origin is not finite or so far out that it cannot be a pixel position.
    ///
    /// - Complexity: O(1).
    func placement(scale: Double) -> CGRect? {
        let x = (origin.x * scale).rounded(), y = (origin.y * scale).rounded()
        // Past ±2^52 pixels, positions are no longer whole numbers: nothing there is on screen.
        let limit = Double(1 << 52)
        guard x.isFinite, y.isFinite, abs(x) < limit, abs(y) < limit else { return nil }
        let size = self.size ?? bitmap.size
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else { return nil }
        return CGRect(x: x / scale, y: y / scale, width: size.width, height: size.height)
    }
}
