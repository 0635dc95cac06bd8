extension Bitmap {
    /// `points` at `scale` in whole pixels, rounded up: the one conversion every
    /// length of the display path goes through before it becomes an `Int`. It
    /// never traps: NaN and negative lengths give 0, lengths past twice
    /// ``maximumDimension`` (infinite ones included) give that, so the bitmap's
    /// own check then refuses them with a typed ``BitmapError``. A node drawn
    /// in tiles passes a higher `ceiling`: its length is laid out in tiles.
    ///
    /// - Complexity: O(1).
    package static func pixelLength(_ points: Double, scale: Double, ceiling: Int = 2 * maximumDimension) -> Int {
        let length = (points * scale).rounded(.up)
        guard length > 0 else { return 0 }  // NaN compares false too
        return length >= Double(ceiling) ? ceiling : Int(length)
    }

    /// The longest side, in pixels, of a node drawn in tiles: 2^40, past any
    /// text (its tiles are made only where the display range is).
    package static let maximumTiledLength = 1 << 40
}
