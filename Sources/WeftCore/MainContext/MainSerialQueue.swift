import DequeModule

/// An ordered queue of blocks for the main context that runs everything pending in one pass.
///
/// Any thread may add a block with ``performBlock(_:)``. One pass on the main
/// context then runs every pending block in the order added, including blocks
/// added while the pass runs, before it returns control. This is how the data
/// controller's background steps hand their commits to main: in order, and
/// without one main-queue turn per block (Texture's `ASMainSerialQueue`).
///
/// A pass is scheduled through a ``MainScheduler`` when the first block arrives;
/// code already on the main context can run the pass at once with ``runBlocks()``,
/// which is also how tests drain the queue deterministically.
public final class MainSerialQueue: Sendable {
    public typealias Block = @MainActor @Sendable () -> Void

    private struct State {
        var blocks = Deque<Block>()
        /// A pass has been scheduled and has not yet found the queue empty.
        var passScheduled = false
    }

    // A POSIX mutex, not `Mutex`: background threads hand blocks over while main
    // drains them, and ThreadSanitizer cannot see a contended `Mutex` handover.
    private let state = PosixMutex(State())
    private let scheduler: any MainScheduler

    /// Creates an empty queue whose passes run through `scheduler`.
    public init(scheduler: any MainScheduler = .dispatchMain) {
        self.scheduler = scheduler
    }

    /// Adds `block` after every block added before it; callable from any thread.
    ///
    /// - Complexity: O(1) amortized.
    public func performBlock(_ block: @escaping Block) {
        let mustSchedule = state.withLock { state in
            state.blocks.append(block)
            defer { state.passScheduled = true }
            return !state.passScheduled
        }
        if mustSchedule {
            scheduler.schedule { [self] in runBlocks() }
        }
    }

    /// The number of blocks added and not yet started.
    public var numberOfScheduledBlocks: Int {
        state.withLock { $0.blocks.count }
    }

    /// Runs every pending block in order, including blocks they add, and returns
    /// when the queue is empty.
    ///
    /// Blocks are taken one at a time, so a block that itself calls `runBlocks()`
    /// continues the same order rather than jumping ahead of older blocks.
    ///
    /// - Complexity: O(*b*) for *b* blocks run, plus their own cost.
    @MainActor
    public func runBlocks() {
        while let block = state.withLock({ state -> Block? in
            guard let next = state.blocks.popFirst() else {
                state.passScheduled = false
                return nil
            }
            return next
        }) {
            block()
        }
    }
}
