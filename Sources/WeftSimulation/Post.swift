import Foundation
import Synchronization
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

/// How many post nodes exist and were ever made, across threads.
let livePostNodes = Atomic<Int>(0)
let createdPostNodes = Atomic<Int>(0)

/// A post's node: a header, a body whose length follows the post, and a footer,
/// laid out by a spec whose nodes become the subnodes.
final class PostNode: CellNode, @unchecked Sendable {
    private let header = DisplayNode()
    private let body = DisplayNode()
    private let footer = DisplayNode()
    private let bodyLines: Int

    init(post: Post) {
        bodyLines = 1 + (post.id &* 7 &+ post.version) % 6
        super.init()
        automaticallyManagesSubnodes = true
        livePostNodes.add(1, ordering: .relaxed)
        createdPostNodes.add(1, ordering: .relaxed)
    }

    override func layoutSpecThatFits(_ range: SizeRange) -> LayoutSpec? {
        .stack(.vertical, children: [
            .node(header).style { $0.height = .points(36) },
            .node(body).style { $0.height = .points(CGFloat(bodyLines) * 20) },
            .node(footer).style { $0.height = .points(36) },
        ])
    }

    deinit {
        livePostNodes.subtract(1, ordering: .relaxed)
    }
}
