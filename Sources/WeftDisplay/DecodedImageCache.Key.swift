import Foundation

extension DecodedImageCache {
    /// Everything that changes the pixels. The scale is in it because a
    /// bitmap carries it (and, with the pixel size, the radius in pixels).
    struct Key: Hashable {
        var source: String
        var pixelWidth: Int
        var pixelHeight: Int
        var scale: Double
        var contentMode: ContentMode
        var cropRect: [Double]
        var cornerRadiusInPixels: Double
        var scaledDecoding: Bool
    }
}
