public import Foundation

extension ImageDiskCache {
    /// What a stored response says besides its bytes.
    public struct Entry: Sendable, Hashable {
        /// The bytes.
        public var data: Data
        /// The response's `ETag`, sent back as `If-None-Match` to revalidate.
        public var entityTag: String?
        /// Until when the bytes may be used without asking the server
        /// (`Cache-Control: max-age`); `nil` for no limit, `.distantPast` for
        /// `no-cache` (always revalidate).
        public var freshUntil: Date?

        public init(data: Data, entityTag: String? = nil, freshUntil: Date? = nil) {
            self.data = data
            self.entityTag = entityTag
            self.freshUntil = freshUntil
        }
    }
}
