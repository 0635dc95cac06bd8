import WeftCore

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
            let result = PipelineTracing.span("background work", role: "editing queue", work)
            mainSerialQueue.performBlock { [weak self] in
                self?.backgroundWorkInFlight -= 1
                then(result)
            }
        }
    }

    /// Blocks until the editing queue has run everything handed to it so far
    /// (step 3 of issued updates, ``performInBackground(_:then:)`` work),
    /// without running what that work hands to main.
    ///
    /// For drivers that simulate frames faster than real time (`weft-sim`): the
    /// wait between two frames stands for the time a device's frame gives the
    /// background queues, and main's work stays inside the frames.
    package func waitForBackgroundWork() {
        editingQueue.sync {}
    }
}
