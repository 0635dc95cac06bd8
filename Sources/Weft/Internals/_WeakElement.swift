import WeftDataController

/// A selected element, held weakly: the selection must never be the last owner
/// of an element, or its node would be released on main.
struct _WeakElement {
    weak var element: CollectionElement?

    init(_ element: CollectionElement) {
        self.element = element
    }
}
