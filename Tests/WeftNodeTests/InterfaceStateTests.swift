import Testing
import WeftNode
import WeftTestSupport

/// The hooks one node's change from `old` to `new` must call, by the rule of
/// Texture's `applyPendingInterfaceState`: preload, then display, then visible,
/// then the change callback; the preload exit only for range-managed nodes.
private func expectedEvents(_ name: String, from old: InterfaceState, to new: InterfaceState, rangeManaged: Bool) -> [String] {
    guard old != new else { return [] }
    var events: [String] = []
    for (bit, label) in [(InterfaceState.preload, "preload"), (.display, "display"), (.visible, "visible")] {
        if new.contains(bit) && !old.contains(bit) { events.append("\(name) enter \(label)") }
        if old.contains(bit) && !new.contains(bit) && (bit != .preload || rangeManaged) {
            events.append("\(name) exit \(label)")
        }
    }
    return events + ["\(name) changed from \(old) to \(new)"]
}

@MainActor
@Suite struct InterfaceStateTests {
    @Test func enteringEverythingAndLeavingEverythingFollowTexturesOrder() throws {
        let log = EventLog()
        let node = RecordingNode("n", log: log)
        node.setRangeManaged(true)
        try node.recursivelySetInterfaceState(.all)
        #expect(log.take() == [
            "n enter preload", "n enter display", "n enter visible", "n changed from [] to [preload, display, visible]",
        ])
        try node.recursivelySetInterfaceState([])
        #expect(log.take() == [
            "n exit preload", "n exit display", "n exit visible", "n changed from [preload, display, visible] to []",
        ])
        #expect(node.interfaceState == [])
    }

    @Test func preloadExitFiresOnlyForRangeManagedNodes() throws {
        let log = EventLog()
        let node = RecordingNode("n", log: log)
        try node.recursivelySetInterfaceState([.preload, .display])
        log.events = []
        try node.recursivelySetInterfaceState([])
        #expect(log.take() == ["n exit display", "n changed from [preload, display] to []"])
    }

    /// Every change between the six valid states, for nodes that are range-managed
    /// and nodes that are not.
    @Test(arguments: [false, true])
    func everyTransitionCallsItsHooksInOrder(rangeManaged: Bool) throws {
        let log = EventLog()
        for old in validInterfaceStates {
            for new in validInterfaceStates {
                let node = RecordingNode("n", log: log)
                node.setRangeManaged(rangeManaged)
                try node.recursivelySetInterfaceState(old)
                log.events = []
                try node.recursivelySetInterfaceState(new)
                #expect(log.take() == expectedEvents("n", from: old, to: new, rangeManaged: rangeManaged),
                        "from \(old) to \(new)")
                #expect(node.interfaceState == new)
                #expect(node.isInPreloadState == new.contains(.preload))
                #expect(node.isInDisplayState == new.contains(.display))
                #expect(node.isVisible == new.contains(.visible))
            }
        }
    }

    @Test func visibleWithoutDisplayIsRefusedAndChangesNothing() throws {
        let log = EventLog()
        let root = try makeRecordingTree(width: 2, log: log)
        try root.recursivelySetInterfaceState([.preload])
        log.events = []
        for invalid: InterfaceState in [[.visible], [.preload, .visible], InterfaceState(rawValue: 1 << 5)] {
            #expect(throws: NodeError.visibleWithoutDisplay(requested: invalid, node: "RecordingNode 'root'")) {
                try root.recursivelySetInterfaceState(invalid)
            }
        }
        #expect(log.events.isEmpty)
        #expect(root.subnodes.allSatisfy { $0.interfaceState == [.preload] })
        #expect("\(NodeError.visibleWithoutDisplay(requested: [.visible], node: "CardNode"))"
            == "interface state [visible] for CardNode is not valid: visible requires display")
        #expect("\(InterfaceState(rawValue: 0b10_0001))" == "[preload, 0x20]")
    }

    @Test func statesPropagateToTheWholeSubtreeInPreOrder() throws {
        let log = EventLog()
        let root = try makeRecordingTree(width: 2, log: log)
        try root.recursivelySetInterfaceState([.preload])
        #expect(log.take() == ["root", "c0", "c0.0", "c0.1", "c1", "c1.0", "c1.1"].flatMap {
            ["\($0) enter preload", "\($0) changed from [] to [preload]"]
        })
        // A node already in the state gets no calls.
        let grandchild = root.subnodes[1].subnodes[0]
        try grandchild.recursivelySetInterfaceState([.preload, .display])
        log.events = []
        try root.recursivelySetInterfaceState([.preload, .display])
        #expect(!log.events.contains { $0.hasPrefix("c1.0 ") })
        #expect(log.events.filter { $0.hasSuffix("enter display") }.count == 6)
        root._checkInvariants()
    }

    @Test func subnodesThatAHookAddsAreVisitedToo() throws {
        final class GrowingNode: DisplayNode, @unchecked Sendable {
            override func didEnterPreloadState() {
                // The subnode is a detached leaf and this node is not range-managed:
                // adding it changes no state.
                try? addSubnode(DisplayNode())
            }
        }
        let root = DisplayNode()
        let grower = GrowingNode()
        try root.addSubnode(grower)
        try root.recursivelySetInterfaceState([.preload])
        #expect(grower.subnodes.count == 1)
        #expect(grower.subnodes[0].interfaceState == [.preload])
    }

    @Test func aNodeAddedUnderARangeManagedNodeAdoptsItsState() throws {
        let log = EventLog()
        let cell = CellNode()
        #expect(cell.isRangeManaged)
        try cell.recursivelySetInterfaceState([.preload, .display])
        let child = RecordingNode("child", log: log)
        try child.addSubnode(RecordingNode("grandchild", log: log))
        try cell.addSubnode(child)
        #expect(log.take() == [
            "child enter preload", "child enter display", "child changed from [] to [preload, display]",
            "grandchild enter preload", "grandchild enter display", "grandchild changed from [] to [preload, display]",
        ])
        #expect(child.isRangeManaged && child.subnodes[0].isRangeManaged)
        // A leaf takes the unlocked path and adopts the state too.
        let leaf = RecordingNode("leaf", log: log)
        try cell.insertSubnode(leaf, at: 0)
        #expect(leaf.interfaceState == [.preload, .display] && leaf.isRangeManaged)
        cell._checkInvariants()
    }

    @Test func aNodeAddedUnderANodeThatIsNotRangeManagedKeepsItsState() throws {
        let log = EventLog()
        let parent = DisplayNode()
        try parent.recursivelySetInterfaceState(.all)
        let child = RecordingNode("child", log: log)
        try child.recursivelySetInterfaceState([.preload])
        log.events = []
        try parent.addSubnode(child)
        #expect(log.events.isEmpty)
        #expect(child.interfaceState == [.preload] && !child.isRangeManaged)
    }

    @Test func aNodeRemovedFromARangeManagedParentKeepsItsStates() throws {
        let log = EventLog()
        let cell = CellNode()
        let child = RecordingNode("child", log: log)
        try cell.addSubnode(child)
        try cell.recursivelySetInterfaceState(.all)
        log.events = []
        try child.removeFromSupernode()
        // Texture does not clear the state of a node leaving range management.
        #expect(log.take().isEmpty)
        #expect(child.interfaceState == .all && !child.isRangeManaged)
        child._checkInvariants()
    }

    @Test func aNodeRemovedFromAnUnmanagedParentLeavesEveryState() throws {
        let log = EventLog()
        let parent = DisplayNode()
        let child = RecordingNode("child", log: log)
        try parent.addSubnode(child)
        try child.recursivelySetInterfaceState([.preload, .display])
        log.events = []
        try child.removeFromSupernode()
        #expect(log.take() == ["child exit display", "child changed from [preload, display] to []"])
        child._checkInvariants()
    }

    @Test func movingBetweenRangeManagedNodesAddsTheNewParentsState() throws {
        let log = EventLog()
        let from = CellNode()
        let to = CellNode()
        let child = RecordingNode("child", log: log)
        try child.addSubnode(DisplayNode())
        try from.addSubnode(child)
        try from.recursivelySetInterfaceState([.preload])
        try to.recursivelySetInterfaceState(.all)
        log.events = []
        try to.addSubnode(child)
        #expect(log.take() == [
            "child enter display", "child enter visible", "child changed from [preload] to [preload, display, visible]",
        ])
        #expect(from.subnodes.isEmpty && child.supernode === to)
        to._checkInvariants()
    }

    @Test func offMainEditsOfTreesInNoStateAreAllowed() throws {
        let cell = CellNode()
        let child = DisplayNode()
        try offMain { try cell.addSubnode(child) }
        try offMain { try cell.insertSubnode(DisplayNode(), at: 0) }
        try offMain { try child.removeFromSupernode() }
        #expect(cell.subnodes.count == 1)
        cell._checkInvariants()
    }

    @Test func offMainEditsThatWouldChangeAStateAreRefused() throws {
        let cell = CellNode()
        cell.debugName = "cell"
        try cell.recursivelySetInterfaceState([.preload])
        let leaf = DisplayNode()
        leaf.debugName = "leaf"
        #expect(throws: NodeError.requiresMainActor(
            operation: "adding DisplayNode 'leaf' to CellNode 'cell'", node: "DisplayNode 'leaf'", from: [], to: [.preload])
        ) {
            try offMain { try cell.addSubnode(leaf) }
        }
        let branch = DisplayNode()
        branch.debugName = "branch"
        try branch.addSubnode(leaf)
        #expect(throws: NodeError.requiresMainActor(
            operation: "adding DisplayNode 'branch' to CellNode 'cell'", node: "DisplayNode 'branch'", from: [], to: [.preload])
        ) {
            try offMain { try cell.addSubnode(branch) }
        }
        #expect(cell.subnodes.isEmpty && branch.supernode == nil && branch.interfaceState == [])

        try cell.addSubnode(branch)
        #expect(leaf.interfaceState == [.preload])
        // Leaving a range-managed parent changes no state, so any thread may do it.
        try offMain { try leaf.removeFromSupernode() }
        #expect(leaf.supernode == nil && leaf.interfaceState == [.preload])
        let unmanaged = DisplayNode()
        unmanaged.debugName = "unmanaged"
        try unmanaged.addSubnode(leaf)
        #expect(throws: NodeError.requiresMainActor(
            operation: "removing DisplayNode 'leaf' from DisplayNode 'unmanaged'", node: "DisplayNode 'leaf'",
            from: [.preload], to: [])
        ) {
            try offMain { try leaf.removeFromSupernode() }
        }
        #expect(leaf.supernode === unmanaged && leaf.interfaceState == [.preload])
        #expect("\(NodeError.requiresMainActor(operation: "removing A from B", node: "A", from: [.preload], to: []))"
            == "removing A from B would change the interface state of A from [preload] to []; interface states change only on the main actor, so call it from code isolated to the main actor")
        cell._checkInvariants()
    }

    @Test func rangeManagementIsInheritedAndWithdrawn() throws {
        let root = DisplayNode()
        let child = DisplayNode()
        let grandchild = DisplayNode()
        try child.addSubnode(grandchild)
        try root.addSubnode(child)
        #expect(!grandchild.isRangeManaged)
        root.setRangeManaged(true)
        #expect(root.isRangeManaged && child.isRangeManaged && grandchild.isRangeManaged)
        child.setRangeManaged(true)
        root.setRangeManaged(false)
        #expect(!root.isRangeManaged && child.isRangeManaged && grandchild.isRangeManaged)
        child.setRangeManaged(false)
        #expect(!grandchild.isRangeManaged)
        root._checkInvariants()
    }
}
