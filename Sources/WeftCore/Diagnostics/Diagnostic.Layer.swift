extension Diagnostic {
    /// Where in the pipeline a problem was met, lowest layer last.
    public enum Layer: String, Sendable, CaseIterable, CustomStringConvertible {
        /// The container itself: mounting backing views, selection, scrolling.
        case container
        /// The backing view while it committed an update (a batch its rules
        /// refuse, a cell that shows the wrong content).
        case view
        /// The range controller while it followed a commit or a frame.
        case rangeController
        /// The data controller: refused updates, shared nodes, loads.
        case dataController
        /// A node's layout: a layout automatic subnode management could not
        /// apply, or a layout spec that had to leave something out.
        case node

        public var description: String { rawValue }
    }
}
