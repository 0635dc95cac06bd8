public import Foundation

/// Why an image node shows no image (its placeholder, if any, stays).
public enum ImageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(source: String, reason: String)
    /// The bytes are not a PNG, JPEG or WebP (see ``ImageFormat``).
    case undecodable(source: String)
    /// The bytes begin as `format` but are corrupt; `reason` is the decoder's.
    case corrupt(source: String, format: ImageFormat, reason: String)
    /// The bytes end before the image does.
    case truncated(source: String, format: ImageFormat)
    /// A valid image the decoder does not show (an animated WebP).
    case unsupported(source: String, format: ImageFormat, reason: String)
    /// The header gives a size beyond `Bitmap.maximumDimension` or
    /// `Bitmap.maximumPixelCount` even at the smallest scale the decoder can
    /// decode it at; it was not decoded.
    case tooLarge(source: String, pixelWidth: Int, pixelHeight: Int)
    /// The scale asked for is not finite and above zero.
    case invalidScale(source: String, scale: Double)
    /// An `http:` or `https:` source, and the node has no ``ImageNode/dataLoader``
    /// (`import WeftNetworkImage` and use its downloader).
    case noLoader(url: URL)
    /// A URL whose scheme is neither `file`, `http` nor `https`.
    case unsupportedURL(url: URL)
    /// The server answered with an HTTP status other than success.
    case httpStatus(url: URL, statusCode: Int)
    /// The download failed: no connection, a timeout, a connection closed
    /// early, too many redirects; `reason` says which.
    case network(url: URL, reason: String)
    /// The response is (or says it will be) longer than the loader's limit.
    case responseTooLarge(url: URL, byteCount: Int64, limit: Int64)

    public var description: String {
        switch self {
        case .unreadable(let source, let reason): "image \(source) cannot be read: \(reason)"
        case .undecodable(let source): "image \(source) is not a PNG, JPEG or WebP"
        case .corrupt(let source, let format, let reason): "image \(source) is a corrupt \(format): \(reason)"
        case .truncated(let source, let format): "image \(source) is a \(format) that ends before its last pixel"
        case .unsupported(let source, let format, let reason):
            "image \(source) is a \(format) that cannot be shown: \(reason)"
        case .tooLarge(let source, let width, let height):
            "image \(source) is \(width)x\(height) pixels, beyond the bitmap limit; it was not decoded"
        case .invalidScale(let source, let scale):
            "image \(source) cannot be made at scale \(scale): a scale must be finite and above zero"
        case .noLoader(let url):
            "image \(url.absoluteString) needs a data loader: the node has none (WeftNetworkImage's ImageDownloader is one)"
        case .unsupportedURL(let url):
            "image \(url.absoluteString) has a scheme that is not file, http or https"
        case .httpStatus(let url, let status): "image \(url.absoluteString) answered HTTP \(status)"
        case .network(let url, let reason): "image \(url.absoluteString) could not be downloaded: \(reason)"
        case .responseTooLarge(let url, let count, let limit):
            "image \(url.absoluteString) is \(count) bytes, beyond the loader's limit of \(limit)"
        }
    }
}
