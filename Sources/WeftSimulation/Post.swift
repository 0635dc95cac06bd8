import Foundation
import Weft
import WeftDiff

/// One post of the simulated feed: its identity and a version that changes
/// when its content does.
struct Post: Hashable, Sendable, Diffable, CustomStringConvertible {
    var id: Int
    var version = 0

    var diffIdentifier: Int { id }
    func isContentEqual(to other: Post) -> Bool { version == other.version }
    var description: String { "post \(id) v\(version)" }
}
