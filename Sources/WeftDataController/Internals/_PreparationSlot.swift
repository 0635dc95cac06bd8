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

    /// Step 3: runs work that needs the update's `map`, if it has not run,
    /// and keeps its result.
    func run(in map: ElementMap<CollectionElement>) {
        runTaken { state in
            guard case .work(let work) = state else { return nil }
            return { work(map) }
        }
    }

    /// Step 3, before the map is ready: runs work that reads no map, if it
    /// has not run, and keeps its result.
    func run() {
        runTaken { state in
            guard case .mapFreeWork(let work) = state else { return nil }
            return work
        }
    }

    /// Takes the work `take` picks from the state, runs it outside the lock
    /// and keeps its result.
    private func runTaken(_ take: (State) -> (@Sendable () -> any Sendable)?) {
        let work: (@Sendable () -> any Sendable)? = state.withLock { state in
            guard let work = take(state) else { return nil }
            state = .empty
            return work
        }
        guard let work else { return }
        let result = work()
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
