/// A spec's style out of line, so a spec stays small and cheap to copy while most
/// elements have no style at all.
//
// @unchecked Sendable: copy on write. `LayoutSpec.style` mutates `value` only
// when the spec holds the only reference, so a box reachable from two places
// (or two threads) is never written.
final class _LayoutStyleBox: @unchecked Sendable {
    var value: LayoutStyle

    init(_ value: LayoutStyle) {
        self.value = value
    }
}
