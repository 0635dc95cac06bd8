extension Diagnostic {
    /// Where in the pipeline a problem was met: a name that each layer's own
    /// module declares for itself, so that WeftCore, at the bottom, names none
    /// of the layers above it. Weft's are `node` (WeftNode: a layout a node
    /// could not apply, a layout spec that left something out),
    /// `dataController` (refused updates, shared nodes, loads), `view`
    /// (WeftDataController: a commit a backing view refused, a cell that shows
    /// the wrong content), `rangeController` (WeftRangeController) and
    /// `container` (Weft: mounting, selection, scrolling). A module of your own
    /// declares its layer the same way:
    ///
    /// ```swift
    /// extension Diagnostic.Layer {
    ///     static let sync = Diagnostic.Layer(rawValue: "sync")
    /// }
    /// ```
    public struct Layer: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        public var description: String { rawValue }
    }
}
