/// A node of a reactive value graph: a current value, or empty, that changes when
/// the nodes it is linked from change.
///
/// You get a `ValueNode` from an operator on another node, and nothing but the
/// graph can change its value:
///
/// ```swift
/// let count = MutableValueNode(1)
/// let label = count.map { $0 * 2 }.filter { $0 > 0 }.map { "\($0) likes" }
/// label.listen(owner: cell) { [weak cell] text in cell?.text = text }   // cell: a ListenerOwner
/// count.value = 21    // the handler receives "42 likes"
/// ```
///
/// Each operator returns a new node, linked to this one by a transform edge that the
/// new node owns. A node keeps the nodes it is computed from alive, never the nodes
/// computed from it, so a chain lives exactly as long as its last consumer and its
/// intermediate nodes need no variables. See <doc:Ownership>.
///
/// A set reaches every node it changes once, in topological order, and then every
/// listener; sets on one graph from different threads are serialized, and graphs
/// that share no node never wait for each other. See <doc:Ownership>.
// @unchecked Sendable: adds no stored state; see AnyValueNode.
public class ValueNode<Value: Sendable>: AnyValueNode, @unchecked Sendable {
    /// Creates an empty node, which only links from other nodes can fill.
    ///
    /// - Complexity: O(1).
    public init() {
        super.init(
            valueSlot: UnsafeMutableRawPointer(UnsafeMutablePointer<Value>.allocate(capacity: 1)), hasValue: false,
            home: PropagationEngine())
        home.nodeCount = 1
    }

    /// Creates a node holding `value`, which only links from other nodes can change.
    ///
    /// - Parameter value: The node's value.
    /// - Complexity: O(1).
    public init(_ value: Value) {
        let slot = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        slot.initialize(to: value)
        super.init(valueSlot: UnsafeMutableRawPointer(slot), hasValue: true, home: PropagationEngine())
        home.nodeCount = 1
    }

    /// Creates an empty node born in `home`'s graph: an operator's result, which
    /// joins its source's graph.
    init(home: PropagationEngine) {
        super.init(
            valueSlot: UnsafeMutableRawPointer(UnsafeMutablePointer<Value>.allocate(capacity: 1)), hasValue: false,
            home: home)
    }

    /// Leaves the graph under its lock, so that no wave can reach this node once it
    /// is gone: until then a wave may still evaluate it, harmlessly, as its memory
    /// stays valid while its `deinit` waits for the lock.
    deinit {
        PropagationEngine.withGraph(of: self) { engine in
            engine.retire(self)
            let slot = valueSlot.assumingMemoryBound(to: Value.self)
            if hasValue {
                slot.deinitialize(count: 1)
            }
            slot.deallocate()
        }
    }

    /// The current value, or `nil` if the node is empty.
    ///
    /// From another thread than a running wave's, the read waits for the wave to
    /// finish, so it never sees half a wave. Inside a transform it returns the value
    /// as of that point in the wave; inside a handler, the latest value, which may
    /// be newer than the one the handler received.
    ///
    /// A transform that reads a node of another graph waits for that graph's
    /// wave, holding its own graph meanwhile. Where that wait would never end (the
    /// other graph's thread is itself waiting, in a transform, for this one's
    /// graph), the read does not wait: it returns the other graph's value as of
    /// where its paused wave stands.
    ///
    /// - Complexity: O(1), plus the wait for a running wave.
    public var value: Value? {
        PropagationEngine.reading(self) { storage }
    }

    /// The value, or `nil`; read only under the graph's lock.
    var storage: Value? {
        hasValue ? value(as: Value.self) : nil
    }

    override func queueForListeners(on thread: WaveThread) {
        guard hasValue else { return }
        let value = value(as: Value.self)
        for index in listeners.indices {
            guard let entry = listeners[index] else { continue }
            entry._withUnsafeGuaranteedRef { edge in
                unsafeDowncast(edge, to: ListenEdge<Value>.self).queue(value, on: thread)
            }
        }
    }

    override var valueDescription: String {
        storage.map { String(describing: $0) } ?? "empty"
    }
}
