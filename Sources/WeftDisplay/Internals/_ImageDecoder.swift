import CPangoCairo
import CWeftImageCodecs
import Foundation
import WeftCore

/// Decoding of PNG, JPEG and WebP bytes for a node's bitmap: the header read
/// first (so a huge or unknown image is refused before a pixel is allocated),
/// then the smallest decode that still has every pixel the bitmap shows.
enum _ImageDecoder {
    /// What the decoded image will be drawn into.
    struct Target {
        var pixelWidth: Int
        var pixelHeight: Int
        var scale: Double
        var contentMode: ContentMode
        var cropRect: CGRect
        /// Whether the decoder may decode below full size when the target needs no more.
        var allowsScaledDecoding = true

        func placement(of image: CGSize) -> _ImagePlacement {
            _ImagePlacement(imageSize: image, contentMode: contentMode, cropRect: cropRect,
                            targetWidth: pixelWidth, targetHeight: pixelHeight, scale: scale)
        }
    }

    /// Reads a local source's bytes: a file, bytes in memory, a `file:` URL.
    ///
    /// - Throws: ``ImageError/unreadable(source:reason:)``; ``ImageError/noLoader(url:)``
    ///   for an `http:` or `https:` URL (a loader fetches those), and
    ///   ``ImageError/unsupportedURL(url:)`` for any other scheme.
    static func bytes(of source: ImageSource) throws(ImageError) -> Data {
        let path: String
        switch source {
        case .data(let data, _):
            return data
        case .file(let file):
            path = file
        case .url(let url):
            guard url.isFileURL else {
                let scheme = url.scheme?.lowercased()
                throw scheme == "http" || scheme == "https" ? .noLoader(url: url) : .unsupportedURL(url: url)
            }
            path = url.path
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
        } catch {
            throw .unreadable(source: path, reason: (error as NSError).localizedDescription)
        }
    }

    /// Decodes `data` for `target`.
    ///
    /// - Throws: ``ImageError`` for bytes of no known format, corrupt or
    ///   truncated ones, unsupported variants, and images too large to decode
    ///   even scaled down.
    /// - Complexity: O(decoded pixels); a JPEG decodes at 1/2, 1/4 or 1/8 of its
    ///   sides when the target needs no more, in a quarter, a sixteenth or a
    ///   sixty-fourth of the pixels.
    static func decode(_ data: Data, source: String, for target: Target) throws(ImageError) -> _DecodedImage {
        guard let format = ImageFormat(sniffing: data.prefix(12)) else { throw .undecodable(source: source) }
        switch format {
        case .png: return try png(data, source: source)
        case .jpeg: return try jpeg(data, source: source, for: target)
        case .webP: return try webP(data, source: source, for: target)
        }
    }

    /// The largest of 1/8, 1/4, 1/2 and 1 that keeps `factor` bitmap pixels per
    /// image pixel at or below one decoded pixel.
    static func jpegDenominator(forPixelsPerImagePixel factor: Double) -> Int {
        guard factor.isFinite, factor > 0 else { return 1 }
        return [8, 4, 2].first { factor * Double($0) <= 1 } ?? 1
    }

    private static func check(_ width: Int, _ height: Int, stored: (Int, Int), source: String,
                              format: ImageFormat) throws(ImageError) {
        do {
            try Bitmap.check(pixelWidth: width, pixelHeight: height)
        } catch {
            if case .empty = error { throw .corrupt(source: source, format: format, reason: "it has no pixels") }
            throw .tooLarge(source: source, pixelWidth: stored.0, pixelHeight: stored.1)
        }
    }

