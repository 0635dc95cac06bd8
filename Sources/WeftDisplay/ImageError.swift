/// Why an image node shows no image.
public enum ImageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(source: String, reason: String)
    /// The bytes are not a PNG Cairo can decode.
    case undecodable(source: String)
    /// The PNG's header gives a size beyond `Bitmap.maximumDimension` or
    /// `Bitmap.maximumPixelCount`; it was not decoded.
    case tooLarge(source: String, pixelWidth: Int, pixelHeight: Int)
    /// The scale asked for is not finite and above zero.
    case invalidScale(source: String, scale: Double)

    public var description: String {
        switch self {
        case .unreadable(let source, let reason): "image \(source) cannot be read: \(reason)"
        case .undecodable(let source): "image \(source) is not a PNG that can be decoded"
        case .tooLarge(let source, let width, let height):
            "image \(source) is \(width)x\(height) pixels, beyond the bitmap limit; it was not decoded"
        case .invalidScale(let source, let scale):
            "image \(source) cannot be made at scale \(scale): a scale must be finite and above zero"
        }
    }
}
