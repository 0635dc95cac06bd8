/// How a run is underlined: UIKit's `NSUnderlineStyle`, as Pango draws it.
public enum UnderlineStyle: Hashable, Sendable, CaseIterable {
    /// No line.
    case none
    /// One line under the text.
    case single
    /// Two thin lines under the text.
    case double
}
