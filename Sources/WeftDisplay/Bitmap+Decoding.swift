import CPangoCairo
public import Foundation
public import WeftCore

extension Bitmap {
    /// Decodes PNG, JPEG or WebP bytes at their own pixel size, upright (a
    /// JPEG's EXIF orientation applied).
    ///
    /// - Parameters:
    ///   - imageData: The encoded image; its first bytes say its format.
    ///   - scale: The scale to give the bitmap.
    /// - Throws: ``ImageError`` for bytes of no known format, corrupt, truncated
    ///   or unsupported ones, and images too large to decode.
    /// - Complexity: O(pixels).
    public convenience init(imageData: Data, scale: Double = 1) throws(ImageError) {
        let name = "image data"
        let full = _ImageDecoder.Target(pixelWidth: 1 << 30, pixelHeight: 1 << 30, scale: 1, contentMode: .center,
                                        cropRect: .zero)
        let decoded = try _ImageDecoder.decode(imageData, source: name, for: full)
        let upright = decoded.uprightSize
        let target = _ImageDecoder.Target(pixelWidth: Int(upright.width), pixelHeight: Int(upright.height), scale: 1,
                                          contentMode: .scaleToFill, cropRect: .zero)
        try self.init(_drawing: decoded, target: target, cornerRadius: 0, source: name, scale: scale)
    }

    /// Draws a decoded image into a new bitmap of the target's size.
    convenience init(_drawing decoded: _DecodedImage, target: _ImageDecoder.Target, cornerRadius: Double,
                     source: String, scale: Double? = nil) throws(ImageError) {
        let width = target.pixelWidth, height = target.pixelHeight
        let placement = target.placement(of: decoded.uprightSize)
        do {
            try self.init(pixelWidth: width, pixelHeight: height, scale: scale ?? target.scale) { pixels, stride in
                decoded.draw(into: pixels, bytesPerRow: stride, width: width, height: height, placement: placement,
                             cornerRadius: cornerRadius)
            }
        } catch .invalidScale(let scale) {
            throw .invalidScale(source: source, scale: scale)
        } catch {
            throw .tooLarge(source: source, pixelWidth: width, pixelHeight: height)
        }
    }
}
