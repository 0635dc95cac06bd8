/// A block that makes a cell's node: Texture's `ASCellNodeBlock`.
///
/// Data sources hand one back for each item; the data controller calls it on
/// its editing queue (or on main under synchronous loading), so the block must
/// capture only sendable state and make a fresh node on each call.
public typealias CellNodeBlock = @Sendable () -> CellNode
