import CPangoCairo
import Foundation
import WeftCore
import WeftNode

/// PNG decoding through Cairo, with the header checked first so that a huge
/// image is refused before a byte of it is decoded.
enum _PNG {
    /// A decoded PNG, owned by one thread at a time.
    final class Surface {
        let surface: OpaquePointer
        let width: Int
        let height: Int

        init(_ surface: OpaquePointer) {
            self.surface = surface
            width = Int(cairo_image_surface_get_width(surface))
            height = Int(cairo_image_surface_get_height(surface))
        }

        deinit { cairo_surface_destroy(surface) }

        /// Draws the image scaled to `width × height` pixels, clipped to corners of
        /// `cornerRadius` pixels.
        func draw(into pixels: UnsafeMutableRawPointer, bytesPerRow: Int, width: Int, height: Int, cornerRadius: Double) {
            let target = cairo_image_surface_create_for_data(
                pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
                Int32(bytesPerRow))
            defer { cairo_surface_destroy(target) }
            let cairo = cairo_create(target)!
            defer { cairo_destroy(cairo) }
            cairo_scale(cairo, Double(width) / Double(self.width), Double(height) / Double(self.height))
            cairo_set_source_surface(cairo, surface, 0, 0)
            // GOOD filters a downscale properly (BILINEAR aliases it); decoding
            // happens once per image and size, off main.
            cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
            cairo_paint(cairo)
            cairo_surface_flush(target)
            // The same corners as a node's background (WeftNode's one rounded rectangle).
            _RoundedCorners.clip(pixels, bytesPerRow: bytesPerRow, width: width, height: height, radius: cornerRadius)
        }
    }

    /// Reads a source's bytes.
    static func bytes(of source: ImageSource) throws(ImageError) -> Data {
        switch source {
        case .data(let data, _):
            return data
        case .file(let path):
            do {
                return try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
            } catch {
                throw .unreadable(source: path, reason: (error as NSError).localizedDescription)
            }
        }
    }

    /// Checks the signature and header size, then decodes.
    static func decode(_ data: Data, source: String) throws(ImageError) -> Surface {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard data.count >= 24, Array(data.prefix(8)) == signature else { throw .undecodable(source: source) }
        func bigEndian(at offset: Int) -> Int {
            data.dropFirst(offset).prefix(4).reduce(0) { $0 << 8 | Int($1) }
        }
        let width = bigEndian(at: 16), height = bigEndian(at: 20)
        do {
            try Bitmap.check(pixelWidth: width, pixelHeight: height)
        } catch {
            if case .empty = error { throw .undecodable(source: source) }
            throw .tooLarge(source: source, pixelWidth: width, pixelHeight: height)
        }
        final class Reader {
            let data: Data
            var offset = 0
            init(_ data: Data) { self.data = data }
        }
        let reader = Reader(data)
        let surface = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream({ closure, buffer, length in
                let reader = Unmanaged<Reader>.fromOpaque(closure!).takeUnretainedValue()
                let count = Int(length)
                guard reader.offset + count <= reader.data.count else { return CAIRO_STATUS_READ_ERROR }
                let start = reader.data.startIndex + reader.offset
                reader.data.copyBytes(to: buffer!, from: start ..< start + count)
                reader.offset += count
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(reader).toOpaque())!
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .undecodable(source: source)
        }
        return Surface(surface)
    }
}
