/// A font weight, on the CSS and OpenType scale that Pango uses.
public enum FontWeight: Int, Hashable, Sendable, CaseIterable {
    case thin = 100
    case light = 300
    case regular = 400
    case medium = 500
    case semibold = 600
    case bold = 700
    case heavy = 800
}
