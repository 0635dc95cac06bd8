import CPangoCairo
import WeftNode

/// An image decoded into a Cairo surface, possibly at a fraction of its size
/// (a scaled JPEG or WebP decode), with the orientation it is stored in.
/// Owned by one thread at a time.
final class _DecodedImage {
    let surface: OpaquePointer
    /// The decoded pixels' size.
    let width: Int
    let height: Int
    /// The stored image's full size, which `width x height` is a scaled decode of.
    let storedWidth: Int
    let storedHeight: Int
    let orientation: _ImageOrientation

    /// Takes ownership of `surface`.
    init(_ surface: OpaquePointer, storedWidth: Int, storedHeight: Int, orientation: _ImageOrientation) {
        self.surface = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        self.storedWidth = storedWidth
        self.storedHeight = storedHeight
        self.orientation = orientation
    }

    deinit { cairo_surface_destroy(surface) }

    /// The upright image's full size.
    var uprightSize: CGSize {
        let size = orientation.uprightSize(width: Double(storedWidth), height: Double(storedHeight))
        return CGSize(width: size.width, height: size.height)
    }

    /// Draws the image into `width x height` pixels as `placement` says
    /// (upright, the shown part scaled to its destination, clipped there), then
    /// clips the corners to `cornerRadius` pixels.
    func draw(into pixels: UnsafeMutableRawPointer, bytesPerRow: Int, width: Int, height: Int,
              placement: _ImagePlacement, cornerRadius: Double) {
        let target = cairo_image_surface_create_for_data(
            pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
            Int32(bytesPerRow))
        defer { cairo_surface_destroy(target) }
        let cairo = cairo_create(target)!
        defer { cairo_destroy(cairo) }
        let destination = placement.destination, source = placement.source
        cairo_rectangle(cairo, destination.minX, destination.minY, destination.width, destination.height)
        cairo_clip(cairo)
        cairo_translate(cairo, destination.minX, destination.minY)
        cairo_scale(cairo, destination.width / source.width, destination.height / source.height)
        cairo_translate(cairo, -source.minX, -source.minY)
        var upright = orientation.matrix(width: Double(storedWidth), height: Double(storedHeight))
        cairo_transform(cairo, &upright)
        cairo_scale(cairo, Double(storedWidth) / Double(self.width), Double(storedHeight) / Double(self.height))
        cairo_set_source_surface(cairo, surface, 0, 0)
        // GOOD filters a downscale properly (BILINEAR aliases it); PAD keeps the
        // edges opaque where the filter reaches past them. Once per image and size, off main.
        cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(cairo_get_source(cairo), CAIRO_EXTEND_PAD)
        cairo_paint(cairo)
        cairo_surface_flush(target)
        // The same corners as a node's background (WeftNode's one rounded rectangle).
        _RoundedCorners.clip(pixels, bytesPerRow: bytesPerRow, width: width, height: height, radius: cornerRadius)
    }
}
