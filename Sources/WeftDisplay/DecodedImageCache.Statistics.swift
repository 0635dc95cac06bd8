extension DecodedImageCache {
    /// What the cache has done since it was made (or since ``DecodedImageCache/resetStatistics()``).
    public struct Statistics: Hashable, Sendable {
        /// Lookups answered from the cache, without a decode.
        public var hits = 0
        /// Lookups that decoded (two nodes that miss at once both count).
        public var misses = 0
        /// Bitmaps dropped to stay within ``DecodedImageCache/byteLimit``.
        public var evictions = 0
    }
}
