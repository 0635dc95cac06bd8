/// The tuned ranges: Texture's `ASLayoutRangeType`, and the measure range of a
/// lazy collection.
///
/// The visible range is not tuned: it is the viewport itself.
public enum RangeType: Int, CaseIterable, Hashable, Sendable {
    /// Nodes here render their contents (`InterfaceState.display`).
    case display
    /// Nodes here fetch what they will show (`InterfaceState.preload`).
    case preload
    /// Absent items here get their elements and nodes, made and measured off
    /// main, when the data controller loads lazily
    /// (`DataController.ItemLoading.lazy`). It always holds
    /// the preload range, so a node exists before it is asked to preload.
    case measure
}
