/// The slant of a font: Pango's `PangoStyle`, UIKit's italic trait.
public enum FontStyle: Hashable, Sendable, CaseIterable {
    /// Upright.
    case normal
    /// The family's italic face, or its regular face slanted where it has none.
    case italic
    /// The regular face slanted, or the italic face where there is no oblique one.
    case oblique
}
