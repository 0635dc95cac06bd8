import Foundation
import WeftCore

/// Decoded images shared by every node that shows the same source at the same
/// pixels, while any of them holds it (Texture's weak map): a feed whose posts
/// share 50 avatars decodes 50 bitmaps, not one per cell.
enum _ImageCache {
    /// Everything that changes the pixels: the source, the pixel size, the scale
    /// (a bitmap carries it) and the corner radius in pixels. A radius in points
    /// left the scale out: a node at 2x and one at 1x with the same pixel size
    /// shared one bitmap with the wrong corners for one of them.
    struct Key: Hashable {
        var source: String
        var pixelWidth: Int
        var pixelHeight: Int
        var scale: Double
        var cornerRadiusInPixels: Double
    }

    private struct Entry {
        weak var bitmap: Bitmap?
    }

    private static let entries = PosixMutex([Key: Entry]())

    /// The bitmap of `source` at the given pixel size, decoded now on a miss.
    ///
    /// - Throws: ``ImageError`` when the source cannot be read or decoded.
    /// - Complexity: O(1) on a hit; a decode and a scale on a miss.
    static func image(of source: ImageSource, pixelWidth: Int, pixelHeight: Int, scale: Double,
                      cornerRadius: Double) throws(ImageError) -> Bitmap {
        let key = Key(source: source.cacheKey, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale,
                      cornerRadiusInPixels: cornerRadius * scale)
        if let hit = entries.withLock({ $0[key]?.bitmap }) { return hit }
        let name = source.description
        let decoded = try _PNG.decode(try _PNG.bytes(of: source), source: name)
        let bitmap = try Bitmap(_scaling: decoded, toPixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale,
                                cornerRadius: cornerRadius * scale, source: name)
        return entries.withLock { entries in
            // Another thread may have decoded it meanwhile: share theirs.
            if let raced = entries[key]?.bitmap { return raced }
            if entries.count > 1_024 { entries = entries.filter { $0.value.bitmap != nil } }
            entries[key] = Entry(bitmap: bitmap)
            return bitmap
        }
    }
}
