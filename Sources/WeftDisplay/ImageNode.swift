import Foundation
import Dispatch
public import WeftCore
public import WeftNode

/// A node that shows a PNG, JPEG or WebP image fitted to its bounds by
/// ``contentMode`` (aspect fill by default), with optionally rounded corners:
/// decoded off main when the node enters the preload range, at the size it is
/// shown (a JPEG in the DCT domain at 1/2, 1/4 or 1/8 when that is enough),
/// drawn when it enters the display range. Texture's `ASImageNode`, with the
/// fetch and decode where `ASNetworkImageNode` puts them.
///
/// Decoded bitmaps are shared and kept by ``decodedImageCache`` (the process's
/// ``DecodedImageCache/shared`` unless set). A source
/// that cannot be read, fetched or decoded, or whose header announces an image
/// too large to decode, sets ``imageError`` and shows nothing but the node's
/// background (and its placeholder, if enabled).
///
/// An `http:` or `https:` source is fetched by ``dataLoader`` when the node
/// enters the preload range and cancelled when it leaves; until it lands the
/// node is not complete (a visible cell showing it counts blank), or shows its
/// placeholder with `DisplayNode.placeholderEnabled` (counted apart).
// @unchecked Sendable: the image state is in `imageState`, a PosixMutex.
open class ImageNode: DisplayNode, @unchecked Sendable {
    private struct ImageState {
        var source: ImageSource?
        var defaultImage: ImageSource?
        var imageCornerRadius: Double = 0
        var contentMode: ContentMode = .scaleAspectFill
        var allowsScaledDecoding = true
        var cache = DecodedImageCache.shared
        var shouldCacheImage = true
        var cropRect = CGRect(x: 0.5, y: 0.5, width: 0, height: 0)
        var dataLoader: (any ImageDataLoading)? = ImageNode.defaultDataLoader
        var decoded: Bitmap?
        var error: ImageError?
        /// The fetched bytes of a remote source, kept while the node is in the
        /// preload range so that a size change decodes again without a fetch.
        var fetched: Data?
        var request: (any ImageDataRequest)?
        /// Bytes received and expected of the fetch in flight (or last done).
        var progress: (received: Int64, expected: Int64?) = (0, nil)
        /// A main turn to report ``progress`` is queued: later chunks join it.
        var isProgressReportQueued = false
        /// The image of the last source, kept on screen until the new one
        /// lands (``ImageNode/setSource(_:resetToDefault:)`` with `false`).
        var shownWhilePending: Bitmap?
        var generation: UInt64 = 0
        var placeholder: (size: CGSize, scale: Double, bitmap: Bitmap?)?
        var defaultImageError: ImageError?
    }

    private let imageState = PosixMutex(ImageState())

    private static let defaultLoader = PosixMutex<(any ImageDataLoading)?>(nil)

    /// The loader new image nodes start with; `nil` (WeftDisplay fetches
    /// nothing) until an app sets it, as `WeftNetworkImage`'s
    /// `ImageDownloader.install()` does.
    public static var defaultDataLoader: (any ImageDataLoading)? {
        get { defaultLoader.withLock { $0 } }
        set { defaultLoader.withLock { $0 = newValue } }
    }

    /// Creates a node showing `source`, or nothing.
    public init(source: ImageSource? = nil) {
        super.init()
        imageState.withLock { $0.source = source }
    }

    /// A node freed with a fetch in flight stops it, as Texture's does.
    deinit {
        imageState.withLock { $0.request }?.cancel()
    }

    /// The image; setting it drops the decoded one (and cancels a fetch) and
    /// redraws, showing the placeholder until the new one lands when it is
    /// fetched (``setSource(_:resetToDefault:)`` with `false` keeps the old
    /// image on screen instead).
    public var source: ImageSource? {
        get { imageState.withLock { $0.source } }
        set { setSource(newValue, resetToDefault: true) }
    }

    /// Sets ``source``: Texture's `setURL:resetToDefault:`. With
    /// `resetToDefault` `true` the node shows its placeholder (or nothing)
    /// until the new image lands; with `false` it keeps showing the image it
    /// shows now, at the same size, until the new one lands or fails (a failure
    /// shows the placeholder: the old image is not the new source's).
    public func setSource(_ source: ImageSource?, resetToDefault: Bool) {
        change { state in
            state.shownWhilePending = resetToDefault ? nil : (state.decoded ?? state.shownWhilePending)
            state.source = source
        }
    }

