/// The part of every value node that does not depend on its value's type: its place
/// in the graph.
///
/// You never create an `AnyValueNode`; you create a ``ValueNode`` or a
/// ``MutableValueNode``, and use this type where any node will do, as in
/// ``removeDownstream(_:)`` and ``graphDescription()``.
///
/// A node holds its upstream edges strongly and its downstream edges and listen
/// edges weakly. See <doc:Ownership>.
// @unchecked Sendable: `serial`, `valueSlot` and `home` never change; every `var`,
// and the memory at `valueSlot`, is read and written only by the thread that holds
// the lock of the node's graph (the engine `home.root`).
public class AnyValueNode: @unchecked Sendable {
    // Every hop of a wave reads or writes the fields up to `downstream`: declared
    // first, they share the object's first cache line with its header, which
    // halved the lines a chain's hop touches in the node.
    //
    // The lists below are `@exclusivity(unchecked)`: every access is under the lock,
    // and none spans a call that could re-enter the graph (entries are never retained
    // or released inside an access), so the dynamic checks would only cost time.

    /// Memory for one value of the subclass's `Value`, initialized when `hasValue`.
    /// Kept here, untyped, so that the engine reaches values without looking up the
    /// metadata of `ValueNode<Value>` or `Optional<Value>` on every edge.
    let valueSlot: UnsafeMutableRawPointer
    var hasValue: Bool
    /// Set when an edge is detached while the node is being evaluated: the node
    /// drops it once the evaluation ends.
    var upstreamNeedsCompaction = false
    /// The wave that last evaluated this node (or set it, for a wave's source).
    var visitedWave: UInt64 = 0
    /// The wave that last put this node in the frontier.
    var scheduledWave: UInt64 = 0
    /// The edges that feed this node, in the order attached; held strongly.
    @exclusivity(unchecked) var upstream = ContiguousArray<AnyEdge>()
    /// The edges through which this node feeds others, not retained (their consumers
    /// own them); `nil` marks an entry cleared by a detach or a consumer's death.
    @exclusivity(unchecked) var downstream = ContiguousArray<Unmanaged<AnyEdge>?>()
    var downstreamTombstones = 0
    /// The listen edges on this node, in the order attached, not retained (their
    /// owners' bags hold them); `nil` marks a detached one not yet removed.
    @exclusivity(unchecked) var listeners = ContiguousArray<Unmanaged<AnyListenEdge>?>()
    var listenerTombstones = 0
    /// Above the rank of every node that feeds this one through a forward edge.
    var rank = 0
    /// Names the node in graph descriptions; unique in the process.
    let serial: UInt64
    /// The engine this node was born in; its graph's engine is `home.root`, which
    /// merges change.
    let home: PropagationEngine
    /// The topology search that last visited this node.
    var searchMark: UInt64 = 0

    init(valueSlot: UnsafeMutableRawPointer, hasValue: Bool, home: PropagationEngine) {
        serial = PropagationEngine.serials.wrappingAdd(1, ordering: .relaxed).oldValue
        self.valueSlot = valueSlot
        self.hasValue = hasValue
        self.home = home
    }

    /// Queues the current value for every listener, in the order they started
    /// listening, on `thread`, which delivers it once it holds no graph lock.
    /// Overridden by ``ValueNode``, the only subclass.
    func queueForListeners(on thread: WaveThread) {
        preconditionFailure("\(type(of: self)) does not override queueForListeners(on:)")
    }

    /// The current value, or "empty", for graph descriptions. Overridden by
    /// ``ValueNode``, the only subclass.
    var valueDescription: String {
        preconditionFailure("\(type(of: self)) does not override valueDescription")
    }

    /// The value, which must be present, read as the subclass's `Value`.
    @inline(__always)
    func value<Value>(as type: Value.Type) -> Value {
        valueSlot.assumingMemoryBound(to: Value.self).pointee
    }

    /// Stores `value`, of the subclass's `Value`, replacing any value present.
    /// The old value is released last, as it may own this node: the caller must
    /// not touch the node afterwards unless it holds a reference.
    @inline(__always)
    func store<Value>(_ value: consuming Value) {
        let slot = valueSlot.assumingMemoryBound(to: Value.self)
        if hasValue {
            let old = slot.move()
            slot.initialize(to: value)
            _ = consume old
        } else {
            slot.initialize(to: consume value)
            hasValue = true
        }
    }
}
