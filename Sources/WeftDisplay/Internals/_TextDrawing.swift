import CPangoCairo
import WeftNode

/// A text node's drawing: its kept layout, or the text to shape on the display
/// thread when the bounds need other lines.
struct _TextDrawing: NodeDrawing {
    let layout: _TextLayout?
    let text: AttributedText
    let width: Double
    let maximumNumberOfLines: Int
    let truncationMode: TruncationMode
    let truncationTail: AttributedText?
    let traits: _TextTraits

    func draw(in canvas: DrawingCanvas) throws(DrawingError) {
        let layout = layout ?? _TextLayout(text: text, width: width, maximumNumberOfLines: maximumNumberOfLines,
                                           truncationMode: truncationMode, truncationTail: truncationTail,
                                           traits: traits)
        if let failure = layout.failure { throw failure }
        guard !canvas.isCancelled else { return }
        _withCairo(canvas) { cairo in layout.draw(in: cairo) }
    }
}
