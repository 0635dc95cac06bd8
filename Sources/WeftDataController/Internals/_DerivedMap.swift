import WeftElementMap

/// A map step 1 produced: ready, or being derived off main (``_MapDerivation``).
enum _DerivedMap: Sendable {
    case ready(ElementMap<CollectionElement>)
    case deriving(_MapDerivation)

    /// The map, main waiting for its derivation if it is not done.
    ///
    /// - Complexity: O(1) once the derivation is done.
    var map: ElementMap<CollectionElement> { map(waitingAs: "main") }

    /// The map, waiting for its derivation if it is not done.
    ///
    /// - Parameter waiter: Who waits, as the trace names it.
    /// - Complexity: O(1) once the derivation is done.
    func map(waitingAs waiter: String) -> ElementMap<CollectionElement> {
        switch self {
        case .ready(let map): map
        case .deriving(let derivation): derivation.map(waitingAs: waiter)
        }
    }

    /// The elements the derivation made off main for items step 1 left
    /// absent, waiting for it if it is not done; empty for a map made on main.
    ///
    /// - Parameter waiter: Who waits, as the trace names it.
    /// - Complexity: O(1) once the derivation is done.
    func madeElements(waitingAs waiter: String) -> [CollectionElement] {
        switch self {
        case .ready: []
        case .deriving(let derivation): derivation.madeElements(waitingAs: waiter)
        }
    }

    /// Returns once the elements the update removed are retired: at once for
    /// a map made on main (step 1 retired them), else once the derivation has.
    ///
    /// - Parameter waiter: Who waits, as the trace names it.
    /// - Complexity: O(1) once they are retired.
    func waitUntilRemovedElementsRetired(waitingAs waiter: String) {
        if case .deriving(let derivation) = self { derivation.waitUntilRemovedElementsRetired(waitingAs: waiter) }
    }
}
