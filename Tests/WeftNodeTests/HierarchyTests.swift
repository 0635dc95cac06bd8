import Dispatch
import Testing
import WeftCore
import WeftNode
import WeftTestSupport

@Suite struct HierarchyTests {
    @Test func aParentRetainsItsSubnodesUntilTheyAreRemoved() throws {
        let parent = DisplayNode()
        weak var weakChild: DisplayNode?
        do {
            let child = DisplayNode()
            weakChild = child
            try parent.addSubnode(child)
        }
        // Only the parent holds the child now.
        let child = try #require(weakChild)
        #expect(child.supernode === parent)
        #expect(parent.subnodes.count == 1 && parent.subnodes[0] === child)
        try child.removeFromSupernode()
        #expect(child.supernode == nil && parent.subnodes.isEmpty)
        parent._checkInvariants()
    }

    @Test func aRemovedSubnodeDiesWhenNothingElseHoldsIt() throws {
        let parent = DisplayNode()
        weak var weakChild: DisplayNode?
        do {
            let child = DisplayNode()
            weakChild = child
            try parent.addSubnode(child)
        }
        try #require(weakChild).removeFromSupernode()
        #expect(weakChild == nil)
    }

    @Test func aTreeLivesExactlyAsLongAsItsRoot() throws {
        weak var weakRoot: DisplayNode?
        var weakNodes: [() -> DisplayNode?] = []
        let survivor = DisplayNode()
        do {
            let root = DisplayNode()
            weakRoot = root
            for _ in 0 ..< 3 {
                let child = DisplayNode()
                for _ in 0 ..< 3 {
                    let grandchild = DisplayNode()
                    weak let weakGrandchild = grandchild
                    weakNodes.append { weakGrandchild }
                    try child.addSubnode(grandchild)
                }
                weak let weakChild = child
                weakNodes.append { weakChild }
                try root.addSubnode(child)
            }
            try root.subnodes[1].addSubnode(survivor)
            root._checkInvariants()
            #expect(weakNodes.allSatisfy { $0() != nil })
        }
        // The root died, and with it every node only the tree held.
        #expect(weakRoot == nil)
        #expect(weakNodes.allSatisfy { $0() == nil })
        // A node someone else holds survives, and its weak supernode link is gone.
        #expect(survivor.supernode == nil)
    }

    @Test func insertionPlacesSubnodesAtTheirIndex() throws {
        let parent = DisplayNode()
        let nodes = (0 ..< 4).map { i -> DisplayNode in
            let node = DisplayNode()
            node.debugName = "n\(i)"
            return node
        }
        try parent.addSubnode(nodes[0])
        try parent.addSubnode(nodes[1])
        try parent.insertSubnode(nodes[2], at: 0)
        try parent.insertSubnode(nodes[3], at: 2)
        #expect(parent.subnodes.map(\.debugName) == ["n2", "n0", "n3", "n1"])
        // Moving within the parent: the index counts the subnodes without the mover.
        try parent.insertSubnode(nodes[2], at: 3)
        #expect(parent.subnodes.map(\.debugName) == ["n0", "n3", "n1", "n2"])
        try parent.addSubnode(nodes[0])
        #expect(parent.subnodes.map(\.debugName) == ["n3", "n1", "n2", "n0"])
        parent._checkInvariants()
    }

    @Test func addingANodeThatHasASupernodeMovesIt() throws {
        let first = DisplayNode()
        let second = DisplayNode()
        let child = DisplayNode()
        try child.addSubnode(DisplayNode())  // not a leaf: the locked path
        try first.addSubnode(child)
        try second.addSubnode(DisplayNode())
        try second.insertSubnode(child, at: 0)
        #expect(first.subnodes.isEmpty)
        #expect(second.subnodes.first === child && second.subnodes.count == 2)
        #expect(child.supernode === second)
        second._checkInvariants()
        first._checkInvariants()
    }

