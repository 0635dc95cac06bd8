/// The encodings an ``ImageNode`` decodes, told apart by their first bytes
/// (never by a file name or a server's content type).
public enum ImageFormat: String, Hashable, Sendable, CustomStringConvertible {
    /// PNG, decoded by Cairo at its own size, then scaled.
    case png = "PNG"
    /// JPEG (baseline and progressive, greyscale or colour), decoded by
    /// libjpeg-turbo at 1/2, 1/4 or 1/8 in the DCT domain when the node's
    /// pixel size allows; its EXIF orientation is applied.
    case jpeg = "JPEG"
    /// WebP (lossy or lossless, still), decoded by libwebp straight to the
    /// size the node needs.
    case webP = "WebP"

    /// The format `bytes` begin with, or `nil`.
    ///
    /// - Complexity: O(1).
    public init?(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(12))
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if head.count == 12, head.starts(with: Array("RIFF".utf8)), Array(head[8...]) == Array("WEBP".utf8) {
            self = .webP
        } else {
            return nil
        }
    }

    public var description: String { rawValue }
}
