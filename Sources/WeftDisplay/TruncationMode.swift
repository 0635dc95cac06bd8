/// Where text that does not fit its line limit is cut, marked by an ellipsis.
public enum TruncationMode: Hashable, Sendable {
    /// Cut the end of the last line (the default).
    case end
    /// Cut the middle of the last line.
    case middle
    /// Cut the start of the last line.
    case start
}
