import DequeModule

extension ValueNode {
    /// Returns a node that takes the values of this node and of `others`.
    ///
    /// If several of them change in one wave, the merged node changes once, taking
    /// the value of the one that comes last. It starts with the current value of the
    /// last non-empty one.
    ///
    /// - Parameter others: The nodes to merge with this one, in order.
    /// - Returns: A new node fed by this node and `others`.
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
    /// - Parameter nodes: The nodes to merge, in order.
    /// - Returns: A new node fed by every node in `nodes`.
    /// - Complexity: O(1) per value.
    public static func merge(_ nodes: [ValueNode<Value>]) -> ValueNode<Value> {
        PropagationEngine.makeNode(near: nodes.first) { merged in
            nodes.map { MapEdge(from: $0, to: merged, kind: "merge") { $0 } }
        }
    }

    /// Returns a node whose value pairs the latest values of this node and `other`,
    /// once both have one.
    ///
    /// If both change in one wave, the pair changes once, with both new values.
    ///
    /// - Parameter other: The node whose values go second in each pair.
    /// - Returns: A new node fed by this node and `other`.
    /// - Complexity: O(1) per value.
    public func combine<Other: Sendable>(_ other: ValueNode<Other>) -> ValueNode<(Value, Other)> {
        // Touched only under the graph's lock, by the two edges' bodies.
        var latest: (Value?, Other?) = (nil, nil)
        return PropagationEngine.makeNode(near: self) { combined in
            [
                EmitEdge(from: self, to: combined, kind: "combine") { value, emit in
                    latest.0 = value
                    if let second = latest.1 {
                        emit((value, second))
                    }
                },
                EmitEdge(from: other, to: combined, kind: "combine") { value, emit in
                    latest.1 = value
                    if let first = latest.0 {
                        emit((first, value))
                    }
                },
            ]
        }
    }

    /// Returns a node whose value is the array of the latest values of `nodes`, in
    /// order, once every one of them has a value.
    ///
    /// If several change in one wave, the array changes once, with all new values.
    ///
    /// - Parameter nodes: The nodes to combine, in order.
    /// - Returns: A new node fed by every node in `nodes`; empty if `nodes` is.
    /// - Complexity: O(*k*) per value for *k* nodes (the array is rebuilt).
    public static func combine(_ nodes: [ValueNode<Value>]) -> ValueNode<[Value]> {
        // Touched only under the graph's lock, by the edges' bodies.
        var latest = [Value?](repeating: nil, count: nodes.count)
        var missing = nodes.count
        return PropagationEngine.makeNode(near: nodes.first) { combined in
            nodes.enumerated().map { index, node in
                EmitEdge(from: node, to: combined, kind: "combine") { value, emit in
                    if latest[index] == nil {
                        missing -= 1
                    }
                    latest[index] = value
                    if missing == 0 {
                        emit(latest.compactMap { $0 })
                    }
                }
            }
        }
    }

    /// Returns a node that pairs the values of this node and `other` in order: the
    /// first of each, then the second of each, and so on.
    ///
    /// Values wait until the other side has one to pair with.
    ///
    /// - Parameter other: The node whose values go second in each pair.
    /// - Returns: A new node fed by this node and `other`.
    /// - Complexity: O(1) per value; O(*q*) memory for the *q* values waiting.
    public func zip<Other: Sendable>(_ other: ValueNode<Other>) -> ValueNode<(Value, Other)> {
        // At most one side waits at a time. Touched only under the graph's lock.
        var waitingFirst = Deque<Value>()
        var waitingSecond = Deque<Other>()
        return PropagationEngine.makeNode(near: self) { zipped in
            [
                EmitEdge(from: self, to: zipped, kind: "zip") { value, emit in
                    if let partner = waitingSecond.popFirst() {
                        emit((value, partner))
                    } else {
                        waitingFirst.append(value)
                    }
                },
                EmitEdge(from: other, to: zipped, kind: "zip") { value, emit in
                    if let partner = waitingFirst.popFirst() {
                        emit((partner, value))
                    } else {
                        waitingSecond.append(value)
                    }
                },
            ]
        }
    }

    /// Returns a node that gathers the values of `nodes` in order: an array of the
    /// first value of each, then of the second of each, and so on.
    ///
    /// - Parameter nodes: The nodes to zip, in order.
    /// - Returns: A new node fed by every node in `nodes`; empty if `nodes` is.
    /// - Complexity: O(*k*) per value for *k* nodes; O(*q*) memory for the *q*
    ///   values waiting.
    public static func zip(_ nodes: [ValueNode<Value>]) -> ValueNode<[Value]> {
        // Touched only under the graph's lock, by the edges' bodies.
        var waiting = [Deque<Value>](repeating: [], count: nodes.count)
        var emptyQueues = nodes.count
        return PropagationEngine.makeNode(near: nodes.first) { zipped in
            nodes.enumerated().map { index, node in
                EmitEdge(from: node, to: zipped, kind: "zip") { value, emit in
                    if waiting[index].isEmpty {
                        emptyQueues -= 1
                    }
                    waiting[index].append(value)
                    guard emptyQueues == 0 else { return }
                    var values: [Value] = []
                    values.reserveCapacity(waiting.count)
                    for queue in waiting.indices {
                        values.append(waiting[queue].removeFirst())
                        if waiting[queue].isEmpty {
                            emptyQueues += 1
                        }
                    }
                    emit(values)
                }
            }
        }
    }
}
