import Dispatch
import Weft
import WeftCore

/// The app's side of the simulated feed: its posts, edited and turned into
/// snapshots on a queue of their own, as an app keeps large snapshots off main.
///
/// Main decides every edit (so a seed fixes the run) and hands it over; the
/// queue applies it, builds the snapshot in O(*n*) and schedules the apply on
/// main. One serial queue keeps the snapshots in the order main decided them.
final class FeedModel: Sendable {
    /// One edit main decided, by position in the posts as they will be then.
    enum Edit: Sendable {
        case insert(Post, at: Int)
        case remove(at: Int)
        case move(from: Int, to: Int)
        case change(at: Int)
        case append([Post])
    }

    private let queue = DispatchQueue(label: "org.weft.sim.feed-model")
    private let posts = PosixMutex<[Post]>([])

    /// Applies `edits` off main, then hands the resulting snapshot to `apply` on main.
    func update(
        _ edits: [Edit], scheduler: any MainScheduler,
        apply: @escaping @MainActor @Sendable (CollectionSnapshot<Int, Post>) -> Void
    ) {
        queue.async { [self] in
            let snapshot = posts.withLock { posts in
                var changed: Set<Int> = []
                for edit in edits {
                    Self.perform(edit, on: &posts)
                    if case .change(let at) = edit { changed.insert(posts[at].id) }
                }
                return Self.snapshot(of: posts, reloading: changed)
            }
            scheduler.schedule { apply(snapshot) }
        }
    }

    /// Blocks until every update handed over so far has its snapshot built
    /// and its apply scheduled on main.
    func waitUntilBuilt() {
        queue.sync {}
    }

    /// The posts once every update handed over so far has been applied.
    func settledPosts() -> [Post] {
        queue.sync { posts.withLock { $0 } }
    }

    private static func perform(_ edit: Edit, on posts: inout [Post]) {
        switch edit {
        case .insert(let post, let at): posts.insert(post, at: at)
        case .remove(let at): posts.remove(at: at)
        case .move(let from, let to): posts.insert(posts.remove(at: from), at: to)
        case .change(let at): posts[at].version += 1
        case .append(let page): posts += page
        }
    }

    /// The posts as a snapshot, the changed ones (by id, still in the feed)
    /// marked for reloading.
    private static func snapshot(of posts: [Post], reloading changed: Set<Int>) -> CollectionSnapshot<Int, Post> {
        // Post ids are unique by construction, and the changed posts are in it:
        // neither call can throw here.
        do {
            var snapshot = try CollectionSnapshot([(0, posts)])
            let reloaded = posts.filter { changed.contains($0.id) }
            if !reloaded.isEmpty { try snapshot.reloadItems(reloaded) }
            return snapshot
        } catch {
            preconditionFailure("weft-sim made a feed with a duplicate post: \(error)")
        }
    }
}
