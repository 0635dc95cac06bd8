import Dispatch
import Foundation
import WeftCore
import WeftElementMap
import WeftMemory

/// A pending map being derived off main: an update's batch applied to the
/// map before it, on the data controller's map queue, while main goes on.
///
/// Main made everything the data source had to answer (the elements) and
/// checked the batch in step 1, so the derivation cannot be refused: strict
/// validation refuses every batch the map would (duplicates, out-of-range
/// places), and step 1 sends off main only updates of few sections, so that
/// the map's section ids cannot run out here. What is left to do is the map's
/// own work: path-copying its trees and its handle index for each edit, 40% of
/// main's step 1 at a 10% update of 100k items before it moved here, and,
/// before it, marking the elements the update removes retired (``_Retirement``),
/// a fifth of main's share of that update.
///
/// When the data source answers on any thread
/// (``DataControllerDataSource/sendableElementPartsAsker(for:)``), main left
/// the batch's inserted items absent, and the derivation makes their elements
/// first, asking the data source here: an eager load's million asks and
/// elements leave main too. When it answers on main only, main asked it for
/// an update's inserted items (their node blocks, sizes and models), and the
/// derivation makes their elements from those answers.
///
/// Whoever needs the map before it is ready (the next update's step 1, a
/// query) waits for it in ``map(waitingAs:)``, as Texture's main waits for
/// its editing queue; while tracing, the wait is a span of its own.
final class _MapDerivation: Sendable {
    /// Gives, on the map queue, the function that makes the elements of the
    /// items a batch left absent, called once per item in the batch's order.
    typealias ItemMaking = @Sendable () -> (IndexPath) -> CollectionElement

    /// The map the batch applies to, the update's edits, the elements it
    /// removes and the map that holds them, until the work takes them.
    private let inputs: PosixMutex<(
        base: ElementMap<CollectionElement>, batch: ElementMap<CollectionElement>.Batch, retirement: _Retirement,
        before: ElementMap<CollectionElement>
    )?>
    /// The derived map, once the work applied the batch; `nil` before.
    private let result = PosixMutex<ElementMap<CollectionElement>?>(nil)
    /// Entered at creation, left when `result` is set: ``map(waitingAs:)`` waits on it.
    private let done = DispatchGroup()
    /// The elements the work made, once it made them, before it applies the
    /// batch; `nil` before.
    private let made = PosixMutex<[CollectionElement]?>(nil)
    /// Entered at creation, left once the elements the update removed are
    /// retired (``_Retirement``), the work's first step:
    /// ``waitUntilRemovedElementsRetired(waitingAs:)`` waits on it.
    private let retired = DispatchGroup()
    /// Entered at creation, left when `made` is set: ``madeElements(waitingAs:)``
    /// waits on it, so that step 3 measures the new nodes while the map queue
    /// still applies the batch (the two took a 10% update of 100k items 6 and
    /// 15 ms, one after the other, while the editing queue waited).
    private let elementsMade = DispatchGroup()

