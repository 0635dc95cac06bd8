public import Foundation

#if !canImport(UIKit)
/// UIKit's two-level index paths, for platforms without UIKit.
///
/// With UIKit present these members come from UIKit itself, so Weft code reads
/// the same on every platform.
extension IndexPath {
    /// Creates an index path for an item in a section.
    // Inlinable, as are the two properties below: each is a call into
    // Foundation, and a lookup that returns or reads an index path in a loop
    // paid a call to this wrapper around it too.
    @inlinable
    public init(item: Int, section: Int) {
        // Appending to a one-index path yields Foundation's inline two-index storage;
        // `init(indexes: [section, item])` would allocate an array on every call.
        self.init(index: section)
        append(item)
    }

    /// The section number: the first index.
    @inlinable
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The item number within its section: the second index.
    @inlinable
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
#endif
