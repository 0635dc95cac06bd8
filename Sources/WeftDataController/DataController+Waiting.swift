extension DataController {
    /// Blocks main until every update issued so far has committed;
    /// ``waitForAllUpdates()`` suspends instead.
    ///
    /// Waits for the editing queue to finish step 3 of every issued update, then
    /// runs their commits now, in order. Work that prepares an update off main
    /// (a diffable data source diffing in the background) counts as issued: this
    /// waits for it and for the commits of the updates it leads to. Called from inside a commit (a
    /// delegate's batch update), it waits for step 3 only and leaves the commits
    /// to the pass already running, so that commits never nest.
    ///
    /// Like Texture's, this deadlocks if a node block waits for main: node
    /// blocks must not.
    ///
    /// - Complexity: The remaining background work of every pending update.
    public func waitUntilAllUpdatesAreProcessed() {
        // Background work hands main a job that may issue updates of its own,
        // whose step 3 then needs another pass.
        var passAgain = true
        while passAgain {
            passAgain = backgroundWorkInFlight > 0
            editingQueue.sync {}
            guard phase == .idle else { return }
            mainSerialQueue.runBlocks()
        }
    }

    /// Suspends until every update issued so far has committed, without
    /// blocking main while step 3 runs. A name of its own, so that it never
    /// shadows the blocking ``waitUntilAllUpdatesAreProcessed()`` in async code.
    public func waitForAllUpdates() async {
        let editingQueue = editingQueue
        var passAgain = true
        while passAgain {
            passAgain = backgroundWorkInFlight > 0
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                editingQueue.async { continuation.resume() }
            }
            guard phase == .idle else { return }
            mainSerialQueue.runBlocks()
        }
    }

    /// Runs `block` on main once no update is being processed: now if none is,
    /// else right after the last pending update commits.
    ///
    /// - Parameter block: The work to run.
    public func onDidFinishProcessingUpdates(_ block: @escaping @MainActor () -> Void) {
        if commits.isEmpty {
            block()
        } else {
            finishBlocks.append(block)
        }
    }

    func runFinishBlocks() {
        while commits.isEmpty, !finishBlocks.isEmpty {
            finishBlocks.removeFirst()()
        }
    }
}
