/// The two tuned ranges, as Texture's `ASLayoutRangeType`.
///
/// The visible range is not tuned: it is the viewport itself.
public enum RangeType: Int, CaseIterable, Hashable, Sendable {
    /// Nodes here render their contents (``WeftNode/InterfaceState/display``).
    case display
    /// Nodes here fetch what they will show (``WeftNode/InterfaceState/preload``).
    case preload
}
