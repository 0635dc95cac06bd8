import CWeftImageCodecs
public import Foundation
public import WeftCore

extension Bitmap {
    /// The bitmap as a baseline JPEG (libjpeg-turbo), its alpha dropped:
    /// premultiplied pixels show as over black.
    ///
    /// - Parameter quality: 1 to 100 (clamped); 85 by default.
    /// - Complexity: O(*w* × *h*).
    public func jpegData(quality: Int = 85) -> Data {
        encoded(freedBy: weft_jpeg_free) { pixels, stride, output, length in
            weft_jpeg_encode(pixels, stride, Int32(pixelWidth), Int32(pixelHeight), Int32(min(max(quality, 1), 100)),
                             &output, &length)
        }
    }

    /// The bitmap as a CMYK JPEG in Adobe's inverted convention, as print
    /// tools write them (its alpha and black ink left out): for tests of the
    /// CMYK decode.
    ///
    /// - Complexity: O(*w* × *h*).
    package func cmykJPEGData(quality: Int = 85) -> Data {
        encoded(freedBy: weft_jpeg_free) { pixels, stride, output, length in
            weft_jpeg_encode_cmyk(pixels, stride, Int32(pixelWidth), Int32(pixelHeight),
                                  Int32(min(max(quality, 1), 100)), &output, &length)
        }
    }

    /// The bitmap as a WebP (libwebp), lossy at `quality` (0 to 100, clamped)
    /// or lossless when `quality` is `nil`; alpha is kept.
    ///
    /// - Complexity: O(*w* × *h*).
    public func webPData(quality: Int? = 80) -> Data {
        encoded(freedBy: weft_webp_free) { pixels, stride, output, length in
            weft_webp_encode(pixels, stride, Int32(pixelWidth), Int32(pixelHeight),
                             quality.map { Int32(min(max($0, 0), 100)) } ?? -1, &output, &length)
        }
    }

    /// What `encode` made, copied into `Data`; its buffer is released with
    /// `free`, the encoding library's.
    private func encoded(
        freedBy free: (UnsafeMutablePointer<UInt8>?) -> Void,
        _ encode: (UnsafePointer<UInt8>, Int, inout UnsafeMutablePointer<UInt8>?, inout Int) -> Int32
    ) -> Data {
        withUnsafeBytes { bytes in
            var output: UnsafeMutablePointer<UInt8>?
            var length = 0
            let status = encode(bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytesPerRow, &output, &length)
            // The encoders fail only when memory runs out: a bitmap always has pixels.
            precondition(status == 0 && output != nil, "the image encoder ran out of memory")
            defer { free(output) }
            return Data(bytes: output!, count: length)
        }
    }
}
