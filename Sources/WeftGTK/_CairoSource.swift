import CGtk4
import Weft

/// A bitmap as a source Cairo can paint from and keep: an image surface over
/// the bitmap's bytes, and the raster-source patterns that hand it to Cairo.
///
/// A Cairo recording (GTK's `GskCairoNode`) keeps a snapshot of every surface
/// painted into it, attached to that surface, and Cairo copies the pixels into
/// the snapshot when the surface is destroyed before the snapshot is: always,
/// since the surface holds a reference to its own snapshot. A raster-source
/// pattern takes no snapshot; the recording keeps the pattern instead, and the
/// pattern keeps this object, so the bitmap lives exactly as long as a
/// recording that may still paint it, and its surface, never snapshotted, is
/// destroyed without a copy. At 10 screens/s the surfaces' copies were about
/// 220 a second (9.6 MiB), on main as cells left the screen.
///
/// Made and cached on main; the last release may come from wherever GTK frees
/// a render node (the main thread in GTK 4.8), and the surface's destroy is
/// safe there: Cairo counts references atomically.
final class _CairoSource {
    /// The bitmap whose bytes the surface reads.
    let bitmap: Bitmap
    /// An image surface over `bitmap`'s bytes (Weft's ARGB32 is Cairo's).
    let surface: OpaquePointer

    init(_ bitmap: Bitmap) {
        self.bitmap = bitmap
        // Cairo never writes a source surface.
        surface = cairo_image_surface_create_for_data(
            UnsafeMutablePointer(mutating: bitmap.baseAddress.assumingMemoryBound(to: UInt8.self)),
            CAIRO_FORMAT_ARGB32, Int32(bitmap.pixelWidth), Int32(bitmap.pixelHeight), Int32(bitmap.bytesPerRow))!
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// A new pattern painting the bitmap at its pixel size; the caller destroys it.
    ///
    /// The pattern, and every copy Cairo makes of it, holds a reference to
    /// this source. If Cairo cannot make the pattern (out of memory), a plain
    /// surface pattern paints the same pixels; its snapshot is then copied when
    /// the surface goes, as before.
    ///
    /// - Complexity: O(1): one allocation by Cairo.
    func makePattern() -> OpaquePointer {
        let owner = Unmanaged.passRetained(self).toOpaque()
        let pattern = cairo_pattern_create_raster_source(
            owner, CAIRO_CONTENT_COLOR_ALPHA, Int32(bitmap.pixelWidth), Int32(bitmap.pixelHeight))!
        guard cairo_pattern_status(pattern) == CAIRO_STATUS_SUCCESS else {
            // An error pattern calls no callbacks, finish included.
            Unmanaged<_CairoSource>.fromOpaque(owner).release()
            cairo_pattern_destroy(pattern)
            return cairo_pattern_create_for_surface(surface)!
        }
        cairo_raster_source_pattern_set_acquire(pattern, { _, owner, _, _ in
            cairo_surface_reference(Unmanaged<_CairoSource>.fromOpaque(owner!).takeUnretainedValue().surface)
        }, { _, _, surface in
            cairo_surface_destroy(surface)
        })
        // A copy shares the callback data: one more reference for it to finish.
        cairo_raster_source_pattern_set_copy(pattern) { _, owner, _ in
            _ = Unmanaged<_CairoSource>.fromOpaque(owner!).retain()
            return CAIRO_STATUS_SUCCESS
        }
        cairo_raster_source_pattern_set_finish(pattern) { _, owner in
            Unmanaged<_CairoSource>.fromOpaque(owner!).release()
        }
        return pattern
    }
}
