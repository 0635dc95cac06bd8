import WeftCore
import WeftElementMap

/// The newest committed version waiting for its position tables, shared by
/// main (which puts it) and the position queue (which takes it).
final class _PositionTableHandOff: Sendable {
    private let slot = PosixMutex<ElementMap<CollectionElement>?>(nil)

    /// Puts `map` in the slot and returns the version it replaces, unbuilt.
    func put(_ map: ElementMap<CollectionElement>) -> ElementMap<CollectionElement>? {
        slot.withLock { waiting in
            let old = waiting
            waiting = map
            return old
        }
    }

    /// Takes the version waiting, leaving the slot empty.
    func take() -> ElementMap<CollectionElement>? {
        slot.withLock { waiting in
            let taken = waiting
            waiting = nil
            return taken
        }
    }
}
