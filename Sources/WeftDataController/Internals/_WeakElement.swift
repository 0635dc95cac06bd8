/// An element held weakly, for the records that must never be the last owner
/// of an element (or its node would be released on main, not on the dealloc
/// queue): a container's selection and pending scroll, the range controller's
/// list of the lazy items it loaded.
package struct _WeakElement {
    package weak var element: CollectionElement?

    package init(_ element: CollectionElement) {
        self.element = element
    }
}
