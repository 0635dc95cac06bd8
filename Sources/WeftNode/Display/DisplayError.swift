public import WeftCore

/// Why a node shows no contents although it draws.
public enum DisplayError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The node's bounds at its scale make a bitmap Weft refuses (empty, or beyond
    /// `Bitmap.maximumDimension` or `Bitmap.maximumPixelCount`).
    case bitmap(BitmapError, node: String)
    /// The node's drawing could not draw its content (``NodeDrawing/draw(in:)`` threw).
    case drawing(DrawingError, node: String)

    public var description: String {
        switch self {
        case .bitmap(let error, let node): "\(node) draws no contents: \(error)"
        case .drawing(let error, let node): "\(node) cannot draw its content: \(error)"
        }
    }
}
