public import WeftCore
public import Foundation
public import WeftChangeSet
public import WeftDataController
public import WeftElementMap

/// Where a collection's items go, answered fast enough to run every scrolled frame.
///
/// A layout places the items of an element map, and the section headers and
/// footers (`ElementKind`) if it supports them, and answers
/// two kinds of question: the frame of one item, and which items lie in a
/// stretch of content. The range
/// controller asks the second kind on every update, so a layout answers it in
/// O(log *n*) and keeps itself current after a batch update by touching only what
/// the update changed.
///
/// **Layout order.** An item's *ordinal* is its place in index-path order over
/// all sections: the number of items in earlier sections plus its item index.
/// A layout keeps the leading and trailing edges of its items along its
/// ``scrollAxis`` non-decreasing in that order, as lists, grids and pagers do. So
/// the items that overlap a stretch of the scroll axis are always a run of
/// consecutive ordinals, and a range is two integers.
///
/// A layout whose trailing edges may decrease (a masonry, where a short item
/// follows a tall one in the other column) keeps its leading edges in order and
/// answers ``firstItemOrdinal(endingAfter:)`` with the running maximum of its
/// trailing edges: its runs then also hold the shorter items between, a few more
/// than overlap, and never fewer.
///
/// **Overlap.** An item overlaps the stretch from `a` to `b` when its trailing
/// edge is past `a` and its leading edge is before `b`, both strictly.
///
/// Layouts are main-actor objects: the range controller owns one and calls it on main.
@MainActor
public protocol CollectionLayout: AnyObject {
    /// The axis the content scrolls along.
    var scrollAxis: ScrollAxis { get }

    /// The size of all the content.
    var contentSize: CGSize { get }

    /// Lays out every item of `map` from scratch.
    ///
    /// - Parameters:
    ///   - map: The elements to place; items only.
    ///   - viewportSize: The size of the viewport the content scrolls in.
    /// - Complexity: O(*n*) for *n* items is allowed; this runs on the first
    ///   map and on `reloadData`, never per frame.
    func prepare(for map: ElementMap<CollectionElement>, viewportSize: CGSize)

    /// Lays out every item of `map` from scratch, taking what `preparation`
    /// computed in step 3 when it is this layout's and still applies. The
    /// default ignores `preparation`.
    ///
    /// - Parameters:
    ///   - map: The elements to place; items only.
    ///   - viewportSize: The size of the viewport the content scrolls in.
    ///   - preparation: What the work ``preparation(for:)`` returned for
    ///     the `reloadData` that brings `map` computed, or `nil`.
    func prepare(for map: ElementMap<CollectionElement>, viewportSize: CGSize, preparation: (any Sendable)?)

    /// Work of the commit of `changeSet` that can run in step 3, off main,
    /// once its new nodes are measured, on the update's map as it will become
    /// visible; its result reaches ``apply(_:)`` as
    /// `DataUpdate.preparation`, or ``prepare(for:viewportSize:preparation:)``
    /// for a `reloadData`. The work may read only what it captures and the
    /// maps' elements; the layout must check that what the work read did not
    /// change before it takes the result. Asked on main in step 1, only when
    /// no other commit is pending. The default returns `nil`.
    ///
    /// - Parameter changeSet: The update's validated change set.
    /// - Complexity: should be O(*k* + *s*) on main for *k* edits and *s* sections.
    func preparation(for changeSet: CompletedChangeSet) -> CommitPreparation?

    /// Brings the layout from `update.previousMap` to `update.map`.
    ///
    /// - Parameter update: A committed batch update whose previous map is the
    ///   one the layout holds.
    /// - Complexity: should be O(*k* log *n*) for *k* edits (plus O(*s*) for *s*
    ///   sections), never O(*n*), except when the update is a `reloadData`.
    func apply(_ update: DataUpdate)

    /// Takes a new viewport size, which sets the cross-axis extent of items (and
    /// for a pager the page length).
    ///
    /// - Parameter size: The new viewport size.
    func viewportSizeDidChange(to size: CGSize)

