public import Foundation

/// The view a node creates when nothing else is asked for: a frame and nothing
/// to draw, so that nodes run their whole lifecycle without UIKit.
@MainActor
public final class HeadlessNodeView: NodeView {
    public var frame: CGRect

    /// Creates a view with the given frame.
    public init(frame: CGRect = .zero) {
        self.frame = frame
    }
}
