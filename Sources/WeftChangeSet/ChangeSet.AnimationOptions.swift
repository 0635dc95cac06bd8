extension ChangeSet {
    /// How the view animates one edit; opaque to Weft and handed to the view at commit.
    ///
    /// For a table this carries `UITableView.RowAnimation`'s raw value; for a
    /// collection view it is usually ``none`` or ``automatic``.
    public struct AnimationOptions: RawRepresentable, Hashable, Sendable {
        public var rawValue: UInt

        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// No animation options: the view's default.
        public static let none = AnimationOptions(rawValue: 0)
        /// Let the view choose (UITableView's `.automatic`, raw value 100).
        public static let automatic = AnimationOptions(rawValue: 100)
    }

    /// An edit together with the animation options it was made with.
    public struct AnimatedEdit: Hashable, Sendable {
        public var edit: Edit
        public var options: AnimationOptions

        public init(_ edit: Edit, options: AnimationOptions = .none) {
            self.edit = edit
            self.options = options
        }
    }
}
