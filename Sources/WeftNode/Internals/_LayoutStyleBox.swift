/// A spec's style out of line, so a spec stays small and cheap to copy while most
/// elements have no style at all. Immutable: changing a spec's style replaces
/// its box, so a box is never written and needs no copy-on-write check.
final class _LayoutStyleBox: Sendable {
    let value: LayoutStyle

    init(_ value: LayoutStyle) {
        self.value = value
    }
}
