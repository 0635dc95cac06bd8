/// Where lines sit across a text node's width.
public enum TextAlignment: Hashable, Sendable {
    case left
    case center
    case right
}
