import Foundation
import WeftCore

/// The tiles of a node that draws in tiles, and which part of it the display
/// range and the screen cover: what a `CATiledLayer` keeps. A grid of squares
/// of ``side`` pixels over the node's bounds at its scale; the tiles drawn are
/// those that meet ``displayRect``, the ones outside it are dropped, so the
/// tiles' memory follows the display range, never the node's size.
///
/// - Invariant: every tile in ``tiles`` was drawn at ``sentinel`` for ``grid``,
///   and meets the display rect as it was when the tile landed or last pruned.
// @unchecked Sendable: mutated only under the owning node's state lock (a
// PosixMutex), which every access holds.
final class _Tiling: @unchecked Sendable {
    /// The side of a tile in pixels: 4 MiB of ARGB32, small enough that the
    /// tiles past the display range's edges waste little, large enough that a
    /// screen takes a handful.
    static let side = 1024

    /// The most tiles a node draws for its display range: 256 MiB. A display
    /// range that would need more draws the tiles on screen alone; a screen
    /// that needs more (a scale of thousands) is a drawing beyond the bitmap
    /// limits, as a node not drawn in tiles would be.
    static let maximumTileCount = 64

    /// A tile's place in the grid.
    struct Key: Hashable, Comparable {
        let column: Int, row: Int