    /// Whether the node's decoded bitmaps go into (and come from)
    /// ``decodedImageCache``, and its loader may answer from its cache and
    /// keep what it fetches (`ImageLoadOptions/usesCache`): Texture's
    /// `shouldCacheImage`. `true` by default; `false` for an image seen once
    /// (a one-off capture, a preview), which then never evicts a feed's images.
    public var shouldCacheImage: Bool {
        get { imageState.withLock { $0.shouldCacheImage } }
        set { change { $0.shouldCacheImage = newValue } }
    }

    /// How much of a fetched image has arrived, from 0 to 1: Texture's
    /// `downloadProgress`. 0 before a fetch and while a server that sent no
    /// length is sending; 1 once the bytes are in (from the network or a cache).
    public var downloadProgress: Double {
        imageState.withLock { state in
            if state.fetched != nil || state.decoded != nil { return 1 }
            guard let expected = state.progress.expected, expected > 0 else { return 0 }
            return min(Double(state.progress.received) / Double(expected), 1)
        }
    }

    /// How the image fits the node's bounds; ``ContentMode/scaleAspectFill`` by default.
    public var contentMode: ContentMode {
        get { imageState.withLock { $0.contentMode } }
        set { change { $0.contentMode = newValue } }
    }

    /// Where the node's decoded bitmaps are kept and shared: Texture's
    /// `ASNetworkImageNode(cache:downloader:)` cache. ``DecodedImageCache/shared``
    /// by default; a cache of its own keeps a screen's images apart (and
    /// bounded apart) from the rest of the app's.
    public var decodedImageCache: DecodedImageCache {
        get { imageState.withLock { $0.cache } }
        set { change { $0.cache = newValue } }
    }

    /// Whether a JPEG or WebP larger than the node needs is decoded below its
    /// full size (a JPEG at 1/2, 1/4 or 1/8 in the DCT domain, a WebP by
    /// libwebp's scaler) before it is fitted; `true` by default. `false`
    /// decodes every pixel, then scales: slower and larger, for the rare image
    /// whose full detail matters to the downscale's filter.
    public var allowsScaledDecoding: Bool {
        get { imageState.withLock { $0.allowsScaledDecoding } }
        set { change { $0.allowsScaledDecoding = newValue } }
    }

    /// Texture's crop rect, in fractions of the image: a non-empty rect shows
    /// that part of it (fitted by ``contentMode``); an empty one, the default
    /// (0.5, 0.5, 0, 0), shows the whole image and says where aspect fill and
    /// centre anchor what overflows (0, 0 keeps the top left; 0.5, 0.5 centres).
    public var cropRect: CGRect {
        get { imageState.withLock { $0.cropRect } }
        set { change { $0.cropRect = newValue } }
    }

    /// The radius, in points, the image's corners are rounded to (clipped into
    /// the decoded bitmap, so it costs nothing per frame); 0 by default.
    public var imageCornerRadius: Double {
        get { imageState.withLock { $0.imageCornerRadius } }
        set { change { $0.imageCornerRadius = newValue.isFinite ? max(newValue, 0) : 0 } }
    }

    /// The image shown while ``source`` is pending (fetched or decoded), when
    /// `DisplayNode.placeholderEnabled` is on: Texture's `defaultImage`. A
    /// local source (a file or bytes), decoded on main the first time it shows
    /// at a size, then cached; `nil` shows `DisplayNode.placeholderColor`.
    public var defaultImage: ImageSource? {
        get { imageState.withLock { $0.defaultImage } }
        set {
            imageState.withLock { state in
                state.defaultImage = newValue
                state.placeholder = nil
                state.defaultImageError = nil
            }
        }
    }

    /// Why ``defaultImage`` cannot be shown (the placeholder colour shows
    /// instead), or `nil`.
    public var defaultImageError: ImageError? {
        imageState.withLock { $0.defaultImageError }
    }

    /// What fetches `http:` and `https:` sources; ``defaultDataLoader`` when
    /// the node was made. Set it before the node enters the preload range.
    public var dataLoader: (any ImageDataLoading)? {
        get { imageState.withLock { $0.dataLoader } }
        set { imageState.withLock { $0.dataLoader = newValue } }
    }

    /// Why the image cannot be shown, or `nil`.
    public var imageError: ImageError? {
        imageState.withLock { $0.error }
    }

    /// The decoded image the node holds, `nil` before preload decoded it.
    public var decodedImage: Bitmap? {
        imageState.withLock { $0.decoded }
    }

