import Dispatch
import Foundation
import Synchronization
import WeftChangeSet
import WeftCore
import WeftDataController
import WeftNode

/// A label: its size follows its text length, wrapped to the width it gets.
final class LabelNode: DisplayNode, @unchecked Sendable {
    let length: Int

    init(length: Int) {
        self.length = length
        super.init()
    }

    override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        let natural = CGFloat(length) * 7.5
        let width = min(natural, constrainedSize.width)
        return CGSize(width: width, height: width > 0 ? (natural / width).rounded(.up) * 18 : 0)
    }
}

/// A post: author, title, body and footer labels in a column.
final class PostNode: CellNode, @unchecked Sendable {
    init(id: Int) {
        super.init()
        for (index, base) in [12, 40, 160, 24].enumerated() {
            try? addSubnode(LabelNode(length: base + (id &* 13 &+ index &* 29) % base))
        }
    }

    override func calculateLayoutThatFits(_ range: SizeRange) -> Layout {
        let width = range.max.width.isFinite ? range.max.width : 375
        let inner = (try? SizeRange(min: .zero, max: CGSize(width: max(width - 24, 0), height: .infinity)))
            ?? .unconstrained
        var children: [Layout.Child] = []
        var y: CGFloat = 12
        for subnode in subnodes {
            let layout = subnode.layoutThatFits(inner)
            children.append(Layout.Child(node: subnode, origin: CGPoint(x: 12, y: y), layout: layout))
            y += layout.size.height + 6
        }
        return Layout(size: CGSize(width: width, height: y + 6), children: children)
    }
}

/// A feed of post ids in one section.
@MainActor
final class PostFeed: DataControllerDataSource {
    var ids: [Int]
    var nextID: Int

    init(count: Int) {
        ids = Array(0 ..< count)
        nextID = count
    }

    func numberOfSections(in dataController: DataController) -> Int { 1 }

    func dataController(_ dataController: DataController, numberOfItemsInSection section: Int) -> Int {
        ids.count
    }

    func dataController(_ dataController: DataController, nodeBlockForItemAt indexPath: IndexPath) -> CollectionElement.NodeBlock {
        nodeBlock(forItem: indexPath.item)
    }

    func nodeBlock(forItem item: Int) -> CollectionElement.NodeBlock {
        let id = ids[item]
        return { PostNode(id: id) }
    }

    /// Inserts `count` new posts spread evenly through the feed, and returns
    /// their new index paths, ascending.
    func insertSpread(_ count: Int) -> [IndexPath] {
        let stride = max(ids.count / count, 1)
        var paths: [IndexPath] = []
        for index in 0 ..< count {
            let item = min(index * (stride + 1), ids.count)
            ids.insert(nextID, at: item)
            nextID += 1
            paths.append(IndexPath(item: item, section: 0))
        }
        return paths
    }
}

/// A delegate with no view work, so that only the pipeline is measured; both
/// sides of the comparison would pay the same for a view.
@MainActor
final class SwapOnlyDelegate: DataControllerDelegate {
    func dataController(_ dataController: DataController, commit update: DataUpdate, updates: () -> Void) {
        updates()
    }
}

/// A main scheduler that hands the commit pass to the benchmark: it records the
/// pass and signals, so the benchmark knows step 3 is over and runs step 5 itself.
final class HandOffScheduler: MainScheduler {
    private let job = Mutex<(@MainActor @Sendable () -> Void)?>(nil)
    private let scheduled = DispatchSemaphore(value: 0)

    func schedule(_ job: @escaping @MainActor @Sendable () -> Void) {
        self.job.withLock { $0 = job }
        scheduled.signal()
    }

    /// Blocks until step 4 has scheduled a commit pass.
    func waitForPass() {
        scheduled.wait()
    }

    /// Runs the scheduled commit pass (step 5).
    @MainActor
    func runPass() {
        job.withLock { job in
            defer { job = nil }
            return job
        }?()
    }
}

/// Nanoseconds between two instants.
func nanoseconds(_ start: ContinuousClock.Instant, _ end: ContinuousClock.Instant) -> Int {
    let duration = end - start
    return Int(duration.components.seconds) * 1_000_000_000 + Int(duration.components.attoseconds / 1_000_000_000)
}
