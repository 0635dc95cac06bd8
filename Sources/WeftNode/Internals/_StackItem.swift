import Foundation

/// A stack's working state for one child while the stack lays out, along the
/// stack's axis (`main`) and across it. Kept apart from the elements, in memory
/// the stack takes for the duration, since only a stack's own pass needs it.
struct _StackItem {
    /// The child's element.
    let element: Int
    var main: CGFloat = 0
    var cross: CGFloat = 0
    var before: CGFloat = 0
    var after: CGFloat = 0
    var grow: CGFloat = 0
    var shrink: CGFloat = 0
    var align: StackLayout.Align = .start
    /// Given a new length by flexing: measured again at it.
    var flexed = false
    /// Not measured at its natural length: the one flexible child of a stack of
    /// fixed length, measured once its flexed length is known.
    var deferred = false

    init(element: Int) {
        self.element = element
    }
}