    /// Reads the sizes of some items again, after their nodes were measured anew.
    /// The default does nothing, for layouts whose frames do not follow
    /// measured sizes.
    ///
    /// - Parameters:
    ///   - indexPaths: Items of `map`.
    ///   - map: The map the layout holds.
    func invalidateItems(at indexPaths: [IndexPath], in map: ElementMap<CollectionElement>)

    /// Returns the frame of an item in content coordinates, or `nil` if the index
    /// path names no item.
    ///
    /// - Parameter indexPath: An item's index path.
    func frameForItem(at indexPath: IndexPath) -> CGRect?

    /// Returns the index paths of the items whose frames overlap `rect`, in order.
    ///
    /// - Parameter rect: A rectangle in content coordinates.
    /// - Returns: The index paths, ascending.
    /// - Complexity: O(log *n* + *k*) for *k* items returned.
    func indexPathsForItems(in rect: CGRect) -> [IndexPath]

    /// Returns the ordinal of the first item whose trailing edge along the scroll
    /// axis lies past `offset`, or the item count if there is none.
    ///
    /// - Parameter offset: A position along the scroll axis.
    /// - Complexity: O(log *n*).
    func firstItemOrdinal(endingAfter offset: CGFloat) -> Int

    /// Returns the ordinal of the first item whose leading edge along the scroll
    /// axis lies at or past `offset`, or the item count if there is none.
    ///
    /// - Parameter offset: A position along the scroll axis.
    /// - Complexity: O(log *n*).
    func firstItemOrdinal(startingAtOrAfter offset: CGFloat) -> Int

    /// Whether the layout places any supplementary element now; the range
    /// controller skips them while it does not. The default is `false`.
    ///
    /// - Complexity: O(1).
    var placesSupplementaryElements: Bool { get }

    /// Returns the frame of a supplementary element in content coordinates, or
    /// `nil` if the layout does not place one of that kind there. The default
    /// places none.
    ///
    /// - Parameters:
    ///   - kind: A kind such as `ElementKind.sectionHeader`.
    ///   - indexPath: The element's index path: item 0 of its section.
    /// - Complexity: O(log *n*).
    func frameForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> CGRect?

    /// Returns the supplementary elements whose frames overlap `rect`, in order
    /// along the scroll axis. The default returns none.
    ///
    /// - Parameter rect: A rectangle in content coordinates.
    /// - Complexity: O(log *s* + *k*) for *k* elements returned.
    func supplementaryElements(in rect: CGRect) -> [(kind: String, indexPath: IndexPath)]

    /// The size range an item is measured in when the data source gives none:
    /// the size the layout gives every item (a grid's cell, a pager's page),
    /// or `nil` for the container's default, the viewport's breadth exactly
    /// and any length, as a list's. The default is `nil`.
    ///
    /// - Parameter viewportSize: The container's viewport size.
    /// - Complexity: O(1).
    func itemSizeRange(forViewportSize viewportSize: CGSize) -> SizeRange?
}

extension CollectionLayout {
    public func prepare(for map: ElementMap<CollectionElement>, viewportSize: CGSize, preparation: (any Sendable)?) {
        prepare(for: map, viewportSize: viewportSize)
    }

    public func preparation(for changeSet: CompletedChangeSet) -> CommitPreparation? {
        nil
    }

    /// Does nothing: a layout whose frames do not follow measured sizes (a
    /// grid's, a pager's) has nothing to redo.
    public func invalidateItems(at indexPaths: [IndexPath], in map: ElementMap<CollectionElement>) {}

    public var placesSupplementaryElements: Bool { false }

    public func itemSizeRange(forViewportSize viewportSize: CGSize) -> SizeRange? { nil }

    public func frameForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> CGRect? { nil }

    public func supplementaryElements(in rect: CGRect) -> [(kind: String, indexPath: IndexPath)] { [] }
}

extension CollectionLayout {
    /// The ordinals of the items that overlap `lower ..< upper` along the scroll axis.
    ///
    /// - Complexity: O(log *n*).
    func itemOrdinals(alongScrollAxisFrom lower: CGFloat, to upper: CGFloat) -> Range<Int> {
        guard lower < upper else { return 0 ..< 0 }
        let first = firstItemOrdinal(endingAfter: lower)
        return first ..< max(first, firstItemOrdinal(startingAtOrAfter: upper))
    }
}
