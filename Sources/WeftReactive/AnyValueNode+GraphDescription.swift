extension AnyValueNode {
    /// Returns a Graphviz DOT description of the graph this node belongs to: every
    /// node connected to it through links, its transform edges (labelled with their
    /// operator) and its listeners.
    ///
    /// Nodes are labelled with their serial number, type and current value. A ring's
    /// back edge is dashed; listen edges are dotted and end at a box that names the
    /// owner's type. Render it with `dot -Tsvg`.
    ///
    /// - Returns: A `digraph` in the DOT language.
    /// - Complexity: O(*n* log *n* + *e*) for the *n* nodes and *e* edges connected to
    ///   this node.
    public func graphDescription() -> String {
        PropagationEngine.withGraph(of: self) { _ in
            var found: [ObjectIdentifier: AnyValueNode] = [ObjectIdentifier(self): self]
            var toVisit: [AnyValueNode] = [self]
            while let node = toVisit.popLast() {
                let neighbours = node.upstream.filter { !$0.isDetached }.map(\.from)
                    + node.downstream.compactMap { $0?.takeUnretainedValue().to }
                for neighbour in neighbours where found.updateValue(neighbour, forKey: ObjectIdentifier(neighbour)) == nil {
                    toVisit.append(neighbour)
                }
            }
            let nodes = found.values.sorted { $0.serial < $1.serial }
            var lines = ["digraph WeftReactive {"]
            for node in nodes {
                let label = "#\(node.serial) \(type(of: node))\\n\(Self.escaped(node.valueDescription))"
                lines.append("  n\(node.serial) [label=\"\(label)\"];")
            }
            for node in nodes {
                for edge in node.upstream where !edge.isDetached {
                    let style = edge.isBackEdge ? ", style=dashed" : ""
                    lines.append("  n\(edge.from.serial) -> n\(node.serial) [label=\"\(edge.kind)\"\(style)];")
                }
                for entry in node.listeners {
                    guard let listener = entry?.takeUnretainedValue() else { continue }
                    let name = "l\(node.serial)_\(listener.nodeSlot)"
                    let owner = Self.escaped(listener.ownerTypeName)
                    lines.append("  \(name) [shape=box, label=\"listener\\nowner: \(owner)\"];")
                    lines.append("  n\(node.serial) -> \(name) [style=dotted];")
                }
            }
            lines.append("}")
            return lines.joined(separator: "\n")
        }
    }

    /// Escapes `text` for a double-quoted DOT string.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default: result.append(character)
            }
        }
        return result
    }
}