    /// Whether the node waits for its image to be fetched or decoded off the
    /// display path (a remote source in flight).
    open override var isAwaitingContents: Bool {
        imageState.withLock { state in
            guard let source = state.source, state.error == nil, state.decoded == nil,
                state.shownWhilePending == nil else { return false }
            return source.isRemote
        }
    }

    private func change(_ body: (inout ImageState) -> Void) {
        let request = imageState.withLock { state -> (any ImageDataRequest)? in
            body(&state)
            state.decoded = nil
            state.error = nil
            state.fetched = nil
            state.progress = (0, nil)
            state.generation &+= 1
            defer { state.request = nil }
            return state.request
        }
        request?.cancel()
        setNeedsDisplay()
        if isInPreloadState { startLoading() }
    }

    /// Starts fetching (a remote source) and decoding the image off main at
    /// its pixel size.
    open override func didEnterPreloadState() {
        super.didEnterPreloadState()
        startLoading()
    }

    /// Starts fetching a remote source that no preload started (a node shown
    /// outside a container's ranges enters display without preload).
    open override func didEnterDisplayState() {
        super.didEnterDisplayState()
        let idle = imageState.withLock { state in
            (state.source?.isRemote ?? false) && state.request == nil && state.fetched == nil && state.decoded == nil
                && state.error == nil
        }
        if idle { startLoading() }
    }

    private func startLoading() {
        guard let request = decodeRequest() else { return }
        if let hit = request.cache?.lookUp(request.key) {
            finishDecode(.success(hit), generation: request.generation)
            return
        }
        guard request.source.isRemote, case .url(let url) = request.source else {
            decodeLater(request, bytes: nil)
            return
        }
        if let fetched = imageState.withLock({ $0.fetched }) {
            decodeLater(request, bytes: fetched)
            return
        }
        guard let loader = imageState.withLock({ $0.dataLoader }) else {
            finishDecode(.failure(.noLoader(url: url)), generation: request.generation)
            return
        }
        // Told before the loader is asked: a fetch can finish, and its progress
        // reach main, before loadData returns (a busy machine, a loader's own
        // cache), and main takes the notices in the order they were sent.
        onMain(generation: request.generation) { $0.imageFetchDidStart() }
        let node = _Weak(self)
        let options = ImageLoadOptions(usesCache: request.cache != nil) { received, expected in
            node.value?.fetchDidProgress(received: received, expected: expected, generation: request.generation)
        }
        let fetch = loader.loadData(from: url, options: options) { result in
            guard let node = node.value else { return }
            switch result {
            case .success(let data):
                guard node.keepFetched(data, generation: request.generation) else { return }
                node.decodeLater(request, bytes: data)
            case .failure(let error):
                node.finishDecode(.failure(error), generation: request.generation)
            }
        }
        let stale = imageState.withLock { state -> Bool in
            guard state.generation == request.generation, state.fetched == nil, state.decoded == nil,
                state.error == nil else { return true }
            state.request = fetch
            return false
        }
        // A loader that answered at once (from its cache) has nothing left to cancel.
        if stale { fetch.cancel() }
    }

    /// Keeps a fetch's progress and reports it on main, in one main turn for
    /// the chunks that arrive before it runs.
    private func fetchDidProgress(received: Int64, expected: Int64?, generation: UInt64) {
        let queue = imageState.withLock { state -> Bool in
            guard state.generation == generation else { return false }
            state.progress = (received, expected)
            defer { state.isProgressReportQueued = true }
            return !state.isProgressReportQueued
        }
        guard queue else { return }
        onMain(generation: generation) { node in
            let progress = node.imageState.withLock { state in
                state.isProgressReportQueued = false
                return state.progress
            }
            node.imageFetchDidProgress(received: progress.received, expected: progress.expected)
        }
    }

