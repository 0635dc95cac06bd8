/// A value that a diff can follow from one snapshot to the next.
///
/// A diff pairs an old and a new element when their ``diffIdentifier``s are
/// equal, and reports the pair as updated when ``isContentEqual(to:)`` says
/// their contents differ:
///
/// ```swift
/// struct Post: Diffable {
///     let id: Int
///     var title: String
///     var diffIdentifier: Int { id }
///     func isContentEqual(to other: Post) -> Bool { title == other.title }
/// }
/// ```
///
/// Every `Hashable` type can be its own identity: declare the conformance
/// (`extension Tag: Diffable {}`) and both requirements come from the default
/// implementations below. The standard library's integers, `String`,
/// `Character` and Foundation's `UUID` already conform, and `Diff(from:to:)`
/// takes arrays of any `Hashable` element even without the conformance.
///
/// Identities should be unique within one snapshot. Duplicates are allowed:
/// they pair up so that moves are the fewest possible (see
/// <doc:HowWeftDiffWorks>), and the surplus on either side becomes deletes or
/// inserts.
public protocol Diffable {
    /// The type of a value's identity.
    associatedtype DiffIdentifier: Hashable

    /// The identity that stays the same while the value's content changes.
    var diffIdentifier: DiffIdentifier { get }

    /// Returns whether this value shows the same content as `other`.
    ///
    /// A diff asks this only of pairs with equal identities, at most once per
    /// pair, and reports the pair as an update when it returns `false`.
    ///
    /// - Parameter other: The value with the same identity in the other snapshot.
    /// - Returns: `true` when nothing visible changed.
    func isContentEqual(to other: Self) -> Bool
}

extension Diffable where Self: Hashable {
    /// The value itself: two values are the same element exactly when they are equal.
    ///
    /// Inlinable, so that a diff reads the value in place rather than through a
    /// call that hands back a copy (a retain and a release per element).
    @inlinable
    public var diffIdentifier: Self { self }

    /// Returns `self == other`.
    ///
    /// When a value is its own identity, a diff never calls this: equal
    /// identities are equal values, and `Equatable` promises that equal values
    /// are interchangeable, so their contents cannot differ.
    ///
    /// - Parameter other: The value with the same identity in the other snapshot.
    /// - Returns: Whether the values are equal.
    @inlinable
    public func isContentEqual(to other: Self) -> Bool { self == other }
}
