/// How a ``PostCellNode`` sets its body: the benchmarks measure what rich text
/// costs against the same cells with plain runs.
public enum PostBodyText: Hashable, Sendable {
    /// One run, no line limit: the feed's cell.
    case plain
    /// The second word underlined, the third to fifth italic, the last a
    /// link, at most 4 lines ended by "…" and a coloured " Continue reading".
    case rich
    /// The rich body's limit, token and message over one plain run: the rich
    /// body's peer.
    case limited
}
