public import Foundation

#if !canImport(UIKit)
/// UIKit's two-level index paths, for platforms without UIKit.
///
/// With UIKit present these members come from UIKit itself, so Weft code reads
/// the same on every platform.
extension IndexPath {
    /// Creates an index path for an item in a section.
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The section number: the first index.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The item number within its section: the second index.
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
#endif
