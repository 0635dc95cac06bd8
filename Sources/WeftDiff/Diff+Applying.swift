extension Diff {
    /// Returns the array this diff makes of `old`, applying it as one UIKit
    /// batch update would.
    ///
    /// Deleted and moved-away elements leave; inserted and moved elements land
    /// at their new indexes; the rest keep their order and fill the remaining
    /// places; updated places take the new element. Elements that neither
    /// changed place nor content stay the old values. Inserted and updated
    /// elements come from the new array the diff was made with.
    ///
    /// - Parameter old: The array the diff was made from (the same count).
    /// - Returns: An array equal, element by element in identity and content, to the new one.
    /// - Precondition: `old` has ``oldCount`` elements.
    /// - Complexity: O(*n* + *m*) for *n* old and *m* new elements.
    public func applied(to old: [Element]) -> [Element] {
        precondition(
            old.count == oldCount,
            "applied(to:) needs the \(oldCount) elements this diff was made from; got \(old.count)")
        var arriving = inserts.map { (index: $0, element: newElements[$0]) }
        arriving += moves.map { (index: $0.to, element: old[$0.from]) }
        var result = _Placement.place(
            count: newCount, old: old, leaving: deletes + moves.map(\.from), arriving: arriving,
            what: "\(old.count) elements")
        for update in updates { result[update.to] = newElements[update.to] }
        return result
    }
}
