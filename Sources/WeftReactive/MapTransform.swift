import WeftCore

/// A transform made by hand and attached between two nodes: EasyReact's
/// `EZRMapTransform`, with its `from` and `to`.
///
/// ``ValueNode/link(to:transform:)`` makes a link and hands back only a
/// ``Cancelable``; a `MapTransform` is the same link as an object of its own, whose
/// ends can be set, changed and cleared at any time. It links ``from`` to ``to``
/// while both are set: setting either end detaches the old link and, if both
/// ends are then set, makes a new one, which carries `from`'s current value at
/// once; clearing either end (`transform.from = nil`) detaches it.
///
/// Ownership is EasyReact's: ``to`` owns the link, the link owns this object, and
/// this object keeps ``from`` alive; it holds ``to`` weakly. So an attached
/// transform lives as long as its `to` node, whoever else lets it go, and
/// transforms that close a ring (a to b, b to c, c to a) keep all of its nodes
/// and themselves alive until one of them is detached, as in EasyReact's own
/// example:
///
/// ```swift
/// let aToB = MapTransform<Int, Int> { $0 * 2 }
/// aToB.from = nodeA
/// aToB.to = nodeB
/// // ... bToC and cToA close the ring; later, to let it go:
/// aToB.from = nil
/// ```
///
/// Safe on any thread. The transform runs on the thread that set the value.
// @unchecked Sendable: `state` is only touched inside its lock; `transform` is immutable.
public final class MapTransform<Input: Sendable, Output: Sendable>: @unchecked Sendable {
    private struct State {
        var from: ValueNode<Input>?
        weak var to: ValueNode<Output>?
        /// The link while both ends are set.
        var link: Cancelable?
        /// Counts changes of the ends, so that a change that made a link while a
        /// later change ran keeps the later one's.
        var generation = 0
    }

    private let state = PosixMutex(State())
    private let transform: @Sendable (Input) -> Output

    /// A transform with no ends yet.
    ///
    /// - Parameter transform: Turns a value of ``from`` into a value of ``to``.
    public init(_ transform: @escaping @Sendable (Input) -> Output) {
        self.transform = transform
    }

    /// The node whose values this transform carries, held strongly.
    ///
    /// - Complexity: Setting it is that of ``ValueNode/link(to:transform:)``.
    public var from: ValueNode<Input>? {
        get { state.withLock { $0.from } }
        set { relink { $0.from = newValue } }
    }

    /// The node that takes the transformed values, held weakly: it owns the link.
    ///
    /// - Complexity: Setting it is that of ``ValueNode/link(to:transform:)``.
    public var to: ValueNode<Output>? {
        get { state.withLock { $0.to } }
        set { relink { $0.to = newValue } }
    }

    /// Whether the transform links its ends now: both are set (``to`` is alive)
    /// and the link is made. A link made from a transform is made when the wave
    /// ends (see ``ValueNode/link(to:transform:)``), and counts from then.
    public var isAttached: Bool { state.withLock { $0.link != nil && $0.to != nil } }

    /// Detaches the link and clears both ends. A change of the ends running at
    /// the same time on another thread may still carry one value before its link
    /// is cancelled.
    public func detach() {
        relink {
            $0.from = nil
            $0.to = nil
        }
    }

    /// Changes the ends, then replaces the link outside the lock: linking runs
    /// the transform, which may touch this object.
    private func relink(_ change: (inout State) -> Void) {
        let (old, ends, generation) = state.withLock { state -> (Cancelable?, (ValueNode<Input>, ValueNode<Output>)?, Int) in
            change(&state)
            state.generation += 1
            let old = state.link
            state.link = nil
            let ends = state.from.flatMap { from in state.to.map { (from, $0) } }
            return (old, ends, state.generation)
        }
        old?.cancel()
        guard let (from, to) = ends else { return }
        // The link holds this object, as `to` holds an EasyReact transform.
        let link = from.link(to: to) { [self] in transform($0) }
        let isCurrent = state.withLock { state in
            guard state.generation == generation else { return false }
            state.link = link
            return true
        }
        if !isCurrent { link.cancel() }
    }
}
