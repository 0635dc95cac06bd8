public import Foundation

/// The content of a collection at one moment: sections of items, each named by
/// a unique identifier. UIKit's `NSDiffableDataSourceSnapshot`, with the same
/// methods; where UIKit raises an exception, a method throws a ``SnapshotError``
/// and the snapshot stays as it was.
///
/// Identifiers are plain `Hashable` values, as in UIKit: an item's identity is
/// its value. To say that an item's content changed, keep its identifier and
/// call ``reconfigureItems(_:)`` (the item keeps its node, which gets the new
/// model) or ``reloadItems(_:)`` (the item gets a new node).
///
/// ```swift
/// var snapshot = CollectionSnapshot<Section, Post.ID>()
/// try snapshot.appendSections([.pinned, .feed])
/// try snapshot.appendItems(pinned.map(\.id), toSection: .pinned)
/// try snapshot.appendItems(posts.map(\.id), toSection: .feed)
/// try dataSource.apply(snapshot)
/// ```
public struct CollectionSnapshot<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    Sendable
{
    public typealias Section = SectionIdentifierType
    public typealias Item = ItemIdentifierType

    /// The section identifiers, in order.
    public internal(set) var sectionIdentifiers: [Section] = []

    /// The items of each section, in the order of ``sectionIdentifiers``.
    var itemsBySection: [[Item]] = []

    /// Where each section is in ``sectionIdentifiers``.
    var sectionIndexes: [Section: Int] = [:]

    /// The section that holds each item.
    var sectionOfItem: [Item: Section] = [:]

    /// The sections to reload when this snapshot is applied, in the order named.
    public internal(set) var reloadedSectionIdentifiers: [Section] = []

    /// The items to reload (with new nodes) when this snapshot is applied.
    public internal(set) var reloadedItemIdentifiers: [Item] = []

    /// The items to reconfigure (in place) when this snapshot is applied.
    public internal(set) var reconfiguredItemIdentifiers: [Item] = []

    /// Creates an empty snapshot.
    public init() {}

    /// Creates a snapshot of the given sections and their items.
    ///
    /// - Throws: ``SnapshotError/duplicateSection(_:firstAt:againAt:)`` or
    ///   ``SnapshotError/duplicateItem(_:firstAt:againAt:)``.
    /// - Complexity: O(*n*) for *n* items, expected; one hash per item.
    @inlinable
    public init(_ sections: [(Section, [Item])]) throws(SnapshotError) {
        var itemCount = 0
        for (_, items) in sections { itemCount += items.count }
        var sectionOfItem: [Item: Section] = [:]
        var sectionIndexes: [Section: Int] = [:]
        sectionOfItem.reserveCapacity(itemCount)
        sectionIndexes.reserveCapacity(sections.count)
        for (s, (section, items)) in sections.enumerated() {
            if let first = sectionIndexes.updateValue(s, forKey: section) {
                throw .duplicateSection("\(section)", firstAt: first, againAt: s)
            }
            for (i, item) in items.enumerated() where sectionOfItem.updateValue(section, forKey: item) != nil {
                throw .duplicateItem(
                    "\(item)", firstAt: Self.firstIndexPath(of: item, in: sections), againAt: IndexPath(item: i, section: s))
            }
        }
        self.init(
            sectionIdentifiers: sections.map(\.0), itemsBySection: sections.map(\.1),
            sectionIndexes: sectionIndexes, sectionOfItem: sectionOfItem)
    }

    /// A snapshot of checked parts.
    @usableFromInline
    init(sectionIdentifiers: [Section], itemsBySection: [[Item]], sectionIndexes: [Section: Int], sectionOfItem: [Item: Section]) {
        self.sectionIdentifiers = sectionIdentifiers
        self.itemsBySection = itemsBySection
        self.sectionIndexes = sectionIndexes
        self.sectionOfItem = sectionOfItem
    }

    /// Where `item` first occurs in `sections`; only a duplicate's error needs it.
    @usableFromInline
    static func firstIndexPath(of item: Item, in sections: [(Section, [Item])]) -> IndexPath {
        for (s, (_, items)) in sections.enumerated() {
            if let i = items.firstIndex(of: item) { return IndexPath(item: i, section: s) }
        }
        preconditionFailure("\(item) was reported twice but occurs nowhere")
    }

