/// How far the ranges reach, as Texture's `ASLayoutRangeMode`.
///
/// The range controller picks the mode (see ``RangeController/currentRangeMode``):
/// ``minimum`` until the user first scrolls, ``full`` after; memory warnings and
/// background transitions narrow it. Each mode has its own
/// ``RangeTuningParameters`` per ``RangeType``.
public enum RangeMode: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Small ranges: the list is on screen but the user has not scrolled yet.
    case minimum
    /// The full ranges of a list the user is scrolling.
    case full
    /// Only the visible items are displayed and preloaded.
    case visibleOnly
    /// Nothing is displayed; only the visible items stay preloaded.
    case lowMemory

    public var description: String {
        switch self {
        case .minimum: "minimum"
        case .full: "full"
        case .visibleOnly: "visibleOnly"
        case .lowMemory: "lowMemory"
        }
    }
}
