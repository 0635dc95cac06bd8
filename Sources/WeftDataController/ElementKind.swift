/// The names of the supplementary kinds that Weft's list and grid layouts place:
/// UIKit's `UICollectionView.elementKindSectionHeader` and
/// `elementKindSectionFooter`, with the same string values, so that kinds read
/// from UIKit code mean the same here.
///
/// A data source may name other kinds too; their elements are allocated,
/// measured and edited with their sections like these, but the built-in layouts
/// do not place them.
public enum ElementKind {
    /// A section's header, placed before its first item.
    public static let sectionHeader = "UICollectionElementKindSectionHeader"

    /// A section's footer, placed after its last item.
    public static let sectionFooter = "UICollectionElementKindSectionFooter"
}
