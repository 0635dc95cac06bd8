import WeftDataController

/// An element held weakly: the range controller's record of what it loaded
/// must never keep an element, or its node, alive.
struct _WeakElement {
    weak var element: CollectionElement?
}
