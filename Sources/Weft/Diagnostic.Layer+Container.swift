public import WeftCore

extension Diagnostic.Layer {
    /// The container itself: laying out visible cells, selection, scrolling.
    public static let container = Diagnostic.Layer(rawValue: "container")
}
