public import WeftCore

extension Diagnostic.Layer {
    /// A node's layout: a layout automatic subnode management could not apply,
    /// or a layout spec that had to leave something out.
    public static let node = Diagnostic.Layer(rawValue: "node")
}
