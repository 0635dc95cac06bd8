public import Foundation

/// A node that handles pointer presses itself, as Texture's text node handles
/// touches on its links: a host view (WeftGTK's) offers each press to the
/// nodes under it, the deepest first, before the cell's own highlight and
/// selection, which a claimed press skips.
///
/// Points are in the node's own coordinates. Every requirement is called on
/// main.
public protocol PressHandling: AnyObject {
    /// A press began at `point`: `true` claims it, and the press's end and
    /// hold come here; `false` leaves it to the supernodes and the cell.
    @MainActor func pressBegan(at point: CGPoint) -> Bool
    /// The claimed press ended: released at `point` (a tap if it is still on
    /// what was pressed), or cancelled (`nil`).
    @MainActor func pressEnded(at point: CGPoint?)
    /// The claimed press was held in place long enough to be a long press; the
    /// release that follows is not a tap.
    @MainActor func pressHeld(at point: CGPoint)
    /// Whether a press at `point` would do something, so that the pointer shows
    /// it (GTK's "pointer" cursor).
    @MainActor func isPressTarget(at point: CGPoint) -> Bool
}
