import Foundation
import WeftChangeSet
import WeftCore
import WeftDataController
import WeftElementMap
import WeftNode
import WeftRangeController
import WeftTestSupport

/// A cell node of a fixed size that counts its interface-state hooks.
// @unchecked: the counters are main-actor isolated; the rest is CellNode's, behind its lock.
final class RecordingNode: CellNode, @unchecked Sendable {
    let size: CGSize
    @MainActor var hookCalls = 0

    init(size: CGSize) {
        self.size = size
        super.init()
    }

    override func calculateLayoutThatFits(_ range: SizeRange) -> Layout {
        Layout(size: size)
    }

    override func didEnterPreloadState() { hookCalls += 1 }
    override func didExitPreloadState() { hookCalls += 1 }
    override func didEnterDisplayState() { hookCalls += 1 }
    override func didExitDisplayState() { hookCalls += 1 }
    override func didEnterVisibleState() { hookCalls += 1 }
    override func didExitVisibleState() { hookCalls += 1 }
}

/// Makes an element whose node is allocated and measured, as the data
/// controller leaves every committed element.
func makeMeasuredElement(size: CGSize) -> CollectionElement {
    let element = CollectionElement(nodeBlock: { RecordingNode(size: size) }, constrainedSize: .unconstrained)
    _ = element.node.layoutThatFits(element.constrainedSize)
    return element
}

/// Records every state change the controller reports.
@MainActor
final class StateRecorder: RangeControllerDelegate {
    var changes: [(node: CellNode, from: InterfaceState, to: InterfaceState)] = []

    func rangeController(_ rangeController: RangeController, didChangeInterfaceStateOf node: CellNode, from oldState: InterfaceState) {
        changes.append((node, oldState, node.interfaceState))
    }
}

/// A range controller over one section of equal items, 100 points long, with a
/// viewport 10 items long: ordinal *i* occupies `100 i ..< 100 (i + 1)`.
@MainActor
struct ListFixture {
    static let itemLength: CGFloat = 100
    static let screen: CGFloat = 1_000

    let controller: RangeController
    let elements: [CollectionElement]
    let scheduler = ManualMainScheduler()
    let recorder = StateRecorder()

    init(count: Int, axis: ScrollAxis = .vertical) throws {
        let size = axis == .vertical
            ? CGSize(width: 320, height: Self.itemLength) : CGSize(width: Self.itemLength, height: 320)
        elements = (0 ..< count).map { _ in makeMeasuredElement(size: size) }
        controller = RangeController(layout: try ListLayout(axis: axis), scheduler: scheduler)
        controller.delegate = recorder
        controller.isContainerVisible = true
        controller.setVisibleMap(try ElementMap(sections: [elements]))
    }

    /// Moves the viewport so that it starts at `offset` along the axis.
    func scroll(to offset: CGFloat, velocity: CGFloat = 0) {
        let vertical = controller.layout.scrollAxis == .vertical
        controller.scrollVelocity = vertical ? CGPoint(x: 0, y: velocity) : CGPoint(x: velocity, y: 0)
        controller.viewport = vertical
            ? CGRect(x: 0, y: offset, width: 320, height: Self.screen)
            : CGRect(x: offset, y: 0, width: Self.screen, height: 320)
        controller.updateIfNeeded()
    }

    func state(_ ordinal: Int) -> InterfaceState {
        elements[ordinal].nodeIfAllocated?.interfaceState ?? []
    }

    /// The ordinals whose nodes contain `state`, as a range (they are always one run here).
    func ordinals(containing state: InterfaceState) -> Range<Int> {
        let hits = elements.indices.filter { self.state($0).isSuperset(of: state) }
        guard let first = hits.first, let last = hits.last else { return 0 ..< 0 }
        return first ..< last + 1
    }

    var hookCalls: Int {
        elements.reduce(0) { $0 + (($1.nodeIfAllocated as? RecordingNode)?.hookCalls ?? 0) }
    }
}

/// Builds the update that `changeSet` makes to `sections`, making measured
/// elements of `size` for new items.
func makeUpdate(
    from sections: [[CollectionElement]], changeSet: CompletedChangeSet, size: (IndexPath) -> CGSize
) throws -> (update: DataUpdate, sections: [[CollectionElement]]) {
    let next = try changeSet.applied(to: sections) { makeMeasuredElement(size: size($0)) }
    let update = DataUpdate(
        changeSet: changeSet, previousMap: try ElementMap(sections: sections), map: try ElementMap(sections: next))
    return (update, next)
}

/// Three sections of measured items (3,000, 500 and 2,000) and a batch that
/// edits the first in bulk (200 deletes, 250 inserts, 120 moves at random
/// places, as a 10% snapshot update does) and the last one item at a time
/// (three deletes); new items are 10 to 99 points long. Also the old indexes
/// of the first section's moved and deleted items.
func makeLargeBatchUpdate(seed: UInt64) throws -> (update: DataUpdate, moved: Set<Int>, deleted: Set<Int>) {
    var random = SplitMix64(seed: seed)
    let old = [3_000, 500, 2_000]
    let sections = old.map { count in
        (0 ..< count).map { _ in
            makeMeasuredElement(size: CGSize(width: 50, height: CGFloat(Int.random(in: 1 ... 200, using: &random))))
        }
    }
    var changeSet = ChangeSet(oldItemCounts: old)
    var sources = Array(0 ..< 3_000)
    sources.shuffle(using: &random)
    let deleted = sources.prefix(200), moved = sources.dropFirst(200).prefix(120)
    let newCount = 3_000 - 200 + 250
    var targets = Array(0 ..< newCount)
    targets.shuffle(using: &random)
    let inserted = targets.prefix(250), landed = targets.dropFirst(250).prefix(120)
    changeSet.deleteItems(at: deleted.map { IndexPath(item: $0, section: 0) })
    changeSet.insertItems(at: inserted.map { IndexPath(item: $0, section: 0) })
    for (from, to) in zip(moved, landed) {
        changeSet.moveItem(at: IndexPath(item: from, section: 0), to: IndexPath(item: to, section: 0))
    }
    changeSet.deleteItems(at: [5, 700, 1_999].map { IndexPath(item: $0, section: 2) })
    let completed = try changeSet.completed(newItemCounts: [newCount, 500, 1_997])
    let (update, _) = try makeUpdate(from: sections, changeSet: completed) { path in
        CGSize(width: 50, height: CGFloat(10 + path.item % 90))
    }
    return (update, Set(moved), Set(deleted))
}
