/// Where a node stands relative to the ranges of the list that shows it.
///
/// A range controller moves nodes through these states as the user scrolls:
/// ``preload`` well ahead of the viewport (fetch data), ``display`` closer
/// (render contents), ``visible`` on screen. ``visible`` implies ``display``: a
/// node is never on screen without its contents, so a state with ``visible`` and
/// without ``display`` is refused with ``NodeError/visibleWithoutDisplay(requested:node:)``.
/// ``preload`` is independent of the other two.
///
/// This is Texture's `ASInterfaceState` without `MeasureLayout`, which Weft does
/// not track: measuring is ``DisplayNode/layoutThatFits(_:)``, callable at any time.
public struct InterfaceState: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// In the preload range: the node should fetch what it will show.
    public static let preload = InterfaceState(rawValue: 1 << 0)
    /// In the display range: the node should render its contents.
    public static let display = InterfaceState(rawValue: 1 << 1)
    /// On screen. Only valid together with ``display``.
    public static let visible = InterfaceState(rawValue: 1 << 2)

    /// Every state at once: preloaded, displayed and on screen.
    public static let all: InterfaceState = [.preload, .display, .visible]

    /// Whether a node may be in this state: ``visible`` only with ``display``,
    /// and no bits beyond the three states.
    package var isValid: Bool {
        InterfaceState.all.isSuperset(of: self) && (!contains(.visible) || contains(.display))
    }

    /// The states by name, as in `[preload, display]`; `[]` for none.
    public var description: String {
        let names = [(InterfaceState.preload, "preload"), (.display, "display"), (.visible, "visible")]
            .compactMap { contains($0.0) ? $0.1 : nil }
        let unknown = subtracting(.all).rawValue
        return "[" + (names + (unknown == 0 ? [] : ["0x\(String(unknown, radix: 16))"])).joined(separator: ", ") + "]"
    }
}
