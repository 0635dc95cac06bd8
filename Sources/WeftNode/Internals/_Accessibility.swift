/// What a node tells assistive technologies, behind the node's lock; each
/// field is `nil` (or empty) until set, so that a node that never sets one
/// stores nothing else.
struct _Accessibility: Sendable {
    var label: String?
    var value: String?
    var isElement: Bool?
    var isContainer: Bool?
    var traits: AccessibilityTraits = []
    var elementsHidden = false
}
