import Foundation
import Dispatch
public import WeftCore
public import WeftNode

/// A node that shows a PNG image scaled to its bounds, with optionally rounded
/// corners: decoded off main when the node enters the preload range, drawn when
/// it enters the display range. Texture's `ASImageNode`, with the decode where
/// `ASNetworkImageNode` puts its fetch.
///
/// Decoded images are shared through a weakly held cache keyed by source, pixel
/// size and corner radius. A source that cannot be read or decoded, or whose
/// header announces an image beyond the bitmap limit, sets ``imageError`` and
/// shows nothing (the node's background, if any, still draws).
// @unchecked Sendable: the image state is in `imageState`, a PosixMutex.
open class ImageNode: DisplayNode, @unchecked Sendable {
    private struct ImageState {
        var source: ImageSource?
        var imageCornerRadius: Double = 0
        var decoded: Bitmap?
        var error: ImageError?
        var generation: UInt64 = 0
    }

    private let imageState = PosixMutex(ImageState())

    /// Creates a node showing `source`, or nothing.
    public init(source: ImageSource? = nil) {
        super.init()
        imageState.withLock { $0.source = source }
    }

    /// The image; setting it drops the decoded one and redraws.
    public var source: ImageSource? {
        get { imageState.withLock { $0.source } }
        set { change { $0.source = newValue } }
    }

    /// The radius, in points, the image's corners are rounded to (clipped into
    /// the decoded bitmap, so it costs nothing per frame); 0 by default.
    public var imageCornerRadius: Double {
        get { imageState.withLock { $0.imageCornerRadius } }
        set { change { $0.imageCornerRadius = newValue.isFinite ? max(newValue, 0) : 0 } }
    }

    /// Why the image cannot be shown, or `nil`.
    public var imageError: ImageError? {
        imageState.withLock { $0.error }
    }

    /// The decoded image the node holds, `nil` before preload decoded it.
    public var decodedImage: Bitmap? {
        imageState.withLock { $0.decoded }
    }

    private func change(_ body: (inout ImageState) -> Void) {
        imageState.withLock { state in
            body(&state)
            state.decoded = nil
            state.error = nil
            state.generation &+= 1
        }
        setNeedsDisplay()
    }

    /// Starts decoding the image off main at its pixel size.
    open override func didEnterPreloadState() {
        super.didEnterPreloadState()
        guard let request = decodeRequest() else { return }
        let node = _Weak(self)
        Self.decodes.enter()
        DispatchQueue.global(qos: .userInitiated).async {
            let result = Result { () throws(ImageError) in try request.decode() }
            node.value?.finishDecode(result, generation: request.generation)
            Self.decodes.leave()
        }
    }

    /// The preload decodes running now.
    private static let decodes = DispatchGroup()

    /// Blocks until every preload decode started so far has finished (tests
    /// and tools wait here instead of sleeping).
    package static func waitForPreloadDecodes() {
        decodes.wait()
    }

    /// Drops the decoded image when the node leaves the preload range, as
    /// Texture's network image node drops what it fetched.
    open override func didExitPreloadState() {
        super.didExitPreloadState()
        imageState.withLock { $0.decoded = nil }
    }

    /// The decoded image (decoding it on the display thread if preload has not
    /// yet), drawn at the node's bounds.
    open override func drawing() -> (any NodeDrawing)? {
        guard let request = decodeRequest() else { return nil }
        return _ImageDrawing(decoded: imageState.withLock { $0.decoded }, request: request, node: _Weak(self))
    }

    struct DecodeRequest: Sendable {
        var source: ImageSource
        var pixelWidth: Int
        var pixelHeight: Int
        var scale: Double
        var cornerRadius: Double
        var generation: UInt64

        func decode() throws(ImageError) -> Bitmap {
            try _ImageCache.image(of: source, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale,
                                  cornerRadius: cornerRadius)
        }
    }

    /// What decoding needs, or `nil` with no source, no size yet, or an error.
    private func decodeRequest() -> DecodeRequest? {
        guard let size = calculatedSize, size.width > 0, size.height > 0 else { return nil }
        let scale = contentsScale
        return imageState.withLock { state in
            guard let source = state.source, state.error == nil else { return nil }
            return DecodeRequest(source: source, pixelWidth: Bitmap.pixelLength(size.width, scale: scale),
                                 pixelHeight: Bitmap.pixelLength(size.height, scale: scale), scale: scale,
                                 cornerRadius: state.imageCornerRadius, generation: state.generation)
        }
    }

    /// Keeps a decode's result unless the source changed since.
    func finishDecode(_ result: Result<Bitmap, ImageError>, generation: UInt64) {
        let failed = imageState.withLock { state -> Bool in
            guard state.generation == generation else { return false }
            switch result {
            case .success(let bitmap): state.decoded = bitmap
            case .failure(let error): state.error = error
            }
            return state.error != nil
        }
        if failed { setNeedsDisplay() }
    }
}

/// A weak reference a `@Sendable` closure can hold.
struct _Weak<Value: AnyObject & Sendable>: Sendable {
    weak var value: Value?
    init(_ value: Value) { self.value = value }
}
