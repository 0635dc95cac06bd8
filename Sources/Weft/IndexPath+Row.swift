public import Foundation

#if !canImport(UIKit)
extension IndexPath {
    /// An index path of a table row, as UIKit's `IndexPath(row:section:)`, which
    /// Foundation alone does not have: the same path as `IndexPath(item:section:)`.
    public init(row: Int, section: Int) {
        self.init(item: row, section: section)
    }

    /// The row of a table's index path: the same number as `item`.
    public var row: Int {
        get { item }
        set { item = newValue }
    }
}
#endif
