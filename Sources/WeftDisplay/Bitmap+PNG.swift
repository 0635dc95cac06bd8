import CPangoCairo
public import Foundation
public import WeftCore

extension Bitmap {
    /// The bitmap as PNG bytes, encoded by Cairo.
    ///
    /// - Complexity: O(*w* × *h*).
    public func pngData() -> Data {
        final class Sink { var data = Data() }
        let sink = Sink()
        withUnsafeBytes { bytes in
            let surface = cairo_image_surface_create_for_data(
                UnsafeMutablePointer(mutating: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)),
                CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight), Int32(bytesPerRow))
            defer { cairo_surface_destroy(surface) }
            _ = cairo_surface_write_to_png_stream(surface, { closure, data, length in
                let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
                sink.data.append(data!, count: Int(length))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        }
        return sink.data
    }

    /// Writes the bitmap to a PNG file.
    ///
    /// - Throws: What writing the file throws.
    public func writePNG(to url: URL) throws {
        try pngData().write(to: url)
    }

    /// Decodes PNG bytes at their own pixel size.
    ///
    /// - Parameters:
    ///   - pngData: The PNG.
    ///   - scale: The scale to give the bitmap.
    /// - Throws: ``ImageError`` for bytes that are not a PNG or too large to decode.
    public convenience init(pngData: Data, scale: Double = 1) throws(ImageError) {
        let decoded = try _PNG.decode(pngData, source: "PNG data")
        try self.init(_scaling: decoded, toPixelWidth: decoded.width, pixelHeight: decoded.height, scale: scale,
                      cornerRadius: 0, source: "PNG data")
    }

    /// Draws a decoded surface into a new bitmap of the given size.
    convenience init(_scaling decoded: _PNG.Surface, toPixelWidth width: Int, pixelHeight height: Int, scale: Double,
                     cornerRadius: Double, source: String) throws(ImageError) {
        do {
            try self.init(pixelWidth: width, pixelHeight: height, scale: scale) { pixels, stride in
                decoded.draw(into: pixels, bytesPerRow: stride, width: width, height: height, cornerRadius: cornerRadius)
            }
        } catch .invalidScale(let scale) {
            throw .invalidScale(source: source, scale: scale)
        } catch {
            throw .tooLarge(source: source, pixelWidth: width, pixelHeight: height)
        }
    }
}
