public import WeftReusePool

/// A mounted row's view: a headless view with the two properties rows set.
@MainActor
public final class BenchView: HeadlessView {
    public var text = ""
    public var colorName: String?
}
