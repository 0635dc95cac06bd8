public import Foundation
public import WeftDisplay
public import WeftNode

/// An image node for a URL: Texture's `ASNetworkImageNode`. It fetches with
/// its ``downloader`` when it enters the preload range, decodes off main at the
/// size it shows, cancels the fetch when it leaves (the download stops when no
/// other node wants the URL), and shows its `ImageNode.defaultImage` or
/// placeholder colour until the image lands (`DisplayNode.placeholderEnabled`
/// is on for it). Its delegate hears the fetch start, its progress and its
/// end. A reused node given a new URL never shows the old URL's image: a
/// fetch is kept only for the source it was started for.
// @unchecked Sendable: its state is ImageNode's (a PosixMutex) and `delegateBox`'s.
open class NetworkImageNode: ImageNode, @unchecked Sendable {
    private let delegateBox = _DelegateBox()

    /// A node fetching `url` with `downloader` (``ImageDownloader/shared`` by default).
    public init(url: URL? = nil, downloader: any ImageDataLoading = ImageDownloader.shared) {
        super.init(source: url.map(ImageSource.url))
        dataLoader = downloader
        placeholderEnabled = true
    }

    /// The image's URL; setting it cancels the fetch of the old one and
    /// shows the placeholder until the new one lands.
    public var url: URL? {
        get {
            guard case .url(let url) = source else { return nil }
            return url
        }
        set { source = newValue.map(ImageSource.url) }
    }

    /// Sets ``url``: Texture's `setURL:resetToDefault:`. `false` keeps the
    /// image shown now on screen until the new one lands (see
    /// `ImageNode.setSource(_:resetToDefault:)`), for a cell whose photo is
    /// replaced by a sharper or newer one.
    public func setURL(_ url: URL?, resetToDefault: Bool) {
        setSource(url.map(ImageSource.url), resetToDefault: resetToDefault)
    }

    /// What fetches the bytes: the node's `ImageNode.dataLoader`.
    public var downloader: (any ImageDataLoading)? {
        get { dataLoader }
        set { dataLoader = newValue }
    }

    /// Hears when the image loads or fails, on main; held weakly.
    public var delegate: (any NetworkImageNodeDelegate)? {
        get { delegateBox.value }
        set { delegateBox.value = newValue }
    }

    @MainActor
    open override func imageFetchDidStart() {
        super.imageFetchDidStart()
        delegate?.imageNodeDidStartFetchingData(self)
    }

    @MainActor
    open override func imageFetchDidProgress(received: Int64, expected: Int64?) {
        super.imageFetchDidProgress(received: received, expected: expected)
        delegate?.imageNode(self, didReceiveBytes: received, of: expected)
    }

    @MainActor
    open override func imageLoadDidFinish(_ result: Result<Bitmap, ImageError>) {
        super.imageLoadDidFinish(result)
        switch result {
        case .success(let image): delegate?.imageNode(self, didLoadImage: image)
        case .failure(let error): delegate?.imageNode(self, didFailWithError: error)
        }
    }
}
