/// Why a drawing could not draw its content, thrown by
/// ``NodeDrawing/draw(in:)``: the node then shows no contents, its
/// ``DisplayNode/displayError`` says why, and a container counts its cell blank
/// and reports the error in its diagnostics, instead of showing a white cell.
public struct DrawingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What could not be drawn, and why, in words for a log.
    public let reason: String

    /// Creates an error that says `reason`.
    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
