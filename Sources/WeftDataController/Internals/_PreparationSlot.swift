import WeftCore
import WeftElementMap

/// One update's ``CommitPreparation``, from step 1 (main puts the work) through
/// step 3 (the editing queue runs it) to step 5 (main takes the result).
///
/// The work leaves the slot before it runs, so that what it captured (a
/// layout's old lengths, say) is released on the editing queue before the
/// commit is scheduled: main then edits those values in place instead of
/// copying them.
final class _PreparationSlot: Sendable {
    private enum State {
        case work(CommitPreparation)
        /// Work that reads no map: it can run before the map is derived.
        case mapFreeWork(@Sendable () -> any Sendable)
        case result(any Sendable)
        case empty
    }

    private let state: PosixMutex<State>

    init(_ work: @escaping CommitPreparation) {
        state = PosixMutex(.work(work))
    }

    /// A slot for work that reads only what it captured, not the update's
    /// map: ``run()`` runs it while the map is still being derived.
    init(readingNoMap work: @escaping @Sendable () -> any Sendable) {
        state = PosixMutex(.mapFreeWork(work))
    }

    /// Step 3: runs the work on the update's `map`, if it has not run, and keeps its result.
    func run(in map: ElementMap<CollectionElement>) {
        let taken: CommitPreparation? = state.withLock { state in
            switch state {
            case .work(let work):
                state = .empty
                return work
            case .mapFreeWork(let work):
                state = .empty
                return { _ in work() }
            case .result, .empty:
                return nil
            }
        }
        guard let taken else { return }
        let result = taken(map)
        state.withLock { $0 = .result(result) }
    }

    /// Step 3, before the map is ready: runs work that reads no map, if it
    /// has not run, and keeps its result; does nothing for work that needs the
    /// map (``run(in:)`` runs it).
    func run() {
        let taken: (@Sendable () -> any Sendable)? = state.withLock { state in
            guard case .mapFreeWork(let work) = state else { return nil }
            state = .empty
            return work
        }
        guard let taken else { return }
        let result = taken()
        state.withLock { $0 = .result(result) }
    }

    /// Step 5: the result, or `nil` if the work never ran (the data
    /// controller was dropped before its step 3).
    func takeResult() -> (any Sendable)? {
        state.withLock { state in
            guard case .result(let result) = state else { return nil }
            state = .empty
            return result
        }
    }
}
