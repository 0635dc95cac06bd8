public import Foundation

/// The pixels a ``NodeDrawing`` draws into: premultiplied ARGB32 (Cairo's
/// `CAIRO_FORMAT_ARGB32`), ``bounds`` in points mapped to pixels by ``scale``.
///
/// Valid only during ``NodeDrawing/draw(in:)``: the pixels become the node's
/// contents when the drawing returns, so a drawing must not keep the canvas.
public struct DrawingCanvas {
    /// The first byte of the first row.
    public let pixels: UnsafeMutableRawPointer
    /// The width in pixels.
    public let pixelWidth: Int
    /// The height in pixels.
    public let pixelHeight: Int
    /// Bytes from one row to the next.
    public let bytesPerRow: Int
    /// Pixels per point.
    public let scale: Double
    /// The node's bounds in points: origin zero, the size of its layout.
    public let bounds: CGRect
    /// The part of ``bounds`` the pixels hold, in points: all of it, or one
    /// tile of a node that draws in tiles (``DisplayNode/drawsInTiles``). The
    /// first pixel is this rect's top-left corner, so a drawing offsets by its
    /// origin (the text drawing's Cairo context is translated by it) and may
    /// skip what lies outside it.
    public let drawnRect: CGRect
    private let cancelled: () -> Bool

    init(pixels: UnsafeMutableRawPointer, pixelWidth: Int, pixelHeight: Int, bytesPerRow: Int, scale: Double,
         bounds: CGRect, drawnRect: CGRect, isCancelled: @escaping () -> Bool) {
        self.pixels = pixels
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.bytesPerRow = bytesPerRow
        self.scale = scale
        self.bounds = bounds
        self.drawnRect = drawnRect
        self.cancelled = isCancelled
    }

    /// Whether the result will be dropped: the node asked for a newer drawing,
    /// left the display state or died. O(1): one atomic load.
    public var isCancelled: Bool { cancelled() }
}
