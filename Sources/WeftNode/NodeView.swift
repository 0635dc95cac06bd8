public import Foundation

/// The backing store of a node: what the node creates, on main, the first time
/// ``DisplayNode/view`` is read, and keeps until it dies.
///
/// On Apple platforms a `UIView` subclass conforms with an empty extension;
/// headless code uses ``HeadlessNodeView``. Views are main-actor objects: they
/// are created, changed and deinitialized on main. A node that dies on another
/// thread hands its view to a `MainContextReleaseQueue` so that the view still
/// dies on main.
@MainActor
public protocol NodeView: AnyObject, Sendable {
    /// The view's place in its container, in points; a layout transition sets it
    /// from the supernode's layout.
    var frame: CGRect { get set }
}
