/// A node of a reactive value graph: a current value, or empty, that changes when
/// the nodes it is linked from change.
///
/// You get a `ValueNode` from an operator on another node, and nothing but the
/// graph can change its value:
///
/// ```swift
/// let count = MutableValueNode(1)
/// let label = count.map { $0 * 2 }.filter { $0 > 0 }.map { "\($0) likes" }
/// label.listen(owner: cell) { [weak cell] text in cell?.text = text }
/// count.value = 21    // the handler receives "42 likes"
/// ```
///
/// Each operator returns a new node, linked to this one by a transform edge that the
/// new node owns. A node keeps the nodes it is computed from alive, never the nodes
/// computed from it, so a chain lives exactly as long as its last consumer and its
/// intermediate nodes need no variables. See <doc:Ownership>.
///
/// A set reaches every node it changes once, in topological order, and then every
/// listener; sets from different threads are serialized. See ``ValueGraph``.
// @unchecked Sendable: `storage` is read and written only by the thread that holds
// PropagationEngine.shared's gate.
public class ValueNode<Value: Sendable>: AnyValueNode, @unchecked Sendable {
    /// The value; read and written only under the engine's gate.
    var storage: Value?

    /// Creates an empty node, which only links from other nodes can fill.
    public override init() {
        super.init()
    }

    /// Creates a node holding `value`.
    public init(_ value: Value) {
        storage = value
        super.init()
    }

    /// The current value, or `nil` if the node is empty.
    ///
    /// From another thread than a running wave's, the read waits for the wave to
    /// finish, so it never sees half a wave. Inside a transform or handler it returns
    /// the value as of that point in the wave.
    ///
    /// - Complexity: O(1), plus the wait for a running wave.
    public var value: Value? {
        PropagationEngine.shared.withGraph { storage }
    }

    override func deliverToListeners() {
        guard let value = storage else { return }
        isDelivering = true
        // Handlers may attach listeners (which start at the end) or detach them
        // (which only clears their entry) but never remove entries, so the indices
        // below stay valid.
        let end = listeners.count
        var index = 0
        while index < end {
            if let entry = listeners[index] {
                let listener = unsafeDowncast(entry.takeUnretainedValue(), to: ListenEdge<Value>.self)
                if !listener.isDetached {
                    if listener.owner == nil {
                        PropagationEngine.shared.detach(listener)
                    } else {
                        listener.handler(value)
                    }
                }
            }
            index += 1
        }
        isDelivering = false
        if listenerTombstones > 0 {
            PropagationEngine.shared.compactListeners(of: self)
        }
    }

    override var valueDescription: String {
        storage.map { String(describing: $0) } ?? "empty"
    }
}
