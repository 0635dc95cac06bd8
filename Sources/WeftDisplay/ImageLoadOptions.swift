/// How an ``ImageNode`` asks its ``ImageDataLoading`` for a URL's bytes.
public struct ImageLoadOptions: Sendable {
    /// Whether the loader may answer from its cache and keep what it fetches
    /// there: the node's ``ImageNode/shouldCacheImage``. `true` by default.
    public var usesCache: Bool

    /// Called as the bytes arrive, on any thread, with the bytes received so
    /// far and the whole length when the server said it (`nil` otherwise);
    /// possibly not at all for an answer from a cache. `nil` asks for none.
    public var progress: (@Sendable (_ received: Int64, _ expected: Int64?) -> Void)?

    /// Options for a load.
    public init(usesCache: Bool = true, progress: (@Sendable (_ received: Int64, _ expected: Int64?) -> Void)? = nil) {
        self.usesCache = usesCache
        self.progress = progress
    }
}
