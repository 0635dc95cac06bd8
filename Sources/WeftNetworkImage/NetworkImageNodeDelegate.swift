public import WeftDisplay
public import WeftNode

/// What a ``NetworkImageNode`` tells about its image, on main: Texture's
/// `ASNetworkImageNodeDelegate`.
@MainActor
public protocol NetworkImageNodeDelegate: AnyObject {
    /// The node asked its downloader for the image's bytes (not sent for an
    /// image found decoded in memory).
    func imageNodeDidStartFetchingData(_ imageNode: NetworkImageNode)
    /// Bytes of the image arrived: `received` so far, of `expected` when the
    /// server said (see `ImageNode.downloadProgress`). Chunks that arrive
    /// between two main turns are told once. A disk-cache hit tells none.
    func imageNode(_ imageNode: NetworkImageNode, didReceiveBytes received: Int64, of expected: Int64?)
    /// The image was decoded, at the size the node shows it.
    func imageNode(_ imageNode: NetworkImageNode, didLoadImage image: Bitmap)
    /// The image cannot be shown: the fetch or the decode failed.
    func imageNode(_ imageNode: NetworkImageNode, didFailWithError error: ImageError)
}

extension NetworkImageNodeDelegate {
    public func imageNodeDidStartFetchingData(_ imageNode: NetworkImageNode) {}
    public func imageNode(_ imageNode: NetworkImageNode, didReceiveBytes received: Int64, of expected: Int64?) {}
    public func imageNode(_ imageNode: NetworkImageNode, didLoadImage image: Bitmap) {}
    public func imageNode(_ imageNode: NetworkImageNode, didFailWithError error: ImageError) {}
}
