import CPangoCairo
import WeftCore
import WeftNode

/// Runs `body` with a Cairo context over a drawing canvas's pixels, scaled so
/// that one unit is one point and translated so that the node's bounds' origin
/// is the context's (a tile's pixels start at its ``DrawingCanvas/drawnRect``),
/// then flushes the pixels.
func _withCairo(_ canvas: DrawingCanvas, _ body: (OpaquePointer) -> Void) {
    let surface = cairo_image_surface_create_for_data(
        canvas.pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
        Int32(canvas.pixelWidth), Int32(canvas.pixelHeight), Int32(canvas.bytesPerRow))
    defer { cairo_surface_destroy(surface) }
    let cairo = cairo_create(surface)!
    defer { cairo_destroy(cairo) }
    cairo_scale(cairo, canvas.scale, canvas.scale)
    cairo_translate(cairo, -canvas.drawnRect.minX, -canvas.drawnRect.minY)
    body(cairo)
    cairo_surface_flush(surface)
}

