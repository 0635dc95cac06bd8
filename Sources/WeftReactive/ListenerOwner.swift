/// An object whose listen edges live exactly as long as it does.
///
/// Adopt it by storing a bag of your own:
///
/// ```swift
/// final class CellController: ListenerOwner {
///     let listenerBag = ListenerBag()
/// }
/// ```
///
/// ``ValueNode/listen(owner:_:)`` puts each listen edge in the owner's bag, the only
/// strong reference to it. When the owner dies, so does the bag, and it takes its
/// edges out of the graph there and then: no handler call starts afterwards, and the
/// edges and every node only they kept alive are released before the owner's
/// `deinit` returns (or, if the owner dies inside a transform or handler, as soon
/// as that wave or handler ends). This is EasyReact's rule, which hangs listen edges on their
/// owner with an associated object; Swift on Linux has none, so the owner carries
/// the bag itself.
public protocol ListenerOwner: AnyObject {
    /// The bag that holds this object's listen edges. Store one per owner, in a
    /// `let`: an owner that hands out another object's bag lends its listeners
    /// that object's lifetime.
    var listenerBag: ListenerBag { get }
}
