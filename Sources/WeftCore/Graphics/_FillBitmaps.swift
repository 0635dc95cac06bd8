/// One-pixel bitmaps of the colours fill layers use, one per colour, so that a
/// selection drawn every frame allocates nothing after its first frame and a
/// view's texture cache sees the same bitmap each time.
enum _FillBitmaps {
    /// Apps use a handful of colours; past this many the cache starts over
    /// rather than grow without bound.
    private static let limit = 64
    private static let bitmaps = PosixMutex<[Color: Bitmap]>([:])

    /// The bitmap of `color`, made on first use.
    ///
    /// - Complexity: O(1).
    static func bitmap(for color: Color) -> Bitmap {
        bitmaps.withLock { cache in
            if let bitmap = cache[color] { return bitmap }
            if cache.count >= limit { cache.removeAll() }
            let fill = color.premultipliedARGB32
            // One pixel at scale 1 is within every limit: the initializer cannot throw.
            let bitmap = try! Bitmap(pixelWidth: 1, pixelHeight: 1) { pixels, _ in
                pixels.storeBytes(of: fill, as: UInt32.self)
            }
            cache[color] = bitmap
            return bitmap
        }
    }
}
