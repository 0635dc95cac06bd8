/// The changes that turn one array into another: deletes, inserts, the
/// fewest possible moves, and updates, in UIKit batch-update terms.
///
/// ```swift
/// let diff = Diff(from: oldPosts, to: newPosts)
/// diff.deletes            // old indexes, ascending
/// diff.inserts            // new indexes, ascending
/// diff.moves              // old index -> new index, fewest possible
/// diff.updates            // same identity, changed content
/// diff.applied(to: oldPosts) == newPosts   // true
/// ```
///
/// Elements pair up by identity (``Diffable/diffIdentifier``); duplicated
/// identities pair so that as many elements as possible keep their places (a
/// longest common subsequence). Of the pairs, a longest subsequence that kept
/// its relative order stays where it is and every other pair is a move, so no
/// batch update can do with fewer moves. <doc:HowWeftDiffWorks> explains the
/// algorithm and its costs, with the bit-parallel method that takes over when
/// a few identities repeat so often that listing their pairs would cost more.
///
/// A diff keeps the new array (sharing its storage) so that ``applied(to:)``
/// can supply inserted and updated elements.
public struct Diff<Element> {
    /// A move from an old index to a new index.
    public typealias Move = DiffMove<Int>
    /// An update from an old index to a new index.
    public typealias Update = DiffUpdate<Int>

    /// Indexes in the old array of the elements that are gone, ascending.
    public let deletes: [Int]

    /// Indexes in the new array of the elements that are new, ascending.
    public let inserts: [Int]

    /// Elements in both arrays that must move: `from` is an old index and `to`
    /// a new index; ascending by `to`.
    ///
    /// The count is the fewest any batch update needs: the paired elements
    /// minus a longest subsequence of them that kept its relative order.
    public let moves: [Move]

    /// Elements in both arrays whose content changed (``Diffable/isContentEqual(to:)``
    /// returned `false`): `from` is an old index and `to` a new index; ascending
    /// by `to`. An element can also be in ``moves``.
    public let updates: [Update]

    /// The number of elements in the old array.
    public let oldCount: Int

    /// The new array, for ``applied(to:)``.
    @usableFromInline
    let newElements: [Element]

    /// The number of elements in the new array.
    public var newCount: Int { newElements.count }

    /// Whether the arrays hold the same identities in the same order, with
    /// unchanged contents.
    public var isEmpty: Bool {
        deletes.isEmpty && inserts.isEmpty && moves.isEmpty && updates.isEmpty
    }

    @usableFromInline
    init(
        deletes: [Int], inserts: [Int], moves: [Move], updates: [Update],
        oldCount: Int, newElements: [Element]
    ) {
        self.deletes = deletes
        self.inserts = inserts
        self.moves = moves
        self.updates = updates
        self.oldCount = oldCount
        self.newElements = newElements
        _checkInvariants()
    }
}

extension Diff: Sendable where Element: Sendable {}
