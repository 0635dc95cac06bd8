/// A bitmap that cannot be made: too large, or of no size.
public enum BitmapError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The pixel size is zero or negative in a dimension.
    case empty(pixelWidth: Int, pixelHeight: Int)
    /// The pixel size exceeds ``Bitmap/maximumDimension`` or ``Bitmap/maximumPixelCount``.
    case tooLarge(pixelWidth: Int, pixelHeight: Int)
    /// The scale factor is not a finite number above zero.
    case invalidScale(Double)

    public var description: String {
        switch self {
        case .empty(let width, let height):
            "a bitmap of \(width)x\(height) pixels is empty"
        case .tooLarge(let width, let height):
            "a bitmap of \(width)x\(height) pixels exceeds the limit of \(Bitmap.maximumDimension) pixels a side and \(Bitmap.maximumPixelCount) pixels in all"
        case .invalidScale(let scale):
            "scale factor \(scale) is not a finite number above zero"
        }
    }
}
