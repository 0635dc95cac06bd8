public import Foundation
import WeftCore

/// A faithful model of what Texture does to its element map on every change
/// set, written here as the peer:
///
/// 1. `[previousMap mutableCopy]`: one mutable copy of every section array
///    (`ASTwoDimensionalArrayDeepMutableCopy`) and of the supplementary dictionaries;
/// 2. deletes (descending) and inserts (ascending) on those arrays;
/// 3. `[mutableMap copy]` -> `-[ASElementMap initWithSections:items:supplementaryElements:]`:
///    copies every section array again (`copyItems:YES`), copies the
///    supplementary dictionaries, and rebuilds the element -> index path table
///    with one entry per element (`NSMapTable`, keyed by pointer identity).
///
/// Swift arrays of class references copy the way `NSArray` copies: a buffer
/// copy plus one retain per element, so the cost per element matches in kind.
public final class TextureElementMapModel<Element: AnyObject & Sendable>: Sendable {
    public let sections: [[Element]]
    public let supplementaryElements: [String: [IndexPath: Element]]
    public let elementToIndexPath: [ObjectIdentifier: IndexPath]

    public init(sections: [[Element]], supplementaryElements: [String: [IndexPath: Element]]) {
        var copied: [[Element]] = []
        copied.reserveCapacity(sections.count)
        for section in sections { copied.append(Self.copy(section, spare: 0)) }
        self.sections = copied
        self.supplementaryElements = supplementaryElements.mapValues { Dictionary(uniqueKeysWithValues: $0.map { ($0, $1) }) }
        var reverse = [ObjectIdentifier: IndexPath](minimumCapacity: copied.reduce(0) { $0 + $1.count })
        for (s, items) in copied.enumerated() {
            for (i, element) in items.enumerated() { reverse[ObjectIdentifier(element)] = IndexPath(item: i, section: s) }
        }
        elementToIndexPath = reverse
    }

    /// The next map after deleting `deletes` (descending, old index space) and
    /// inserting `inserts` (ascending, new index space).
    public func applying(deletes: [IndexPath], inserts: [(IndexPath, Element)]) -> TextureElementMapModel {
        var mutable: [[Element]] = []
        mutable.reserveCapacity(sections.count)
        for section in sections { mutable.append(Self.copy(section, spare: 16)) }
        let supplementary = supplementaryElements.mapValues { Dictionary(uniqueKeysWithValues: $0.map { ($0, $1) }) }
        for path in deletes { mutable[path.section].remove(at: path.item) }
        for (path, element) in inserts { mutable[path.section].insert(element, at: path.item) }
        return TextureElementMapModel(sections: mutable, supplementaryElements: supplementary)
    }

    /// A real copy (new buffer, one retain per element), as `-mutableCopy` and
    /// `copyItems:YES` make; `var b = a` would only share the buffer.
    private static func copy(_ section: [Element], spare: Int) -> [Element] {
        var copy: [Element] = []
        copy.reserveCapacity(section.count + spare)
        copy.append(contentsOf: section)
        return copy
    }
}
