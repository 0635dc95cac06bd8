extension ImageDownloader {
    /// What the downloader did since it was made.
    public struct Statistics: Hashable, Sendable {
        /// HTTP requests sent (revalidations included).
        public var requests = 0
        /// Loads answered from the disk cache without a request.
        public var diskHits = 0
        /// Stale entries the server confirmed (304 Not Modified).
        public var revalidated = 0
        /// Loads that joined a download already in flight for the URL.
        public var joined = 0
        /// Downloads cancelled because every requester cancelled.
        public var cancelled = 0
    }
}
