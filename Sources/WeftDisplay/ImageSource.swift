public import Foundation

/// Where an image node's PNG comes from; also the key, with the pixel size, of
/// the decoded-image cache.
public enum ImageSource: Hashable, Sendable, CustomStringConvertible {
    /// A PNG file.
    case file(String)
    /// PNG bytes in memory, named by `id` (two sources with one id must hold the
    /// same bytes: the cache keys on the id).
    case data(Data, id: String)

    /// What identifies the image in the cache.
    var cacheKey: String {
        switch self {
        case .file(let path): "file:" + path
        case .data(_, let id): "data:" + id
        }
    }

    public var description: String {
        switch self {
        case .file(let path): path
        case .data(let data, let id): "'\(id)' (\(data.count) bytes)"
        }
    }
}
