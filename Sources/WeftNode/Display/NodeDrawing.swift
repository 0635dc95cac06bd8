/// What a node draws: a value captured on main by ``DisplayNode/drawing()``, then
/// drawn on a display thread into the node's new ``DisplayNode/contents``.
///
/// This is the parameters object and class drawing method of Texture's
/// `drawParametersForAsyncLayer:` and `+drawRect:withParameters:isCancelled:`
/// in one value. A drawing holds copies of what it needs (text, colours, a
/// decoded image) and never the node: it runs while the node goes on changing on
/// main, and possibly on several threads at once for different nodes.
public protocol NodeDrawing: Sendable {
    /// Draws into `canvas`, off main when the node displays asynchronously.
    ///
    /// The canvas holds the node's background already (``DisplayNode/backgroundColor``).
    /// Check ``DrawingCanvas/isCancelled`` between costly steps and return early
    /// when it is `true`: the result would be dropped.
    ///
    /// A drawing that cannot draw its content throws: the node then keeps no
    /// contents and says why (``DisplayNode/displayError``), so its cell counts
    /// as blank, rather than showing a white or half-drawn cell with no record.
    /// A drawing that cannot fail implements it without `throws`.
    ///
    /// - Parameter canvas: The pixels to draw into, valid only during the call.
    /// - Throws: ``DrawingError``, saying what could not be drawn.
    func draw(in canvas: DrawingCanvas) throws(DrawingError)
}