    /// A new ARGB32 surface, or the reason there is none.
    private static func surface(_ width: Int, _ height: Int, source: String, format: ImageFormat)
        throws(ImageError) -> OpaquePointer {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .corrupt(source: source, format: format, reason: "no memory for \(width)x\(height) pixels")
        }
        cairo_surface_flush(surface)
        return surface
    }

    private static func failure(_ status: Int32, _ message: [CChar], source: String, format: ImageFormat) -> ImageError {
        let reason = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        switch status {
        case WEFT_IMAGE_ETRUNCATED: return .truncated(source: source, format: format)
        case WEFT_IMAGE_EANIMATED: return .unsupported(source: source, format: format, reason: "it is animated")
        default: return .corrupt(source: source, format: format, reason: reason.isEmpty ? "the decoder refused it" : reason)
        }
    }

    private static func jpeg(_ data: Data, source: String, for target: Target) throws(ImageError) -> _DecodedImage {
        var message = [CChar](repeating: 0, count: Int(WEFT_IMAGE_MESSAGE_LENGTH))
        let result = data.withUnsafeBytes { raw -> Result<_DecodedImage, ImageError> in
            let bytes = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            var width: Int32 = 0, height: Int32 = 0
            var status = weft_jpeg_scaled_size(bytes, raw.count, 1, &width, &height, &message)
            guard status == 0 else { return .failure(failure(status, message, source: source, format: .jpeg)) }
            let stored = (Int(width), Int(height))
            let orientation = _ImageOrientation.jpeg(raw)
            let upright = orientation.uprightSize(width: Double(stored.0), height: Double(stored.1))
            let placement = target.placement(of: CGSize(width: upright.width, height: upright.height))
            let denominator = target.allowsScaledDecoding
                ? jpegDenominator(forPixelsPerImagePixel: placement.pixelsPerImagePixel) : 1
            if denominator != 1 {
                status = weft_jpeg_scaled_size(bytes, raw.count, Int32(denominator), &width, &height, &message)
                guard status == 0 else { return .failure(failure(status, message, source: source, format: .jpeg)) }
            }
            do throws(ImageError) {
                try check(Int(width), Int(height), stored: stored, source: source, format: .jpeg)
                let surface = try surface(Int(width), Int(height), source: source, format: .jpeg)
                status = weft_jpeg_decode(bytes, raw.count, Int32(denominator), cairo_image_surface_get_data(surface),
                                          Int(cairo_image_surface_get_stride(surface)), width, height, &message)
                cairo_surface_mark_dirty(surface)
                let image = _DecodedImage(surface, storedWidth: stored.0, storedHeight: stored.1, orientation: orientation)
                guard status == 0 else { return .failure(failure(status, message, source: source, format: .jpeg)) }
                return .success(image)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func webP(_ data: Data, source: String, for target: Target) throws(ImageError) -> _DecodedImage {
        var message = [CChar](repeating: 0, count: Int(WEFT_IMAGE_MESSAGE_LENGTH))
        let result = data.withUnsafeBytes { raw -> Result<_DecodedImage, ImageError> in
            let bytes = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            var width: Int32 = 0, height: Int32 = 0, animated: Int32 = 0
            var status = weft_webp_size(bytes, raw.count, &width, &height, &animated)
            guard status == 0 else { return .failure(failure(status, message, source: source, format: .webP)) }
            guard animated == 0 else {
                return .failure(failure(WEFT_IMAGE_EANIMATED, message, source: source, format: .webP))
            }
            let stored = (Int(width), Int(height))
            let placement = target.placement(of: CGSize(width: stored.0, height: stored.1))
            let factor = target.allowsScaledDecoding ? min(placement.pixelsPerImagePixel, 1) : 1
            let decodedWidth = max(1, Int((Double(stored.0) * factor).rounded(.up)))
            let decodedHeight = max(1, Int((Double(stored.1) * factor).rounded(.up)))
            do throws(ImageError) {
                try check(decodedWidth, decodedHeight, stored: stored, source: source, format: .webP)
                let surface = try surface(decodedWidth, decodedHeight, source: source, format: .webP)
                status = weft_webp_decode(bytes, raw.count, cairo_image_surface_get_data(surface),
                                          Int(cairo_image_surface_get_stride(surface)), Int32(decodedWidth),
                                          Int32(decodedHeight), &message)
                cairo_surface_mark_dirty(surface)
                let image = _DecodedImage(surface, storedWidth: stored.0, storedHeight: stored.1, orientation: .up)
                guard status == 0 else { return .failure(failure(status, message, source: source, format: .webP)) }
                return .success(image)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Checks the header's size, then decodes through Cairo at full size.
    private static func png(_ data: Data, source: String) throws(ImageError) -> _DecodedImage {
        guard data.count >= 24 else { throw .truncated(source: source, format: .png) }
        func bigEndian(at offset: Int) -> Int {
            data.dropFirst(offset).prefix(4).reduce(0) { $0 << 8 | Int($1) }
        }
        let width = bigEndian(at: 16), height = bigEndian(at: 20)
        try check(width, height, stored: (width, height), source: source, format: .png)
        final class Reader {
            let data: Data
            var offset = 0
            var short = false
            init(_ data: Data) { self.data = data }
        }
        let reader = Reader(data)
        let surface = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream({ closure, buffer, length in
                let reader = Unmanaged<Reader>.fromOpaque(closure!).takeUnretainedValue()
                let count = Int(length)
                guard reader.offset + count <= reader.data.count else {
                    reader.short = true
                    return CAIRO_STATUS_READ_ERROR
                }
                let start = reader.data.startIndex + reader.offset
                reader.data.copyBytes(to: buffer!, from: start ..< start + count)
                reader.offset += count
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(reader).toOpaque())!
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            if reader.short { throw .truncated(source: source, format: .png) }
            throw .corrupt(source: source, format: .png, reason: String(cString: cairo_status_to_string(status)))
        }
        return _DecodedImage(surface, storedWidth: width, storedHeight: height, orientation: .up)
    }
}
