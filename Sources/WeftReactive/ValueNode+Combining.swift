import DequeModule

extension ValueNode {
    /// Returns a node that takes the values of this node and of `others`.
    ///
    /// If several of them change in one wave, the merged node changes once, taking
    /// the value of the one that comes last. It starts with the current value of the
    /// last non-empty one.
    ///
    /// - Complexity: O(1) per value.
    public func merge(_ others: ValueNode<Value>...) -> ValueNode<Value> {
        Self.merge([self] + others)
    }

    /// Returns a node that takes the values of every node in `nodes`.
    ///
    /// If several of them change in one wave, the merged node changes once, taking
    /// the value of the one that comes last in `nodes`. It starts with the current
    /// value of the last non-empty one.
    ///
    /// - Complexity: O(1) per value.
    public static func merge(_ nodes: [ValueNode<Value>]) -> ValueNode<Value> {
        PropagationEngine.shared.makeNode(
            fedBy: nodes.map { TransformEdge(from: $0, kind: "merge") { $0 } }
        )
    }

    /// Returns a node whose value pairs the latest values of this node and `other`,
    /// once both have one.
    ///
    /// If both change in one wave, the pair changes once, with both new values.
    ///
    /// - Complexity: O(1) per value.
    public func combine<Other: Sendable>(_ other: ValueNode<Other>) -> ValueNode<(Value, Other)> {
        // Touched only under the engine's gate, by the two edges' bodies.
        var latest: (Value?, Other?) = (nil, nil)
        return PropagationEngine.shared.makeNode(fedBy: [
            TransformEdge<Value, (Value, Other)>(from: self, kind: "combine") { value in
                latest.0 = value
                return latest.1.map { (value, $0) }
            },
            TransformEdge<Other, (Value, Other)>(from: other, kind: "combine") { value in
                latest.1 = value
                return latest.0.map { ($0, value) }
            },
        ])
    }

    /// Returns a node whose value is the array of the latest values of `nodes`, in
    /// order, once every one of them has a value.
    ///
    /// If several change in one wave, the array changes once, with all new values.
    ///
    /// - Complexity: O(*k*) per value for *k* nodes (the array is rebuilt).
    public static func combine(_ nodes: [ValueNode<Value>]) -> ValueNode<[Value]> {
        // Touched only under the engine's gate, by the edges' bodies.
        var latest = [Value?](repeating: nil, count: nodes.count)
        var missing = nodes.count
        return PropagationEngine.shared.makeNode(
            fedBy: nodes.enumerated().map { index, node in
                TransformEdge<Value, [Value]>(from: node, kind: "combine") { value in
                    if latest[index] == nil {
                        missing -= 1
                    }
                    latest[index] = value
                    return missing == 0 ? latest.compactMap { $0 } : nil
                }
            }
        )
    }

    /// Returns a node that pairs the values of this node and `other` in order: the
    /// first of each, then the second of each, and so on.
    ///
    /// Values wait until the other side has one to pair with.
    ///
    /// - Complexity: O(1) per value; O(*q*) memory for the *q* values waiting.
    public func zip<Other: Sendable>(_ other: ValueNode<Other>) -> ValueNode<(Value, Other)> {
        // At most one side waits at a time. Touched only under the engine's gate.
        var waitingFirst = Deque<Value>()
        var waitingSecond = Deque<Other>()
        return PropagationEngine.shared.makeNode(fedBy: [
            TransformEdge<Value, (Value, Other)>(from: self, kind: "zip") { value in
                guard let partner = waitingSecond.popFirst() else {
                    waitingFirst.append(value)
                    return nil
                }
                return (value, partner)
            },
            TransformEdge<Other, (Value, Other)>(from: other, kind: "zip") { value in
                guard let partner = waitingFirst.popFirst() else {
                    waitingSecond.append(value)
                    return nil
                }
                return (partner, value)
            },
        ])
    }

    /// Returns a node that gathers the values of `nodes` in order: an array of the
    /// first value of each, then of the second of each, and so on.
    ///
    /// - Complexity: O(*k*) per value for *k* nodes; O(*q*) memory for the *q*
    ///   values waiting.
    public static func zip(_ nodes: [ValueNode<Value>]) -> ValueNode<[Value]> {
        // Touched only under the engine's gate, by the edges' bodies.
        var waiting = [Deque<Value>](repeating: [], count: nodes.count)
        var emptyQueues = nodes.count
        return PropagationEngine.shared.makeNode(
            fedBy: nodes.enumerated().map { index, node in
                TransformEdge<Value, [Value]>(from: node, kind: "zip") { value in
                    if waiting[index].isEmpty {
                        emptyQueues -= 1
                    }
                    waiting[index].append(value)
                    guard emptyQueues == 0 else { return nil }
                    var values: [Value] = []
                    values.reserveCapacity(waiting.count)
                    for queue in waiting.indices {
                        values.append(waiting[queue].removeFirst())
                        if waiting[queue].isEmpty {
                            emptyQueues += 1
                        }
                    }
                    return values
                }
            }
        )
    }
}
