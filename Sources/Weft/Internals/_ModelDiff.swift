import Dispatch
import WeftChangeSet
import WeftCore
import WeftDataController
import WeftDiff
import WeftElementMap

/// The diff of node models that brings a collection back to its data source
/// after a refused batch, run off main.
///
/// Main asks the data source for its models (as Texture asks a data source, on
/// main) and starts the job; a concurrent queue reads the pending elements'
/// models, boxes both sides and diffs them, which is most of the work (85 ms of
/// main's time at 100k items when it ran there). Main takes the result when the
/// job tells it, or sooner, waiting, when something needs the pending elements
/// first (see `CollectionNode.resynchronizeIfNeeded()`).
final class _ModelDiff: Sendable {
    /// What the diff found.
    enum Outcome: Sendable {
        /// Turns the pending elements into the data source's items.
        case changeSet(ChangeSet)
        /// A pending element has no node model: only a reload can pair them.
        case reload
    }

    private let outcome = PosixMutex<Outcome?>(nil)
    private let group = DispatchGroup()

    /// Starts diffing `pending`'s node models against `models`, section by
    /// section (sections paired by index).
    ///
    /// - Complexity: O(*n*) off main for *n* items, before and after.
    init(from pending: ElementMap<CollectionElement>, to models: [[any Hashable & Sendable]]) {
        DispatchQueue.global(qos: .userInitiated).async(group: group) {
            let found = Self.diff(from: pending, to: models)
            self.outcome.withLock { $0 = found }
        }
    }

    /// Schedules `body` on `scheduler` once the diff is done.
    func notify(on scheduler: any MainScheduler, _ body: @escaping @MainActor @Sendable () -> Void) {
        group.notify(queue: .global(qos: .userInitiated)) { scheduler.schedule(body) }
    }

    /// Suspends until the diff is done.
    func done() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            group.notify(queue: .global(qos: .userInitiated)) { done.resume() }
        }
    }

    /// Blocks until the diff is done and returns what it found.
    func wait() -> Outcome {
        group.wait()
        guard let found = outcome.withLock({ $0 }) else {
            preconditionFailure("the model diff's group left before its outcome was stored")
        }
        return found
    }

    private static func diff(from pending: ElementMap<CollectionElement>, to models: [[any Hashable & Sendable]]) -> Outcome {
        var old: [[AnyHashable]] = []
        old.reserveCapacity(pending.numberOfSections)
        for section in 0 ..< pending.numberOfSections {
            var boxed: [AnyHashable] = []
            boxed.reserveCapacity(pending.numberOfItems(inSection: section))
            for element in pending.items(inSection: section) {
                guard let model = element?.nodeModel else { return .reload }
                boxed.append(AnyHashable(model))
            }
            old.append(boxed)
        }
        let new = models.map { $0.map { AnyHashable($0) } }
        return .changeSet(ChangeSet(
            diffingSections: Array(0 ..< old.count), items: old, to: Array(0 ..< new.count), items: new))
    }
}
