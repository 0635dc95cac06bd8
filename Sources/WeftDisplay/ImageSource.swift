public import Foundation

/// Where an image node's image (PNG, JPEG or WebP, told apart by its first
/// bytes) comes from; also part of the decoded-image cache's key.
public enum ImageSource: Hashable, Sendable, CustomStringConvertible {
    /// An image file.
    case file(String)
    /// Image bytes in memory, named by `id` (two sources with one id must hold
    /// the same bytes: the cache keys on the id).
    case data(Data, id: String)
    /// An image at a URL. A `file:` URL is read as ``file(_:)`` is; `http:` and
    /// `https:` URLs are fetched by the node's ``ImageNode/dataLoader``
    /// (`WeftNetworkImage`'s downloader, a product of its own so that an app
    /// that shows no network images links no networking).
    case url(URL)

    /// What identifies the image in the cache.
    var cacheKey: String {
        switch self {
        case .file(let path): "file:" + path
        case .data(_, let id): "data:" + id
        case .url(let url): url.isFileURL ? "file:" + url.path : "url:" + url.absoluteString
        }
    }

    public var description: String {
        switch self {
        case .file(let path): path
        case .data(let data, let id): "'\(id)' (\(data.count) bytes)"
        case .url(let url): url.isFileURL ? url.path : url.absoluteString
        }
    }
}
