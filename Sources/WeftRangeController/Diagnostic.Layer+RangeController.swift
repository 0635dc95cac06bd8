public import WeftCore

extension Diagnostic.Layer {
    /// The range controller while it followed a commit or a frame.
    public static let rangeController = Diagnostic.Layer(rawValue: "rangeController")
}
