import Dispatch
import Foundation
import Synchronization
import Testing
import WeftCore
import WeftDataController
import WeftNode

@Suite struct CollectionElementTests {
    @Test func nodeBlockRunsOnceAndIsThenDropped() throws {
        let runs = Atomic<Int>(0)
        final class Captured: Sendable {}
        weak var captured: Captured?
        let element: CollectionElement = {
            let payload = Captured()
            captured = payload
            return CollectionElement(
                nodeBlock: { [payload] in
                    _ = payload
                    runs.add(1, ordering: .relaxed)
                    return CellNode()
                },
                constrainedSize: .unconstrained
            )
        }()
        #expect(captured != nil)
        #expect(element.nodeIfAllocated == nil)
        #expect(runs.load(ordering: .relaxed) == 0)
        let first = element.node
        let second = element.node
        #expect(first === second)
        #expect(element.nodeIfAllocated === first)
        #expect(runs.load(ordering: .relaxed) == 1)
        #expect(captured == nil, "the block and what it captured are freed once the node exists")
    }

    @Test func concurrentReadersShareOneNode() {
        let runs = Atomic<Int>(0)
        let element = CollectionElement(
            nodeBlock: {
                runs.add(1, ordering: .relaxed)
                return CellNode()
            },
            constrainedSize: .unconstrained
        )
        let nodes = PosixMutex<[ObjectIdentifier]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            let id = ObjectIdentifier(element.node)
            nodes.withLock { $0.append(id) }
        }
        #expect(runs.load(ordering: .relaxed) == 1)
        let nodesSeen = nodes.withLock { $0 }
        #expect(Set(nodesSeen).count == 1)
    }

    @Test func nodeModelsCompareByValue() throws {
        let element = CollectionElement(
            nodeBlock: { CellNode() }, constrainedSize: .unconstrained, nodeModel: "post-1")
        #expect(element.hasNodeModel(equalTo: "post-1"))
        #expect(!element.hasNodeModel(equalTo: "post-2"))
        #expect(!element.hasNodeModel(equalTo: 1))
        #expect(!element.hasNodeModel(equalTo: nil))
        let anonymous = CollectionElement(nodeBlock: { CellNode() }, constrainedSize: .unconstrained)
        #expect(!anonymous.hasNodeModel(equalTo: nil), "an item without a model always gets a new node")
    }

    /// Node models compare without `AnyHashable`: equal when of one type and `==`.
    @Test func nodeModelKeysAreEqualOnlyForOneTypeAndEqualValues() throws {
        final class Model: Hashable, Sendable {
            let id: Int
            init(_ id: Int) { self.id = id }
            static func == (a: Model, b: Model) -> Bool { a.id == b.id }
            func hash(into hasher: inout Hasher) { hasher.combine(id) }
        }
        struct Wide: Hashable, Sendable { var a, b, c, d: Int }  // boxed out of the existential's buffer
        let equal: [(any Hashable & Sendable, any Hashable & Sendable)] = [
            (7, 7), ("post", "post"), (Model(3), Model(3)), (Wide(a: 1, b: 2, c: 3, d: 4), Wide(a: 1, b: 2, c: 3, d: 4)),
            ([1, 2], [1, 2]),
        ]
        for (a, b) in equal {
            #expect(_NodeModelKey(a) == _NodeModelKey(b), "\(a)")
            #expect(_NodeModelKey(a).hashValue == _NodeModelKey(b).hashValue, "\(a)")
        }
        let different: [(any Hashable & Sendable, any Hashable & Sendable)] = [
            (7, 8), (7, Int8(7)), (7, "7"), (Model(3), Model(4)), (Wide(a: 1, b: 2, c: 3, d: 4), Wide(a: 1, b: 2, c: 3, d: 5)),
        ]
        for (a, b) in different {
            #expect(_NodeModelKey(a) != _NodeModelKey(b), "\(a) and \(b)")
        }
        let element = CollectionElement(nodeBlock: { CellNode() }, constrainedSize: .unconstrained, nodeModel: Int8(7))
        #expect(element.hasNodeModel(equalTo: Int8(7)) && !element.hasNodeModel(equalTo: 7))
    }

    @Test func constrainedSizeAndKind() throws {
        let size = try SizeRange(exactly: CGSize(width: 320, height: 44))
        let header = CollectionElement(
            nodeBlock: { CellNode() }, constrainedSize: .unconstrained, supplementaryKind: "header")
        #expect(header.isSupplementary)
        #expect(header.supplementaryKind == "header")
        header.constrainedSize = size
        #expect(header.constrainedSize == size)
        #expect(header.nodeIfAllocated == nil, "changing the size never makes the node")
    }
}
