/// The part of every value node that does not depend on its value's type: its place
/// in the graph.
///
/// You never create an `AnyValueNode`; you create a ``ValueNode`` or a
/// ``MutableValueNode``, and use this type where any node will do, as in
/// ``removeDownstream(_:)`` and ``graphDescription()``.
///
/// A node holds its upstream edges strongly and its downstream edges and listen
/// edges weakly. See <doc:Ownership>.
// @unchecked Sendable: `serial` never changes; every `var` here and in subclasses is read
// and written only by the thread that holds PropagationEngine.shared's gate.
public class AnyValueNode: @unchecked Sendable {
    /// Names the node in graph descriptions; unique in the process.
    let serial: UInt64
    /// Above the rank of every node that feeds this one through a forward edge.
    var rank = 0
    /// The wave that last evaluated this node (or set it, for a wave's source).
    var visitedWave: UInt64 = 0
    /// The wave that last put this node in the frontier.
    var scheduledWave: UInt64 = 0
    /// The topology search that last visited this node.
    var searchMark: UInt64 = 0
    /// The edges that feed this node, in the order attached; held strongly.
    var upstream = ContiguousArray<AnyEdge>()
    /// The nodes this one feeds, held weakly, with the edges that do it.
    var downstream = ContiguousArray<DownstreamLink>()
    /// Entries of `downstream` cleared by a detach and not yet removed.
    var downstreamTombstones = 0
    /// The listen edges on this node, in the order attached; `nil` marks a detached
    /// one not yet removed. Not retained: the engine's registry owns them.
    var listeners = ContiguousArray<Unmanaged<AnyListenEdge>?>()
    var listenerTombstones = 0
    /// Set while a wave applies this node's upstream edges; detaching one of them
    /// then only marks `upstreamNeedsCompaction`.
    var isEvaluating = false
    var upstreamNeedsCompaction = false
    /// Set while this node's handlers run; detaching a listen edge then leaves its
    /// tombstone in place.
    var isDelivering = false

    init() {
        serial = PropagationEngine.shared.serials.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    /// Calls every listener's handler with the current value, in the order they
    /// started listening. Overridden by ``ValueNode``, the only subclass.
    func deliverToListeners() {
        preconditionFailure("\(type(of: self)) does not override deliverToListeners()")
    }

    /// The current value, or "empty", for graph descriptions. Overridden by
    /// ``ValueNode``, the only subclass.
    var valueDescription: String {
        preconditionFailure("\(type(of: self)) does not override valueDescription")
    }
}
