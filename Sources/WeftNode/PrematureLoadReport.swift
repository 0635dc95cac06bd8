import WeftCore

/// How many nodes of each type created their view before they were in any
/// interface state, since the process started.
///
/// A node that loads its view early keeps a view (and, with UIKit, its layer and
/// backing memory) that no range asked for. Configure views in
/// ``DisplayNode/didLoad()`` instead, and watch this report reach zero:
///
/// ```swift
/// print(PrematureLoadReport.current())
/// // 2 premature view loads:
/// //   2  MyApp.AvatarNode
/// ```
public struct PrematureLoadReport: Sendable, CustomStringConvertible {
    /// The counts per node type, most first (ties by name).
    public let entries: [Entry]

    /// The counts as they stand now.
    ///
    /// - Complexity: O(*t* log *t*) for *t* node types that loaded early.
    public static func current() -> PrematureLoadReport {
        let counts = registry.withLock { $0 }
        let entries = counts.map { Entry(nodeType: $0.key, typeName: $0.value.typeName, count: $0.value.count) }
            .sorted { ($0.count, $1.typeName) > ($1.count, $0.typeName) }
        return PrematureLoadReport(entries: entries)
    }

    /// The premature loads of nodes of exactly `nodeType` (subclasses count apart).
    ///
    /// - Complexity: O(*t*) for *t* node types in the report.
    public func count(for nodeType: DisplayNode.Type) -> Int {
        entries.first { $0.nodeType == ObjectIdentifier(nodeType) }?.count ?? 0
    }

    /// The premature loads of every type.
    public var totalCount: Int {
        entries.reduce(0) { $0 + $1.count }
    }

    /// A line with the total, then one line per type.
    public var description: String {
        let total = totalCount
        var lines = ["\(total) premature view load\(total == 1 ? "" : "s")\(total == 0 ? "" : ":")"]
        for entry in entries { lines.append("  \(entry.count)  \(entry.typeName)") }
        return lines.joined(separator: "\n")
    }

    /// The counts per type: written on main, read anywhere.
    private static let registry = PosixMutex<[ObjectIdentifier: (typeName: String, count: Int)]>([:])

    /// Counts one premature load of `nodeType`.
    static func record(_ nodeType: DisplayNode.Type) {
        registry.withLock { counts in
            counts[ObjectIdentifier(nodeType), default: (String(reflecting: nodeType), 0)].count += 1
        }
    }
}
