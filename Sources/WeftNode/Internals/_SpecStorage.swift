/// What a ``LayoutSpec`` holds strongly: its node, its children, or, once it has
/// a style, a box with both and the style.
///
/// One reference whatever the case, so copying or destroying a spec (which an
/// app's spec-building code does for every element, every layout pass) costs one
/// reference count, not one per field.
@usableFromInline
enum _SpecStorage: Sendable {
    case node(DisplayNode)
    case children([LayoutSpec])
    case styled(_StyledSpec)
}
