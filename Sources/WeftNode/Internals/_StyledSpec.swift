/// The storage of a spec with a style: the style is large and most elements do
/// without one, so it lives out of line. Immutable: changing a spec's style
/// replaces its box.
final class _StyledSpec: Sendable {
    let node: DisplayNode?
    let children: [LayoutSpec]
    let style: LayoutStyle

    init(node: DisplayNode?, children: [LayoutSpec], style: LayoutStyle) {
        self.node = node
        self.children = children
        self.style = style
    }
}