    /// Starts applying `batch` to `base` on `queue`.
    ///
    /// - Parameters:
    ///   - batch: The update's edits, checked on main.
    ///   - base: The map the batch applies to: the pending map before the
    ///     update, or an empty map for a `reloadData`.
    ///   - retirement: The elements the update removes, retired first.
    ///   - before: The pending map before the update, which holds them.
    ///   - queue: Where the work runs.
    ///   - deallocQueue: Where the work leaves `base`, `batch`, `before` and
    ///     `retirement` when it is done.
    ///   - makeItems: Gives, on `queue`, the function that makes the element
    ///     of each inserted item the batch left absent, which is called once
    ///     per item in the batch's order (``ElementMap/Batch/absentInsertedItemPaths``);
    ///     `nil` when main made every element.
    ///   - lifetime: The collection's; once it has ended, nothing is made.
    ///   - flow: The update's trace flow, or 0.
    /// - Complexity: O(1) here; the work is O(*k* log *n*) for *k* edits and *n*
    ///   elements, plus the retirement and making each absent inserted item.
    init(
        applying batch: ElementMap<CollectionElement>.Batch, to base: ElementMap<CollectionElement>,
        retiring retirement: _Retirement, in before: ElementMap<CollectionElement>,
        on queue: DispatchQueue, releasingOn deallocQueue: DeallocQueue,
        makingItems makeItems: ItemMaking? = nil, lifetime: _Lifetime,
        flow: UInt64
    ) {
        inputs = PosixMutex((base, batch, retirement, before))
        done.enter()
        retired.enter()
        elementsMade.enter()
        queue.async { [self] in
            guard let (base, inputBatch, retirement, before) = inputs.withLock({ $0.take() }) else {
                preconditionFailure("a pending map's derivation ran twice")
            }
            PipelineTracing.span("step 3: retire removed elements", role: "map queue", flow: flow) {
                retirement.perform(in: before)
            }
            retired.leave()
            var batch = consume inputBatch
            // A collection that is gone needs no elements: its `deinit` waits for this
            // block, which then applies the batch with the items absent.
            let made = makeItems.flatMap { makeItems in lifetime.isEnded ? nil : makeItems }.map { makeItems in
                PipelineTracing.span("step 3: elements", role: "map queue", flow: flow) {
                    batch.makeAbsentInsertedItems(makeItems())
                }
            } ?? []
            // Handed over before the batch is applied: the map only holds the
            // elements, and each element's node is behind the element's own lock.
            self.made.withLock { $0 = made }
            elementsMade.leave()
            let map = PipelineTracing.span("step 3: pending map", role: "map queue", flow: flow) {
                do {
                    return try base.applying(batch)
                } catch {
                    // Step 1 refuses, on main, every batch the map could refuse; memory
                    // running out is the one way left here, and nothing can show then.
                    preconditionFailure("the element map refused a batch step 1 accepted: \(error)")
                }
            }
            // The old maps, the batch and the retirement hold the update's removed and new
            // elements: they go where the pipeline's other garbage goes before anyone hears
            // the map is ready, so that no element's last reference is left to this block,
            // which the queue lets go of at a moment of its own.
            deallocQueue.release(value: (base, batch, before, retirement))
            result.withLock { $0 = map }
            done.leave()
        }
    }

    /// The derived map, waiting for it if it is not ready.
    ///
    /// - Parameter waiter: Who waits, as the trace names it (`"main"`).
    /// - Complexity: O(1) once ready.
    func map(waitingAs waiter: String) -> ElementMap<CollectionElement> {
        Self.value(of: result, signalledBy: done, waitingAs: waiter, for: "the pending map")
    }

    /// Returns once the work has retired the elements the update removed,
    /// waiting for it if it has not yet.
    ///
    /// - Parameter waiter: Who waits, as the trace names it.
    /// - Complexity: O(1) once they are retired.
    func waitUntilRemovedElementsRetired(waitingAs waiter: String) {
        Self.wait(on: retired, waitingAs: waiter, for: "the removed elements' retirement")
    }

    /// The elements the work made for absent inserted items, waiting for the
    /// work to make them (not for the map) if it has not yet; empty when main
    /// made every element.
    ///
    /// - Parameter waiter: Who waits, as the trace names it.
    /// - Complexity: O(1) once made.
    func madeElements(waitingAs waiter: String) -> [CollectionElement] {
        Self.value(of: made, signalledBy: elementsMade, waitingAs: waiter, for: "the new elements")
    }

    /// Returns once `group` is left, waiting for it, traced as `waiter`
    /// waiting for `what`, if it is not left yet.
    private static func wait(on group: DispatchGroup, waitingAs waiter: String, for what: String) {
        guard group.wait(timeout: .now()) == .timedOut else { return }
        PipelineTracing.span("waiting for \(what)", role: waiter) { group.wait() }
    }

    /// What `box` holds once `group` is left, waiting for it, traced as
    /// `waiter` waiting for `what`, if it is not set yet.
    private static func value<Value: Sendable>(
        of box: borrowing PosixMutex<Value?>, signalledBy group: DispatchGroup, waitingAs waiter: String, for what: String
    ) -> Value {
        if let ready = box.withLock({ $0 }) { return ready }
        wait(on: group, waitingAs: waiter, for: what)
        guard let ready = box.withLock({ $0 }) else {
            preconditionFailure("a pending map's derivation signalled without \(what)")
        }
        return ready
    }
}
