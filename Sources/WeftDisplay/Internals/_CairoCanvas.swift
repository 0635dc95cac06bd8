import CPangoCairo
import WeftCore
import WeftNode

/// Runs `body` with a Cairo context over a drawing canvas's pixels, scaled so
/// that one unit is one point, then flushes the pixels.
func _withCairo(_ canvas: DrawingCanvas, _ body: (OpaquePointer) -> Void) {
    let surface = cairo_image_surface_create_for_data(
        canvas.pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
        Int32(canvas.pixelWidth), Int32(canvas.pixelHeight), Int32(canvas.bytesPerRow))
    defer { cairo_surface_destroy(surface) }
    let cairo = cairo_create(surface)!
    defer { cairo_destroy(cairo) }
    cairo_scale(cairo, canvas.scale, canvas.scale)
    body(cairo)
    cairo_surface_flush(surface)
}

/// Adds a rectangle with corners rounded by `radius` to the current path.
func _roundedRectangle(_ cairo: OpaquePointer, x: Double, y: Double, width: Double, height: Double, radius: Double) {
    let r = min(max(radius, 0), min(width, height) / 2)
    guard r > 0 else {
        cairo_rectangle(cairo, x, y, width, height)
        return
    }
    cairo_new_sub_path(cairo)
    cairo_arc(cairo, x + width - r, y + r, r, -.pi / 2, 0)
    cairo_arc(cairo, x + width - r, y + height - r, r, 0, .pi / 2)
    cairo_arc(cairo, x + r, y + height - r, r, .pi / 2, .pi)
    cairo_arc(cairo, x + r, y + r, r, .pi, 3 * .pi / 2)
    cairo_close_path(cairo)
}
