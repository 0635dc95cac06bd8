/// A value node you can set.
///
/// Setting ``value`` starts a wave that carries the new value to every node computed
/// from this one and then to every listener, before the setter returns:
///
/// ```swift
/// let count = MutableValueNode(1)
/// let doubled = count.map { $0 * 2 }
/// count.value = 21
/// doubled.value     // 42
/// ```
///
/// Only this class has a setter; the nodes that operators return are plain
/// ``ValueNode``s, which nothing but the graph can change.
// @unchecked Sendable: adds no state; see ValueNode.
public final class MutableValueNode<Value: Sendable>: ValueNode<Value>, @unchecked Sendable {
    /// Creates an empty node.
    ///
    /// - Complexity: O(1).
    public override init() {
        super.init()
    }

    /// Creates a node holding `value`.
    ///
    /// - Parameter value: The node's first value.
    /// - Complexity: O(1).
    public override init(_ value: Value) {
        super.init(value)
    }

    /// The current value, or `nil` if the node is empty.
    ///
    /// Setting a value carries it to every node computed from this one, each once and
    /// in topological order, then to every listener, on the calling thread, before
    /// the setter returns (unless a listener's handler is running on another thread,
    /// which then delivers the value, or this thread is inside a handler, whose
    /// delivery loop does). Setting `nil` empties the node and tells no one, as an
    /// empty value reaches neither listeners nor downstream nodes. (For a node whose
    /// `Value` is itself optional, `nil` empties it; set `.some(nil)` to store `nil`.)
    ///
    /// Called from a handler, the set applies at once and its handlers run after the
    /// current one returns. Called from a transform, it is queued and runs after the
    /// wave, in the order such sets were made; until then the node still reads its
    /// old value. Sets on the same graph from other threads wait for the current
    /// wave; sets on other graphs do not.
    ///
    /// - Complexity: O((*n* + *e*) log *w* + *l*) for the *n* nodes and *e* edges the
    ///   wave reaches, the *w* nodes waiting at once, and the *l* listeners it calls.
    public override var value: Value? {
        get { super.value }
        set {
            if let newValue {
                PropagationEngine.set(self, to: newValue)
            } else {
                PropagationEngine.clear(self)
            }
            _checkInvariants()
        }
    }
}
