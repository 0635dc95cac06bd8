import CPangoCairo
import Foundation
import WeftCore
import WeftNode

/// A text node's drawing: its kept layout, or the text to shape on the display
/// thread when the bounds need other lines.
struct _TextDrawing: NodeDrawing {
    let layout: _TextLayout?
    /// Where a layout shaped here is kept for the node's tiles and later
    /// drawings; `nil` when ``layout`` is the kept one.
    let boundsLayouts: _BoundsLayoutCache?
    let request: _TextRequest
    /// The bounds' width.
    let width: Double
    /// A pressed link's rectangles, filled behind the text.
    let highlight: [CGRect]
    let highlightColor: Color

    /// The largest font size, in pixels, of text drawn in tiles: a tile's side.
    static let largestTiledGlyph = 1_024

    func draw(in canvas: DrawingCanvas) throws(DrawingError) {
        let (request, width) = (request, width)
        let layout = layout
            ?? boundsLayouts?.layout(fitting: { $0.fits(boundsWidth: width, request: request) },
                                     orMake: { _TextLayout(request, width: width) })
            ?? _TextLayout(request, width: width)
        if let failure = layout.failure { throw failure }
        // A tile of text at a scale of hundreds (a fuzzer's) would have Cairo
        // render each glyph whole, tens of megabytes, for every tile: tiles
        // are for long text, so a glyph taller than a tile is refused.
        let glyph = layout.largestFontSize * canvas.scale
        if canvas.drawnRect != canvas.bounds, glyph > Double(Self.largestTiledGlyph) {
            throw DrawingError("text drawn in tiles with glyphs of \(Int(glyph)) pixels, beyond the \(Self.largestTiledGlyph) a tile takes")
        }
        guard !canvas.isCancelled else { return }
        _withCairo(canvas) { cairo in
            if !highlight.isEmpty {
                cairo_set_source_rgba(cairo, highlightColor.red, highlightColor.green, highlightColor.blue,
                                      highlightColor.alpha)
                for rect in highlight {
                    // Rounded by 3 points, less for a rectangle thinner than 6.
                    let radius = min(3, rect.width / 2, rect.height / 2)
                    cairo_new_sub_path(cairo)
                    cairo_arc(cairo, rect.maxX - radius, rect.minY + radius, radius, -.pi / 2, 0)
                    cairo_arc(cairo, rect.maxX - radius, rect.maxY - radius, radius, 0, .pi / 2)
                    cairo_arc(cairo, rect.minX + radius, rect.maxY - radius, radius, .pi / 2, .pi)
                    cairo_arc(cairo, rect.minX + radius, rect.minY + radius, radius, .pi, 3 * .pi / 2)
                    cairo_close_path(cairo)
                }
                cairo_fill(cairo)
            }
            layout.draw(in: cairo)
        }
    }
}
