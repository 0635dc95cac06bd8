public import WeftCore

extension Diagnostic.Layer {
    /// The data controller: refused updates, shared nodes, loads.
    public static let dataController = Diagnostic.Layer(rawValue: "dataController")

    /// The backing view while it committed an update (a batch its rules
    /// refuse, a cell that shows the wrong content): declared beside
    /// `CollectionBackingView` and `CommitValidator`, the seam every view meets.
    public static let view = Diagnostic.Layer(rawValue: "view")
}
