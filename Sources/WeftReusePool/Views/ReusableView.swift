/// A view that reuse pools can manage: a class with a hidden flag and ordered subviews.
///
/// The pools never name a UI framework. Conform your framework's view class (or a
/// thin wrapper) to this protocol, or use ``HeadlessView``, which runs anywhere,
/// Linux included. The names differ from UIKit's where UIKit's own members have
/// other types, so `UIView` can conform in an extension without clashes:
///
/// ```swift
/// extension UIView: ReusableView {
///     public var parentView: (any ReusableView)? { superview }
///     public var subviewCount: Int { subviews.count }
///     public func subview(at index: Int) -> any ReusableView { subviews[index] }
///     public func addSubview(_ view: any ReusableView) { addSubview(view as! UIView) }
///     public func removeFromParentView() { removeFromSuperview() }
///     // isHidden and exchangeSubview(at:withSubviewAt:) are UIKit's own.
/// }
/// ```
///
/// Views are main-context objects, so every requirement is `@MainActor`.
@MainActor
public protocol ReusableView: AnyObject {
    /// Whether the view is hidden. Pools hide views rather than remove them.
    var isHidden: Bool { get set }

    /// The view this view is a subview of, if any.
    var parentView: (any ReusableView)? { get }

    /// The number of subviews.
    ///
    /// - Complexity: Pools call this once per container per mount pass, so it
    ///   should be O(1).
    var subviewCount: Int { get }

    /// Returns the subview at `index`, in back-to-front order.
    ///
    /// - Parameter index: A position in `0 ..< subviewCount`.
    /// - Returns: The subview at that position.
    /// - Complexity: Pools call this for every subview of a container in every
    ///   mount pass, so it should be O(1).
    func subview(at index: Int) -> any ReusableView

    /// Adds `view` as the frontmost subview, first removing it from its current parent.
    ///
    /// - Parameter view: The view to add.
    func addSubview(_ view: any ReusableView)

    /// Swaps the subviews at two positions.
    ///
    /// - Parameters:
    ///   - index1: A position in `0 ..< subviewCount`.
    ///   - index2: Another position in `0 ..< subviewCount`.
    func exchangeSubview(at index1: Int, withSubviewAt index2: Int)

    /// Removes the view from its parent; does nothing if it has none.
    func removeFromParentView()
}
