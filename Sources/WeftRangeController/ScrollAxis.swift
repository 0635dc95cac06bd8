/// The axis a layout's content scrolls along.
///
/// Weft's layouts scroll along one axis, as `UITableView`, a flow layout and a
/// pager do; ranges extend along that axis only.
public enum ScrollAxis: Hashable, Sendable {
    /// Content scrolls up and down.
    case vertical
    /// Content scrolls left and right.
    case horizontal
}
