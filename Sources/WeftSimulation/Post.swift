import Foundation
import Synchronization
import Weft

/// One post of the simulated feed: its identity and a version that changes
/// when its content does.
struct Post: Hashable, Sendable, Diffable, CustomStringConvertible {
    var id: Int
    var version = 0

    var diffIdentifier: Int { id }
    func isContentEqual(to other: Post) -> Bool { version == other.version }
    var description: String { "post \(id) v\(version)" }
}

/// How many post nodes exist and were ever made, across threads.
let livePostNodes = Atomic<Int>(0)
let createdPostNodes = Atomic<Int>(0)

/// A post's node: a header, a body whose length follows the post, and a footer.
final class PostNode: CellNode, @unchecked Sendable {
    private let bodyLines: Int

    init(post: Post) {
        bodyLines = 1 + (post.id &* 7 &+ post.version) % 6
        super.init()
        livePostNodes.add(1, ordering: .relaxed)
        createdPostNodes.add(1, ordering: .relaxed)
    }

    override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        CGSize(width: constrainedSize.width, height: 72 + CGFloat(bodyLines) * 20)
    }

    deinit {
        livePostNodes.subtract(1, ordering: .relaxed)
    }
}