    /// The number of sections.
    ///
    /// - Complexity: O(1).
    public var numberOfSections: Int { sectionIdentifiers.count }

    /// The number of items in all sections.
    ///
    /// - Complexity: O(1).
    public var numberOfItems: Int { sectionOfItem.count }

    /// Every item identifier, section by section.
    ///
    /// - Complexity: O(*n*).
    public var itemIdentifiers: [Item] { itemsBySection.flatMap { $0 } }

    /// The number of items in `section`.
    ///
    /// - Throws: ``SnapshotError/noSuchSection(_:)``.
    /// - Complexity: O(1).
    public func numberOfItems(inSection section: Section) throws(SnapshotError) -> Int {
        itemsBySection[try index(of: section)].count
    }

    /// The item identifiers of `section`, in order.
    ///
    /// - Throws: ``SnapshotError/noSuchSection(_:)``.
    /// - Complexity: O(1).
    public func itemIdentifiers(inSection section: Section) throws(SnapshotError) -> [Item] {
        itemsBySection[try index(of: section)]
    }

    /// The section that holds `item`, or `nil` if the snapshot has no such item.
    ///
    /// - Complexity: O(1), expected.
    public func sectionIdentifier(containingItem item: Item) -> Section? {
        sectionOfItem[item]
    }

    /// The position of `item` in ``itemIdentifiers``, or `nil`.
    ///
    /// - Complexity: O(*s* + *m*) for *s* sections and *m* items in its section.
    public func indexOfItem(_ item: Item) -> Int? {
        guard let path = indexPath(of: item) else { return nil }
        return itemsBySection[..<path.section].reduce(path.item) { $0 + $1.count }
    }

    /// The position of `section` in ``sectionIdentifiers``, or `nil`.
    ///
    /// - Complexity: O(1), expected.
    public func indexOfSection(_ section: Section) -> Int? {
        sectionIndexes[section]
    }

    /// The index path of `item`, or `nil` if the snapshot has no such item.
    ///
    /// - Complexity: O(*m*) for *m* items in its section.
    public func indexPath(of item: Item) -> IndexPath? {
        guard let section = sectionOfItem[item], let s = sectionIndexes[section],
            let i = itemsBySection[s].firstIndex(of: item)
        else { return nil }
        return IndexPath(item: i, section: s)
    }

    func index(of section: Section) throws(SnapshotError) -> Int {
        guard let index = sectionIndexes[section] else { throw .noSuchSection("\(section)") }
        return index
    }

    mutating func reindexSections() {
        sectionIndexes = Dictionary(uniqueKeysWithValues: sectionIdentifiers.enumerated().map { ($1, $0) })
    }

    /// The snapshot without reload and reconfigure marks: what a data source
    /// shows once it applied this one.
    var applied: Self {
        var copy = self
        copy.reloadedSectionIdentifiers = []
        copy.reloadedItemIdentifiers = []
        copy.reconfiguredItemIdentifiers = []
        return copy
    }

    #if WEFT_INTERNAL_CHECKS
    /// Traps unless the indexes agree with the sections and items. O(*n*).
    package func _checkInvariants() {
        precondition(itemsBySection.count == sectionIdentifiers.count, "item lists and sections differ in count")
        precondition(sectionIndexes.count == sectionIdentifiers.count, "a section identifier is duplicated")
        var count = 0
        for (s, section) in sectionIdentifiers.enumerated() {
            precondition(sectionIndexes[section] == s, "section \(section) index is stale")
            for item in itemsBySection[s] {
                precondition(sectionOfItem[item] == section, "item \(item) section is stale")
                count += 1
            }
        }
        precondition(count == sectionOfItem.count, "an item identifier is duplicated or stale")
        for item in reloadedItemIdentifiers + reconfiguredItemIdentifiers {
            precondition(sectionOfItem[item] != nil, "marked item \(item) is not in the snapshot")
        }
        for section in reloadedSectionIdentifiers {
            precondition(sectionIndexes[section] != nil, "marked section \(section) is not in the snapshot")
        }
    }
    #else
    @inline(__always)
    package func _checkInvariants() {}
    #endif
}
