/// The storage of a spec with a style: the style is large and most elements do
/// without one, so it lives out of line. Immutable: changing a spec's style
/// replaces its box.
@usableFromInline
final class _StyledSpec: Sendable {
    @usableFromInline let node: DisplayNode?
    @usableFromInline let children: [LayoutSpec]
    @usableFromInline let style: LayoutStyle

    @usableFromInline
    init(node: DisplayNode?, children: [LayoutSpec], style: LayoutStyle) {
        self.node = node
        self.children = children
        self.style = style
    }
}
