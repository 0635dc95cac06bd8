extension DataController {
    /// Runs `work` on the editing queue, after the background work of every
    /// update issued before it, then hands its result to `then` on main, in
    /// order with the commits of those updates.
    ///
    /// This is how work that prepares an update (a diff, say) leaves main and
    /// still takes its place in the pipeline: updates that `then` issues run
    /// after every one issued before `work` was, and
    /// ``waitUntilAllUpdatesAreProcessed()`` waits for `work`, `then`, and the
    /// commits of whatever `then` issued.
    ///
    /// - Complexity: O(1) on main, plus what `then` does.
    package func performInBackground<Result: Sendable>(
        _ work: @escaping @Sendable () -> Result,
        then: @escaping @MainActor @Sendable (Result) -> Void
    ) {
        backgroundWorkInFlight += 1
        let mainSerialQueue = mainSerialQueue
        editingQueue.async { [weak self] in
            let result = work()
            mainSerialQueue.performBlock { [weak self] in
                self?.backgroundWorkInFlight -= 1
                then(result)
            }
        }
    }
}
