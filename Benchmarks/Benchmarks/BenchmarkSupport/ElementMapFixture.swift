public import Foundation
import Synchronization
import WeftCore
public import WeftElementMap

/// One size of the element-map scenario: 100 sections, and a pool of
/// batches of 20 scattered edits (10 deletes, 10 inserts at random positions)
/// prepared outside the measurement, each applied to the same base version.
public final class ElementMapFixture: Sendable {
    public static let sectionCount = 100
    public static let poolSize = 64

    public let sections: [[MapNode]]
    public let map: ElementMap<MapNode>
    public let texture: TextureElementMapModel<MapNode>
    public let edits: [(deletes: [IndexPath], inserts: [(IndexPath, MapNode)])]
    /// Random lookups over all elements, so that reads go wherever they fall.
    public let probes: [(path: IndexPath, node: MapNode)]

    private static let built = Mutex([Int: ElementMapFixture]())

    /// The fixture of `size` elements, built on first use and kept for the process.
    public static func of(size: Int) -> ElementMapFixture {
        built.withLock { cache in
            if let fixture = cache[size] { return fixture }
            let fixture = ElementMapFixture(size: size)
            cache[size] = fixture
            return fixture
        }
    }

    private init(size: Int) {
        var random = SplitMix64(seed: 42)
        let perSection = size / Self.sectionCount
        let sections = (0 ..< Self.sectionCount).map { s in (0 ..< perSection).map { MapNode(s * perSection + $0) } }
        self.sections = sections
        map = try! ElementMap(sections: sections)
        texture = TextureElementMapModel(sections: sections, supplementaryElements: [:])
        var nextID = size
        var edits: [(deletes: [IndexPath], inserts: [(IndexPath, MapNode)])] = []
        for _ in 0 ..< Self.poolSize {
            var deletes = Set<IndexPath>()
            while deletes.count < 10 {
                deletes.insert(IndexPath(item: Int.random(in: 0 ..< perSection, using: &random),
                                         section: Int.random(in: 0 ..< Self.sectionCount, using: &random)))
            }
            var inserts = Set<IndexPath>()
            while inserts.count < 10 {
                inserts.insert(IndexPath(item: Int.random(in: 0 ..< perSection - 10, using: &random),
                                         section: Int.random(in: 0 ..< Self.sectionCount, using: &random)))
            }
            let orderedDeletes = deletes.sorted(by: >)
            let orderedInserts = inserts.sorted().map { path -> (IndexPath, MapNode) in
                defer { nextID += 1 }
                return (path, MapNode(nextID))
            }
            edits.append((orderedDeletes, orderedInserts))
        }
        self.edits = edits
        probes = (0 ..< 65_536).map { _ in
            let path = IndexPath(item: Int.random(in: 0 ..< perSection, using: &random),
                                 section: Int.random(in: 0 ..< Self.sectionCount, using: &random))
            return (path, sections[path.section][path.item])
        }
    }

    /// The pool of edits as Weft batches, one per entry of ``edits``.
    public func makeBatches() -> [ElementMap<MapNode>.Batch] {
        edits.map { edit in
            var batch = ElementMap<MapNode>.Batch()
            for path in edit.deletes { batch.deleteItem(at: path) }
            for (path, node) in edit.inserts { batch.insertItem(node, at: path) }
            return batch
        }
    }
}
