public import Foundation

/// What fetches the bytes of an `http:` or `https:` ``ImageSource/url(_:)``
/// for an ``ImageNode``: Texture's `ASImageDownloaderProtocol`.
/// `WeftNetworkImage`'s `ImageDownloader` is one (with a disk cache and one
/// download per URL); WeftDisplay itself links no networking.
public protocol ImageDataLoading: AnyObject, Sendable {
    /// Starts fetching `url`, calling `completion` once, on any thread, with
    /// the bytes or a typed error, unless the returned request is cancelled
    /// first (then `completion` may not be called at all).
    func loadData(from url: URL, completion: @escaping @Sendable (Result<Data, ImageError>) -> Void)
        -> any ImageDataRequest

    /// ``loadData(from:completion:)`` with `options`: whether the loader may
    /// use its cache, and a progress callback. What image nodes call. The
    /// default ignores the options (no progress; the loader's own caching), so
    /// a loader written for the first requirement alone keeps working.
    func loadData(from url: URL, options: ImageLoadOptions,
                  completion: @escaping @Sendable (Result<Data, ImageError>) -> Void) -> any ImageDataRequest
}

extension ImageDataLoading {
    public func loadData(from url: URL, options: ImageLoadOptions,
                         completion: @escaping @Sendable (Result<Data, ImageError>) -> Void) -> any ImageDataRequest {
        loadData(from: url, completion: completion)
    }
}

/// A fetch an ``ImageDataLoading`` started.
public protocol ImageDataRequest: Sendable {
    /// Stops the fetch for this requester: a loader that fetches one URL for
    /// several requesters keeps fetching while any of them has not cancelled.
    func cancel()
}
