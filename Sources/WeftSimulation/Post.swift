import Foundation
import Weft
import WeftDiff

/// One post of the simulated feed: its identity and a version that changes
/// when its content does.
///
/// Equal and hashed by `id` alone: a snapshot's items are identifiers, as in
/// UIKit's diffable data sources, so a changed post stays the same item and the
/// feed reloads it (`reloadItems`), rather than deleting one item and inserting
/// another (which no view could tell from a new post).
struct Post: Hashable, Sendable, Diffable, CustomStringConvertible {
    var id: Int
    var version = 0

    static func == (lhs: Post, rhs: Post) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }

    var diffIdentifier: Int { id }
    func isContentEqual(to other: Post) -> Bool { version == other.version }
    var description: String { "post \(id) v\(version)" }
}