    /// Runs `body` in a main turn if the node still shows the source of
    /// `generation` then; the block holds the node weakly.
    private func onMain(generation: UInt64, _ body: @escaping @MainActor (ImageNode) -> Void) {
        let node = _Weak(self)
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                guard let node = node.value, node.imageState.withLock({ $0.generation }) == generation else { return }
                body(node)
            }
        }
    }

    /// Keeps a fetch's bytes if the source has not changed since.
    private func keepFetched(_ data: Data, generation: UInt64) -> Bool {
        imageState.withLock { state in
            guard state.generation == generation else { return false }
            state.fetched = data
            state.request = nil
            return true
        }
    }

    private func decodeLater(_ request: DecodeRequest, bytes: Data?) {
        let node = _Weak(self)
        Self.decodes.enter()
        // On the display queue's workers, beside the drawings they feed: main
        // wakes them without being preempted (see `_DisplayQueue`).
        _DisplayQueue.shared.submit([(priority: 0, run: {
            let result = Result { () throws(ImageError) in try request.decode(bytes: bytes) }
            node.value?.finishDecode(result, generation: request.generation)
            Self.decodes.leave()
        })])
    }

    /// The preload decodes running now (not the fetches before them: a
    /// download may take seconds, and whoever waits here waits for decodes).
    private static let decodes = DispatchGroup()

    /// Blocks until every preload decode started so far has finished (tests
    /// and tools wait here instead of sleeping); a remote image still
    /// downloading is not waited for.
    package static func waitForPreloadDecodes() {
        decodes.wait()
    }

    /// Drops the decoded image and the fetched bytes, and cancels a fetch in
    /// flight, when the node leaves the preload range, as Texture's network
    /// image node does.
    open override func didExitPreloadState() {
        super.didExitPreloadState()
        let request = imageState.withLock { state -> (any ImageDataRequest)? in
            state.decoded = nil
            state.fetched = nil
            state.shownWhilePending = nil
            state.progress = (0, nil)
            state.generation &+= 1
            defer { state.request = nil }
            return state.request
        }
        request?.cancel()
    }

    /// The decoded image (decoding a local source on the display thread if
    /// preload has not yet), drawn at the node's bounds; nothing while a remote
    /// source is in flight.
    open override func drawing() -> (any NodeDrawing)? {
        guard let request = decodeRequest() else { return nil }
        let (kept, previous) = imageState.withLock { ($0.decoded, $0.shownWhilePending) }
        let decoded = kept ?? request.cache?.lookUp(request.key)
        if decoded == nil, request.source.isRemote {
            // The old source's image, while the new one is fetched, if it fits.
            guard let previous, previous.pixelWidth == request.target.pixelWidth,
                previous.pixelHeight == request.target.pixelHeight else { return nil }
            return _ImageDrawing(decoded: previous, request: request, node: _Weak(self))
        }
        return _ImageDrawing(decoded: decoded, request: request, node: _Weak(self))
    }

    /// The ``defaultImage`` at the node's size, or the placeholder colour.
    @MainActor
    open override func placeholderImage() -> Bitmap? {
        guard let size = calculatedSize, let defaultImage = imageState.withLock({ $0.defaultImage }),
            !defaultImage.isRemote else { return super.placeholderImage() }
        let scale = contentsScale
        if let kept = imageState.withLock({ $0.placeholder }), kept.size == size, kept.scale == scale {
            return kept.bitmap ?? super.placeholderImage()
        }
        var request = DecodeRequest(source: defaultImage, target: .init(
            pixelWidth: Bitmap.pixelLength(size.width, scale: scale), pixelHeight: Bitmap.pixelLength(size.height, scale: scale),
            scale: scale, contentMode: contentMode, cropRect: cropRect), cornerRadius: imageCornerRadius, generation: 0,
            cache: shouldCacheImage ? decodedImageCache : nil)
        request.target.cropRect = CGRect(x: 0.5, y: 0.5, width: 0, height: 0)
        // A default image that cannot be decoded shows the colour instead, and says why.
        let bitmap: Bitmap?
        var failure: ImageError?
        do throws(ImageError) {
            bitmap = try request.decode(bytes: nil)
        } catch {
            bitmap = nil
            failure = error
        }
        imageState.withLock { state in
            state.placeholder = (size, scale, bitmap)
            state.defaultImageError = failure
        }
        return bitmap ?? super.placeholderImage()
    }

    struct DecodeRequest: Sendable {
        var source: ImageSource
        var target: _ImageDecoder.Target
        var cornerRadius: Double
        var generation: UInt64
        /// Where the bitmap is kept and shared; `nil` when the node should not cache it.
        var cache: DecodedImageCache?

        var key: DecodedImageCache.Key {
            let crop = target.cropRect
            return DecodedImageCache.Key(
                source: source.cacheKey, pixelWidth: target.pixelWidth, pixelHeight: target.pixelHeight,
                scale: target.scale, contentMode: target.contentMode,
                cropRect: [crop.minX, crop.minY, crop.width, crop.height], cornerRadiusInPixels: cornerRadius * target.scale,
                scaledDecoding: target.allowsScaledDecoding)
        }

        /// The bitmap, from the cache or decoded from `bytes` (read from a
        /// local source when `nil`).
        func decode(bytes: Data?) throws(ImageError) -> Bitmap {
            let decode = { () throws(ImageError) -> Bitmap in
                let name = source.description
                let data: Data
                if let bytes { data = bytes } else { data = try _ImageDecoder.bytes(of: source) }
                let decoded = try _ImageDecoder.decode(data, source: name, for: target)
                return try Bitmap(_drawing: decoded, target: target, cornerRadius: cornerRadius * target.scale,
                                  source: name)
            }
            guard let cache else { return try decode() }
            return try cache.bitmap(for: key, decode: decode)
        }
    }

    /// What decoding needs, or `nil` with no source, no size yet, or an error.
    private func decodeRequest() -> DecodeRequest? {
        guard let size = calculatedSize, size.width > 0, size.height > 0 else { return nil }
        let scale = contentsScale
        return imageState.withLock { state in
            guard let source = state.source, state.error == nil else { return nil }
            let target = _ImageDecoder.Target(
                pixelWidth: Bitmap.pixelLength(size.width, scale: scale),
                pixelHeight: Bitmap.pixelLength(size.height, scale: scale), scale: scale,
                contentMode: state.contentMode, cropRect: state.cropRect,
                allowsScaledDecoding: state.allowsScaledDecoding)
            return DecodeRequest(source: source, target: target, cornerRadius: state.imageCornerRadius,
                                 generation: state.generation, cache: state.shouldCacheImage ? state.cache : nil)
        }
    }

    /// Keeps a decode's result unless the source changed since, redraws when
    /// it changes what the node shows (a failure, or an image the drawing
    /// could not decode itself: a remote one), and tells
    /// ``imageLoadDidFinish(_:)`` on main.
    func finishDecode(_ result: Result<Bitmap, ImageError>, generation: UInt64) {
        let (current, redraw) = imageState.withLock { state -> (Bool, Bool) in
            guard state.generation == generation else { return (false, false) }
            let showedPrevious = state.shownWhilePending != nil
            state.shownWhilePending = nil
            switch result {
            case .success(let bitmap):
                state.decoded = bitmap
                return (true, (state.source?.isRemote ?? false) || showedPrevious)
            case .failure(let error):
                state.error = error
                return (true, true)
            }
        }
        if redraw { setNeedsDisplay() }
        guard current else { return }
        // The block holds no bitmap: a main queue that drains late (a busy
        // frame, a host that drains it rarely) must not keep decoded images alive.
        let failure = result.failure
        onMain(generation: generation) { node in
            if let failure {
                node.imageLoadDidFinish(.failure(failure))
            } else if let image = node.imageState.withLock({ $0.decoded }) {
                node.imageLoadDidFinish(.success(image))
            }
        }
    }

    /// Called on main when the node's image was decoded (from a file, bytes,
    /// the cache or the network) or failed to, for the source it shows now
    /// (not if the node let the image go meanwhile, leaving the preload range):
    /// where `WeftNetworkImage`'s node tells its delegate. Does nothing here.
    @MainActor
    open func imageLoadDidFinish(_ result: Result<Bitmap, ImageError>) {}

    /// Called on main when the node asked its ``dataLoader`` for the image's
    /// bytes (not for an image found in ``decodedImageCache``): where
    /// `WeftNetworkImage`'s node tells its delegate. Does nothing here.
    @MainActor
    open func imageFetchDidStart() {}

    /// Called on main as the image's bytes arrive (chunks that arrive between
    /// two main turns are reported once, with the latest count): `expected`
    /// is the whole length when the server said it. Does nothing here.
    @MainActor
    open func imageFetchDidProgress(received: Int64, expected: Int64?) {}
}

extension Result {
    /// The error, or `nil` for a success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

extension ImageSource {
    /// Whether a loader fetches it: an `http:` or `https:` URL (any other
    /// scheme but `file:` is an error when read).
    var isRemote: Bool {
        guard case .url(let url) = self else { return false }
        let scheme = url.scheme?.lowercased()
        return scheme == "http" || scheme == "https"
    }
}

/// A weak reference a `@Sendable` closure can hold.
struct _Weak<Value: AnyObject & Sendable>: Sendable {
    weak var value: Value?
    init(_ value: Value) { self.value = value }
}