        static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.row, lhs.column) < (rhs.row, rhs.column)
        }
    }

    /// The node's size in pixels and its scale: what a grid is laid over.
    struct Grid: Hashable {
        let pixelWidth: Int, pixelHeight: Int
        let scale: Double

        /// The grid over `size` points at `scale`, each side in whole pixels
        /// rounded up, up to `Bitmap.maximumTiledLength`.
        init(size: CGSize, scale: Double) {
            pixelWidth = Bitmap.pixelLength(size.width, scale: scale, ceiling: Bitmap.maximumTiledLength)
            pixelHeight = Bitmap.pixelLength(size.height, scale: scale, ceiling: Bitmap.maximumTiledLength)
            self.scale = scale
        }

        /// The pixels of the tile at `key`: its top-left pixel and size,
        /// cut at the node's right and bottom edges.
        func pixelRect(of key: Key) -> (x: Int, y: Int, width: Int, height: Int) {
            let x = key.column * _Tiling.side, y = key.row * _Tiling.side
            return (x, y, min(_Tiling.side, pixelWidth - x), min(_Tiling.side, pixelHeight - y))
        }

        /// The tile at `key` in points, in the node's bounds.
        func frame(of key: Key) -> CGRect {
            let pixels = pixelRect(of: key)
            return CGRect(x: Double(pixels.x) / scale, y: Double(pixels.y) / scale,
                          width: Double(pixels.width) / scale, height: Double(pixels.height) / scale)
        }

        /// The columns and rows of the tiles that meet `rect` (points, the
        /// node's bounds); `nil` when none does (or `rect` is not finite).
        ///
        /// - Complexity: O(1).
        func span(meeting rect: CGRect) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
            guard !rect.isNull, rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite,
                pixelWidth > 0, pixelHeight > 0 else { return nil }
            // A rect wholly outside the bounds meets no tile.
            guard rect.maxX > 0, rect.maxY > 0, rect.minX * scale < Double(pixelWidth),
                rect.minY * scale < Double(pixelHeight) else { return nil }
            let columns = (pixelWidth + _Tiling.side - 1) / _Tiling.side
            let rows = (pixelHeight + _Tiling.side - 1) / _Tiling.side
            func index(_ points: Double, count: Int) -> Int {
                let tile = (points * scale / Double(_Tiling.side)).rounded(.down)
                return Int(min(max(tile, 0), Double(count - 1)))
            }
            return (index(rect.minX, count: columns) ... index(rect.maxX.nextDown, count: columns),
                    index(rect.minY, count: rows) ... index(rect.maxY.nextDown, count: rows))
        }

        /// The keys of the tiles that meet `rect`, top row first; `nil` when
        /// they are more than ``_Tiling/maximumTileCount``.
        ///
        /// - Complexity: O(*k*) for the *k* tiles returned.
        func keys(meeting rect: CGRect) -> [Key]? {
            guard let (columns, rows) = span(meeting: rect) else { return [] }
            guard columns.count * rows.count <= _Tiling.maximumTileCount else { return nil }
            var keys: [Key] = []
            keys.reserveCapacity(rows.count * columns.count)
            for row in rows {
                for column in columns { keys.append(Key(column: column, row: row)) }
            }
            return keys
        }
    }

    /// The tiles drawn, by place.
    private(set) var tiles: [Key: ContentsTile] = [:]
    /// The grid and display sentinel the tiles were drawn for.
    private(set) var grid: Grid?
    private(set) var sentinel: UInt64?
    /// The grid of the node's latest capture: what its tiles must be drawn for.
    var capturedGrid: Grid?
    /// The tiles asked of a drawing in flight, and the sentinel it was captured at.
    private var requested: Set<Key> = []
    private var requestedSentinel: UInt64?
    /// The part of the node the display range covers, in its bounds' points;
    /// `nil` until a container says: the top row of tiles then.
    var displayRect: CGRect?
    /// The part of the node on screen; `nil` until a container says: the
    /// display rect then.
    var visibleRect: CGRect?

    /// The tiles to draw: those of the display rect, else (when it is not
    /// finite, or needs too many) of the visible rect, else (before a
    /// container said) the top row; `nil` when the screen alone needs more
    /// than ``maximumTileCount``.
    ///
    /// - Complexity: O(*k*) for *k* tiles.
    func wantedKeys(in grid: Grid) -> [Key]? {
        if let displayRect, let keys = grid.keys(meeting: displayRect), !keys.isEmpty || visibleRect == nil {
            return keys
        }
        if let visibleRect { return grid.keys(meeting: visibleRect) }
        return grid.keys(meeting: CGRect(x: 0, y: 0, width: Double(grid.pixelWidth) / grid.scale,
                                         height: Double(min(Self.side, grid.pixelHeight)) / grid.scale))
    }

    /// The wanted tiles neither drawn at `sentinel` for `grid` nor asked of a
    /// drawing in flight; `nil` when the screen needs too many tiles.
    ///
    /// - Complexity: O(*k*) for *k* wanted tiles.
    func missingKeys(for grid: Grid, sentinel: UInt64) -> [Key]? {
        let drawn = self.grid == grid && self.sentinel == sentinel
        let asked = requestedSentinel == sentinel
        return wantedKeys(in: grid)?.filter { key in
            !(drawn && tiles[key] != nil) && !(asked && requested.contains(key))
        }
    }

    /// Whether every tile the screen shows (the visible rect, else the wanted
    /// ones) was drawn at `sentinel` for `grid`.
    func coversVisibleRect(of grid: Grid, sentinel: UInt64) -> Bool {
        let shown = if let visibleRect { grid.keys(meeting: visibleRect) } else { wantedKeys(in: grid) }
        guard let keys = shown else { return false }
        guard !keys.isEmpty else { return true }
        guard self.grid == grid, self.sentinel == sentinel else { return false }
        return keys.allSatisfy { tiles[$0] != nil }
    }

    /// Notes that a drawing captured at `sentinel` will draw `keys`.
    func request(_ keys: [Key], sentinel: UInt64) {
        if requestedSentinel != sentinel {
            requested = []
            requestedSentinel = sentinel
        }
        requested.formUnion(keys)
    }

    /// Takes tiles drawn at `sentinel` for `grid`: they join the tiles of the
    /// same drawing state, or replace tiles drawn for another, which showed
    /// until now. Tiles outside the display rect are dropped.
    func land(_ made: [(Key, ContentsTile)], grid: Grid, sentinel: UInt64) {
        if self.grid != grid || self.sentinel != sentinel {
            tiles = [:]
            self.grid = grid
            self.sentinel = sentinel
        }
        for (key, tile) in made {
            tiles[key] = tile
            if requestedSentinel == sentinel { requested.remove(key) }
        }
        _ = prune()
    }

    /// Drops the tiles that are not wanted; `true` if any.
    func prune() -> Bool {
        guard let grid, !tiles.isEmpty else { return false }
        let kept = Set(wantedKeys(in: grid) ?? [])
        let before = tiles.count
        tiles = tiles.filter { kept.contains($0.key) }
        return tiles.count != before
    }

    /// Drops every tile (the node's contents were cleared or replaced).
    func removeTiles() {
        tiles = [:]
        sentinel = nil
    }

    /// The tiles, top row first, left to right.
    var orderedTiles: [ContentsTile] {
        tiles.sorted { $0.key < $1.key }.map(\.value)
    }

    /// Checks that every tile lies on its grid place and has its size.
    func _checkInvariants() {
        #if DEBUG
        guard let grid else {
            precondition(tiles.isEmpty, "tiles without a grid")
            return
        }
        for (key, tile) in tiles {
            let pixels = grid.pixelRect(of: key)
            precondition(tile.bitmap.pixelWidth == pixels.width && tile.bitmap.pixelHeight == pixels.height,
                         "tile \(key) is \(tile.bitmap) for a \(pixels.width)x\(pixels.height) place")
            precondition(tile.bitmap.scale == grid.scale, "tile \(key) at scale \(tile.bitmap.scale), grid at \(grid.scale)")
        }
        #endif
    }
}
