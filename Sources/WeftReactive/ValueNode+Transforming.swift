extension ValueNode {
    /// Returns a node that copies this node's values.
    ///
    /// - Returns: A new node with this node's current value, fed by this node.
    /// - Complexity: O(1) per value.
    public func fork() -> ValueNode<Value> {
        PropagationEngine.makeNode(near: self) { [MapEdge(from: self, to: $0, kind: "fork") { $0 }] }
    }

    /// Returns a node whose values are this node's values transformed.
    ///
    /// The new node starts with the transform of this node's current value, if any.
    ///
    /// - Parameter transform: Runs on the thread that set the value, once per value.
    /// - Returns: A new node fed by this node.
    /// - Complexity: O(1) per value, plus `transform`.
    @inlinable
    public func map<Transformed: Sendable>(
        _ transform: @escaping @Sendable (Value) -> Transformed
    ) -> ValueNode<Transformed> {
        PropagationEngine.makeNode(near: self) { [MapEdge(from: self, to: $0, kind: "map", transform: transform)] }
    }

    /// Returns a node that takes only the values for which `isIncluded` is true.
    ///
    /// - Parameter isIncluded: Decides, value by value, on the thread that set it.
    /// - Returns: A new node fed by this node; empty until a value passes.
    /// - Complexity: O(1) per value, plus `isIncluded`.
    public func filter(_ isIncluded: @escaping @Sendable (Value) -> Bool) -> ValueNode<Value> {
        emitting(kind: "filter") { value, emit in
            if isIncluded(value) {
                emit(value)
            }
        }
    }

    /// Returns a node that drops the first `count` values it receives (the current
    /// value, if any, is the first) and takes the rest.
    ///
    /// - Parameter count: How many values to drop; zero or less drops none.
    /// - Returns: A new node fed by this node.
    /// - Complexity: O(1) per value.
    public func skip(_ count: Int) -> ValueNode<Value> {
        var remaining = max(count, 0)
        return emitting(kind: "skip") { value, emit in
            if remaining > 0 {
                remaining -= 1
            } else {
                emit(value)
            }
        }
    }

    /// Returns a node that takes the first `count` values it receives (the current
    /// value, if any, is the first) and drops the rest.
    ///
    /// - Parameter count: How many values to take; zero or less takes none.
    /// - Returns: A new node fed by this node.
    /// - Complexity: O(1) per value.
    public func take(_ count: Int) -> ValueNode<Value> {
        var remaining = max(count, 0)
        return emitting(kind: "take") { value, emit in
            if remaining > 0 {
                remaining -= 1
                emit(value)
            }
        }
    }

    /// Returns a node whose value is the running result of `next`, starting from
    /// `initialResult`, over every value this node has.
    ///
    /// - Parameters:
    ///   - initialResult: The result before any value.
    ///   - next: Combines the result so far with a value.
    /// - Returns: A new node fed by this node; empty until this node has a value.
    /// - Complexity: O(1) per value, plus `next`.
    public func scan<Result: Sendable>(
        _ initialResult: Result, _ next: @escaping @Sendable (Result, Value) -> Result
    ) -> ValueNode<Result> {
        var result = initialResult
        return emitting(kind: "scan") { value, emit in
            result = next(result, value)
            emit(result)
        }
    }

    /// Creates a node fed by one new ``EmitEdge`` from this node.
    func emitting<Output>(
        kind: StaticString, _ body: @escaping (Value, (Output) -> Void) -> Void
    ) -> ValueNode<Output> {
        PropagationEngine.makeNode(near: self) { [EmitEdge(from: self, to: $0, kind: kind, body: body)] }
    }
}

extension ValueNode where Value: Equatable {
    /// Returns a node that takes every value except those equal to `value`.
    ///
    /// - Parameter value: The value to drop.
    /// - Returns: A new node fed by this node.
    /// - Complexity: O(1) per value.
    public func ignore(_ value: Value) -> ValueNode<Value> {
        emitting(kind: "ignore") { candidate, emit in
            if candidate != value {
                emit(candidate)
            }
        }
    }

    /// Returns a node that takes only the values equal to `value`.
    ///
    /// - Parameter value: The value to take.
    /// - Returns: A new node fed by this node.
    /// - Complexity: O(1) per value.
    public func select(_ value: Value) -> ValueNode<Value> {
        emitting(kind: "select") { candidate, emit in
            if candidate == value {
                emit(candidate)
            }
        }
    }

    /// Returns a node that takes a value only if it differs from the node's current
    /// value.
    ///
    /// - Returns: A new node fed by this node.
    /// - Complexity: O(1) per value.
    public func distinctUntilChanged() -> ValueNode<Value> {
        PropagationEngine.makeNode(near: self) { [DistinctEdge(from: self, to: $0)] }
    }
}
