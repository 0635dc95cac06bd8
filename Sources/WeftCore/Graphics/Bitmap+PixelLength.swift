extension Bitmap {
    /// `points` at `scale` in whole pixels, rounded up: the one conversion every
    /// length of the display path goes through before it becomes an `Int`. It
    /// never traps: NaN and negative lengths give 0, lengths past twice
    /// ``maximumDimension`` (infinite ones included) give that, so the bitmap's
    /// own check then refuses them with a typed ``BitmapError``.
    ///
    /// - Complexity: O(1).
    package static func pixelLength(_ points: Double, scale: Double) -> Int {
        let length = (points * scale).rounded(.up), ceiling = Double(2 * maximumDimension)
        guard length > 0 else { return 0 }  // NaN compares false too
        return length >= ceiling ? 2 * maximumDimension : Int(length)
    }
}