    @Test func outOfBoundsIndexesAreRefusedAndChangeNothing() throws {
        let parent = DisplayNode()
        parent.debugName = "list"
        let existing = DisplayNode()
        try parent.addSubnode(existing)
        let leaf = DisplayNode()
        #expect(throws: NodeError.indexOutOfBounds(index: 2, subnodeCount: 1, supernode: "DisplayNode 'list'")) {
            try parent.insertSubnode(leaf, at: 2)
        }
        #expect(throws: NodeError.indexOutOfBounds(index: -1, subnodeCount: 1, supernode: "DisplayNode 'list'")) {
            try parent.insertSubnode(leaf, at: -1)
        }
        // A node with subnodes takes the locked path; a move within the parent
        // counts the subnodes without the mover.
        try leaf.addSubnode(DisplayNode())
        #expect(throws: NodeError.indexOutOfBounds(index: 5, subnodeCount: 1, supernode: "DisplayNode 'list'")) {
            try parent.insertSubnode(leaf, at: 5)
        }
        #expect(throws: NodeError.indexOutOfBounds(index: 1, subnodeCount: 0, supernode: "DisplayNode 'list'")) {
            try parent.insertSubnode(existing, at: 1)
        }
        #expect(parent.subnodes.count == 1 && parent.subnodes[0] === existing)
        #expect(leaf.supernode == nil)
        #expect("\(NodeError.indexOutOfBounds(index: 2, subnodeCount: 1, supernode: "DisplayNode 'list'"))"
            == "cannot insert at index 2 of DisplayNode 'list': it has 1 subnodes, so the index must be in 0...1")
        parent._checkInvariants()
    }

    @Test func cyclesAreRefusedWithATypedErrorAndChangeNothing() throws {
        let root = DisplayNode()
        root.debugName = "root"
        let middle = DisplayNode()
        middle.debugName = "middle"
        let leaf = DisplayNode()
        leaf.debugName = "leaf"
        try root.addSubnode(middle)
        try middle.addSubnode(leaf)

        #expect(throws: NodeError.subnodeIsSelf(node: "DisplayNode 'leaf'")) { try leaf.addSubnode(leaf) }
        #expect(throws: NodeError.subnodeIsAncestor(subnode: "DisplayNode 'middle'", supernode: "DisplayNode 'leaf'")) {
            try leaf.addSubnode(middle)
        }
        #expect(throws: NodeError.subnodeIsAncestor(subnode: "DisplayNode 'root'", supernode: "DisplayNode 'leaf'")) {
            try leaf.insertSubnode(root, at: 0)
        }
        #expect(leaf.subnodes.isEmpty && middle.supernode === root && root.supernode == nil)
        #expect("\(NodeError.subnodeIsAncestor(subnode: "DisplayNode 'root'", supernode: "DisplayNode 'leaf'"))"
            == "cannot add DisplayNode 'root' as a subnode of DisplayNode 'leaf': it is an ancestor of DisplayNode 'leaf', so the hierarchy would become a cycle")
        root._checkInvariants()
    }

    @Test func removingARootDoesNothing() throws {
        let root = DisplayNode()
        try root.removeFromSupernode()
        #expect(root.supernode == nil)
    }

    /// Two threads add A under B and B under A at the same moment, 300 times over:
    /// each time exactly one succeeds and the other is refused as a cycle. Leaves
    /// race on the unlocked fast path; nodes with subnodes on the locked one.
    @Test(arguments: [false, true])
    func racingOppositeAddsNeverMakeACycle(withSubnodes: Bool) throws {
        for _ in 0 ..< 300 {
            let pair = [DisplayNode(), DisplayNode()]
            if withSubnodes {
                for node in pair { try node.addSubnode(DisplayNode()) }
            }
            // PosixMutex, not Mutex: both threads may write at once, and ThreadSanitizer
            // cannot follow a contended Mutex (see PosixMutex).
            let outcomes = PosixMutex<[NodeError?]>([nil, nil])
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                do throws(NodeError) {
                    try pair[1 - index].addSubnode(pair[index])
                } catch {
                    outcomes.withLock { $0[index] = error }
                }
            }
            let errors = outcomes.withLock { $0 }
            #expect(errors.compactMap(\.self).count == 1)
            let parent = try #require(pair.first { $0.supernode == nil })
            parent._checkInvariants()
            #expect(parent.subnodes.contains { $0 === pair.first { $0 !== parent } })
        }
    }
}
