import Foundation

extension IndexPath {
    /// A (section, item) path built without the array that
    /// `init(indexes:)` allocates: a lookup that returns one stays allocation-free.
    init(section: Int, item: Int) {
        self.init(index: section)
        append(item)
    }
}
