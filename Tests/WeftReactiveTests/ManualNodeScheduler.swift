import WeftCore
import WeftReactive

/// A ``NodeScheduler`` with a clock that only moves when a test advances it, so that
/// `deliver(on:)`, `delay` and `throttle` are tested without real time passing.
final class ManualNodeScheduler: NodeScheduler {
    private struct Job {
        let deadline: Duration
        let order: Int
        let work: @Sendable () -> Void
    }

    private struct State {
        var now: Duration = .zero
        var scheduled = 0
        var jobs: [Job] = []
    }

    private let state = PosixMutex(State())

    /// How far the clock has moved since the scheduler was created.
    var now: Duration { state.withLock { $0.now } }

    /// The number of jobs scheduled and not yet run.
    var pendingJobCount: Int { state.withLock { $0.jobs.count } }

    func schedule(after delay: Duration, _ job: @escaping @Sendable () -> Void) {
        state.withLock { state in
            state.jobs.append(Job(deadline: state.now + delay, order: state.scheduled, work: job))
            state.scheduled += 1
        }
    }

    /// Moves the clock forward by `interval`, running every job that falls due, in
    /// deadline order (then scheduling order), each with the clock at its deadline.
    func advance(by interval: Duration) {
        let end = state.withLock { $0.now + interval }
        while let job = state.withLock({ state -> Job? in
            guard let next = state.jobs.indices
                .filter({ state.jobs[$0].deadline <= end })
                .min(by: { (state.jobs[$0].deadline, state.jobs[$0].order) < (state.jobs[$1].deadline, state.jobs[$1].order) })
            else {
                state.now = end
                return nil
            }
            state.now = max(state.now, state.jobs[next].deadline)
            return state.jobs.remove(at: next)
        }) {
            job.work()
        }
    }

    /// Runs every job due now.
    func runDueJobs() {
        advance(by: .zero)
    }
}
