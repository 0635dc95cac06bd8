import WeftCore

/// The colour placeholders nodes show, shared by every node of one size,
/// scale, colour and corner radius: a feed's photo cells all show one grey
/// bitmap while their photos load, made once, not a bitmap a cell (a
/// 390x293-point placeholder at 2x is 1.8 MB to fill on main).
///
/// Keeps the most recently made few; main only.
@MainActor
enum _PlaceholderBitmaps {
    struct Key: Hashable {
        var pixelWidth: Int
        var pixelHeight: Int
        var scale: Double
        var color: Color
        var radius: Double
    }

    /// At most this many kept: a screen shows a handful of placeholder sizes.
    static let capacity = 16
    private static var kept: [(key: Key, bitmap: Bitmap)] = []

    /// The placeholder for `key`, made now if none is kept.
    ///
    /// - Throws: `BitmapError` for a size Weft refuses.
    /// - Complexity: O(*k*) for the *k* ≤ 16 kept; O(*w* × *h*) to make one.
    static func bitmap(for key: Key) throws(BitmapError) -> Bitmap {
        if let index = kept.firstIndex(where: { $0.key == key }) {
            let hit = kept.remove(at: index)
            kept.append(hit)
            return hit.bitmap
        }
        let bitmap = try Bitmap(pixelWidth: key.pixelWidth, pixelHeight: key.pixelHeight, scale: key.scale) {
            pixels, stride in
            _BackgroundFill.fill(pixels, bytesPerRow: stride, width: key.pixelWidth, height: key.pixelHeight,
                                 color: key.color, radius: key.radius * key.scale)
        }
        if kept.count == capacity { kept.removeFirst() }
        kept.append((key, bitmap))
        return bitmap
    }
}
