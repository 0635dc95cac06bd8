import WeftCore

/// Numbers for supplementary kinds ("header", "footer"), which the C core keys
/// by a 32-bit id. Process-wide: ids never change, so any map can share them.
enum SupplementaryKinds {
    private struct Table {
        var ids: [String: UInt32] = [:]
        var names: [String] = []
    }

    private static let table = PosixMutex(Table())

    /// The ids of `kinds`, numbering the ones seen for the first time.
    static func ids(for kinds: [String]) -> [UInt32] {
        guard !kinds.isEmpty else { return [] }
        return table.withLock { table in
            kinds.map { kind in
                if let id = table.ids[kind] { return id }
                let id = UInt32(table.names.count)
                table.ids[kind] = id
                table.names.append(kind)
                return id
            }
        }
    }

    /// The id of `kind`, or `nil` if no map ever stored an element of that kind.
    static func existingID(for kind: String) -> UInt32? {
        table.withLock { $0.ids[kind] }
    }

    static func name(of id: UInt32) -> String {
        table.withLock { Int(id) < $0.names.count ? $0.names[Int(id)] : "kind #\(id)" }
    }
}
