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
        guard ImageFormat(sniffing: pngData.prefix(12)) == .png else { throw .undecodable(source: "image data") }
        try self.init(imageData: pngData, scale: scale)
    }
}
