import Foundation
import WeftCore

/// The decoded bitmaps image nodes draw, kept for reuse: every node that shows
/// one source at one size, scale, content mode, crop and corner radius shares
/// one bitmap (a feed whose posts share 50 avatars decodes 50 bitmaps, not one
/// per cell), and a cell scrolled away and back draws without decoding again.
///
/// Two layers: the bitmaps any node holds are shared while they live (Texture's
/// weak map), and the most recently used ones are kept besides, up to
/// ``byteLimit`` bytes of pixels, evicting the least recently used first.
///
/// Thread-safe: decodes run on many threads at once.
// @unchecked Sendable: every stored property is inside `state`, a PosixMutex.
public final class DecodedImageCache: @unchecked Sendable {
    /// The cache every ``ImageNode`` uses.
    public static let shared = DecodedImageCache()

    private struct Shared {
        weak var bitmap: Bitmap?
    }

    private struct State {
        var recent: _LRUCache<Key, Bitmap>
        var live: [Key: Shared] = [:]
        var statistics = Statistics()
    }

    private let state: PosixMutex<State>

    /// The default limit: 128 MiB of pixels, about 70 photos that fill a
    /// 390-point-wide cell at 2x.
    public static let defaultByteLimit = 128 << 20

    /// A cache that keeps up to `byteLimit` bytes of recently used bitmaps.
    public init(byteLimit: Int = DecodedImageCache.defaultByteLimit) {
        state = PosixMutex(State(recent: _LRUCache(costLimit: byteLimit)))
    }

    /// The bytes of recently used bitmaps kept besides those nodes hold; 0
    /// keeps none (bitmaps are still shared while nodes hold them).
    /// Lowering it evicts at once.
    public var byteLimit: Int {
        get { state.withLock { $0.recent.costLimit } }
        set { state.withLock { $0.recent.costLimit = max(newValue, 0) } }
    }

    /// The bytes of the recently used bitmaps kept now.
    public var byteCount: Int {
        state.withLock { $0.recent.totalCost }
    }

    /// The recently used bitmaps kept now.
    public var count: Int {
        state.withLock { $0.recent.count }
    }

    public var statistics: Statistics {
        state.withLock { state in
            var statistics = state.statistics
            statistics.evictions = state.recent.evictions
            return statistics
        }
    }

    /// Starts counting hits and misses from zero.
    public func resetStatistics() {
        state.withLock { $0.statistics = Statistics() }
    }

    /// Drops every bitmap the cache keeps (nodes keep those they hold).
    public func removeAll() {
        state.withLock { state in
            state.recent.removeAll()
            state.live.removeAll()
        }
    }

    /// The cached bitmap for `key`, or `decode`'s, which is then cached.
    ///
    /// - Complexity: O(1) on a hit; a decode on a miss (outside the lock, so
    ///   that decodes of other images run meanwhile).
    func bitmap(for key: Key, decode: () throws(ImageError) -> Bitmap) throws(ImageError) -> Bitmap {
        if let hit = lookUp(key) { return hit }
        let bitmap = try decode()
        return state.withLock { state in
            state.statistics.misses += 1
            // Another thread may have decoded it meanwhile: share theirs.
            if let raced = state.live[key]?.bitmap { return raced }
            if state.live.count > 4_096 { state.live = state.live.filter { $0.value.bitmap != nil } }
            state.live[key] = Shared(bitmap: bitmap)
            state.recent.insert(bitmap, for: key, cost: bitmap.byteCount)
            return bitmap
        }
    }

    /// The cached bitmap for `key` without decoding, made the most recently
    /// used; counts a hit (a miss is counted by the decode that follows).
    func lookUp(_ key: Key) -> Bitmap? {
        state.withLock { state in
            if let hit = state.recent.value(for: key) {
                state.statistics.hits += 1
                return hit
            }
            guard let shared = state.live[key]?.bitmap else { return nil }
            state.statistics.hits += 1
            state.recent.insert(shared, for: key, cost: shared.byteCount)
            return shared
        }
    }

    /// Checks the recent bitmaps' list and costs (tests).
    ///
    /// - Complexity: O(*n*).
    package func _checkInvariants() {
        state.withLock { $0.recent._checkInvariants() }
    }
}
