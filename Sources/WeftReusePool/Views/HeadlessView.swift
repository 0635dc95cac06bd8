public import Foundation
public import WeftCore

/// A view with no rendering: a hidden flag, a frame, an alpha, a background colour,
/// clipping, interaction and an accessibility label, and ordered subviews.
///
/// `HeadlessView` behaves like the parts of `UIView` that reuse pools rely on, so
/// pools (and code built on them) run and are tested without a UI framework.
/// Subclass it to add the properties your attributes set; ``ViewOptions`` makes the
/// attributes of the common ones.
///
/// A view holds its subviews strongly and its parent weakly, as `UIView` does, and,
/// as `UIView` raises, it traps on misuse of its own API: a subview index out of
/// range, or a view added inside itself.
@MainActor
open class HeadlessView: ReusableView {
    // The stored properties opt out of the runtime's exclusivity checks, which would
    // cost more than the work of a headless view: the view is confined to the main
    // actor, and no access to its storage spans a call out of this class.

    /// Whether the view is hidden.
    @exclusivity(unchecked) open var isHidden = false
    /// The view's frame in its parent's coordinates.
    @exclusivity(unchecked) open var frame = CGRect.zero
    /// The view's opacity, from 0 to 1.
    @exclusivity(unchecked) open var alpha = 1.0
    /// The colour behind the view's content; `nil` for none.
    @exclusivity(unchecked) open var backgroundColor: Color?
    /// Whether the view clips its subviews to its bounds.
    @exclusivity(unchecked) open var clipsToBounds = false
    /// Whether the view takes touches, clicks and keys.
    @exclusivity(unchecked) open var isUserInteractionEnabled = true
    /// What assistive technology says for the view; `nil` for nothing.
    @exclusivity(unchecked) open var accessibilityLabel: String?

    /// The subviews, back to front.
    @exclusivity(unchecked) public private(set) var subviews: [any ReusableView] = []
    private weak var parent: HeadlessView?

    /// Creates a visible view with a zero frame and no subviews.
    public required init() {}

    public var parentView: (any ReusableView)? { parent }

    public var subviewCount: Int { subviews.count }

    public func subview(at index: Int) -> any ReusableView {
        precondition(subviews.indices.contains(index),
                     "subview index \(index) out of range 0 ..< \(subviews.count)")
        return subviews[index]
    }

    /// Adds `view` as the frontmost subview, first removing it from its current parent.
    ///
    /// Like `UIView`, a view cannot become its own subview or a subview of one of its
    /// descendants.
    ///
    /// - Parameter view: A ``HeadlessView`` (or subclass); headless hierarchies do
    ///   not mix view classes from other frameworks.
    /// - Complexity: O(*n* + *d*), where *n* is the number of subviews of the
    ///   view's old parent and *d* is this view's depth.
    open func addSubview(_ view: any ReusableView) {
        guard let child = view as? HeadlessView else {
            preconditionFailure("HeadlessView.addSubview needs a HeadlessView, got \(type(of: view))")
        }
        var ancestor: HeadlessView? = self
        while let current = ancestor {
            precondition(current !== child, "a view cannot be added as a subview of itself or of a descendant")
            ancestor = current.parent
        }
        child.removeFromParentView()
        subviews.append(child)
        child.parent = self
    }

    open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        precondition(subviews.indices.contains(index1) && subviews.indices.contains(index2),
                     "subview indexes \(index1), \(index2) out of range 0 ..< \(subviews.count)")
        // Through the buffer, the swap moves the two references without retaining them.
        // The closure is `@Sendable` (it captures two integers) so that it is not
        // main-actor isolated, which would make it check its executor on every call.
        subviews.withUnsafeMutableBufferPointer { @Sendable buffer in buffer.swapAt(index1, index2) }
    }

    /// Removes the view from its parent; does nothing if it has none.
    ///
    /// - Complexity: O(*n*), where *n* is the number of the parent's subviews.
    open func removeFromParentView() {
        guard let parent else { return }
        if let index = parent.subviews.firstIndex(where: { $0 === self }) {
            parent.subviews.remove(at: index)
        }
        self.parent = nil
    }

    /// Whether the view or any of its ancestors is hidden, that is, whether nothing
    /// of it would be drawn.
    ///
    /// - Complexity: O(*d*), where *d* is the view's depth.
    public var isHiddenOrHasHiddenAncestor: Bool {
        var view: (any ReusableView)? = self
        while let current = view {
            if current.isHidden { return true }
            view = current.parentView
        }
        return false
    }
}
